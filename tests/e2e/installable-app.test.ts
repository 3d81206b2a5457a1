import type { BrowserContext, Page, Worker } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInAs, tenantUrl } from './support/browser';
import { useBrowserPage } from './support/session';

const DEVICE_PAGE = '/2D0001/1/0/pages/1';

/** Signs in and waits until the built app's service worker is active and controls the page. */
async function signedInWithWorker(page: Page): Promise<string> {
  await signInAs(page, 'admin', 'Admin123');
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
    return registration.active?.scriptURL ?? '';
  });
}

function workerOf(context: BrowserContext): Promise<Worker> {
  const [running] = context.serviceWorkers();
  return running ? Promise.resolve(running) : context.waitForEvent('serviceworker');
}

/** Delivers a push to the page's worker as a push service would, through the DevTools protocol. */
async function deliverPush(page: Page, payload: unknown): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const origin = new URL(page.url()).origin;
  const registered = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registered;
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId,
    data: JSON.stringify(payload),
  });
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      data: n.data,
    }));
  });

describe('the installable app', () => {
  const page = useBrowserPage();

  it('registers its service worker and links the manifest and favicon of the tenant', async () => {
    expect(await signedInWithWorker(page())).toBe(tenantUrl('demo', '/sw.js'));
    const manifest = await page().evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      return link ? (await fetch(link.href)).json() : null;
    });
    expect(manifest).toMatchObject({ name: 'Coldwatch Demo', display: 'standalone' });
    expect(await page().locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg');
  });

  it('says there is no internet connection while offline, and stops saying it once back', async () => {
    await signedInWithWorker(page());
    const banner = page().getByRole('alert').filter({ hasText: 'There is no internet connection' });
    await page().context().setOffline(true);
    await banner.waitFor();
    await page().context().setOffline(false);
    await banner.waitFor({ state: 'detached' });
  });

  it('opens from its own cache while offline', async () => {
    await signedInWithWorker(page());
    await page().context().setOffline(true);
    await page().reload();
    await page().getByRole('alert').filter({ hasText: 'There is no internet connection' }).waitFor();
    await page().context().setOffline(false);
  });

  it('shows a pushed alarm as a notification whose click opens the page of the department', async () => {
    await signedInWithWorker(page());
    await page()
      .context()
      .grantPermissions(['notifications'], { origin: tenantUrl('demo', '/').slice(0, -1) });
    await deliverPush(page(), {
      title: 'High temperature',
      body: 'Dairy case',
      tag: 'alarm-e2e',
      data: { route: DEVICE_PAGE, hexacode: '2D0001', department: 1, subDepartment: 0, page: 1 },
    });
    // The suite's patience (expect.poll's 20 s), not a tighter margin: at load average 14 the worker took over 10 s.
    await expect
      .poll(() => shownNotifications(page()))
      .toEqual([
        {
          title: 'High temperature',
          body: 'Dairy case',
          data: expect.objectContaining({ route: DEVICE_PAGE }),
        },
      ]);

    // No protocol command clicks a notification: the worker's own click listener runs on a constructed event.
    const worker = await workerOf(page().context());
    await worker.evaluate(async () => {
      const scope = self as unknown as {
        registration: { getNotifications(): Promise<Notification[]> };
        dispatchEvent(event: Event): boolean;
      };
      const [notification] = await scope.registration.getNotifications();
      const NotificationEvent = (globalThis as unknown as Record<string, new (t: string, i: object) => Event>)
        .NotificationEvent!;
      scope.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
    });
    await page().waitForURL((url) => url.pathname === DEVICE_PAGE);
    await expect.poll(() => shownNotifications(page())).toEqual([]);
  });
});
