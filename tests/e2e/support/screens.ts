import type { Locator, Page } from 'playwright-core';

/** A device page of each demo tenant: the first page of a controller's first department. */
const DEVICE_PAGES: Record<string, string> = { demo: '/2D0001/1/0/pages/1', acme: '/3E0002/1/0/pages/1' };

/** The screens a signed-in user reaches (the favorite dashboard is home), each with what shows it is there. */
export const signedInRoutes = (
  tenant = 'demo',
): { name: string; path: string; shown: (page: Page) => Locator }[] => [
  { name: 'favorite dashboard', path: '/', shown: (page) => page.getByRole('article').first() },
  {
    name: 'device page',
    path: DEVICE_PAGES[tenant]!,
    shown: (page) => page.getByRole('list', { name: 'Lines' }),
  },
  {
    name: 'stores',
    path: '/stores',
    shown: (page) => page.getByRole('list', { name: 'Stores, worst first' }),
  },
  {
    name: 'food-safety reports',
    path: '/reports',
    shown: (page) => page.getByRole('region', { name: 'Food-safety reports' }),
  },
  {
    name: 'user guide',
    path: '/help',
    shown: (page) => page.getByRole('heading', { name: 'Coldwatch user guide', level: 1 }),
  },
  {
    name: 'unknown page',
    path: '/no/such/page',
    shown: (page) => page.getByRole('heading', { name: 'The page you were looking for does not exist' }),
  },
];
