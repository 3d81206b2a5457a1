import '../support/fakes/resizeObserver';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { Dashboard } from '#contracts';
import { editedDashboard } from '../support/fixtures/dashboardEditorFixtures';
import { dashboardsList } from '../support/fixtures/dashboardFixtures';
import { dashboardHandlers } from '../support/servers/dashboardHandlers';
import { operatorSession } from '../support/fixtures/fixtures';
import { renderApp, storeSession } from '../support/dom/renderApp';
import { server } from './setup';

const jsdomWidth = Object.getOwnPropertyDescriptor(window, 'innerWidth');
afterEach(() => {
  if (jsdomWidth) Object.defineProperty(window, 'innerWidth', jsdomWidth);
  else Reflect.deleteProperty(window, 'innerWidth');
});

/**
 * The Overview dashboard (Freezer line and Chiller line side by side) on a window `width` wide; `saveLayout` saves
 * it and gives each widget's name and grid cell (x, y, w, h) as the server received them.
 */
async function openDashboard(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  server.use(...dashboardHandlers(dashboardsList).handlers);
  const saves: Dashboard[] = [];
  server.use(
    http.get('*/api/v2/dashboards/d-overview', () => HttpResponse.json(editedDashboard)),
    http.put('*/api/v2/dashboards/', async ({ request }) => {
      const body = (await request.json()) as Dashboard;
      saves.push(body);
      return HttpResponse.json({ ...body, version: body.version + 1 });
    }),
  );
  storeSession(operatorSession);
  renderApp('/dashboard/d-overview');
  await screen.findByRole('button', { name: 'Edit dashboard' });
  const user = userEvent.setup();
  const saveLayout = async () => {
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    return saves[0]!.widgets.map(({ name, position: { x, y, w, h } }) => [name, x, y, w, h]);
  };
  return { user, saveLayout };
}

const handle = (name: string) => screen.getByRole('button', { name: `Move or resize ${name}` });
/** What the grid's polite live region says. */
const announced = () => document.querySelector('[aria-live="polite"]')?.textContent;

describe('arranging widgets with the keyboard', () => {
  it('moves and resizes a widget by one cell per arrow key, says where it is, and saves that layout', async () => {
    const { user, saveLayout } = await openDashboard(1400);
    await user.click(screen.getByRole('button', { name: 'Edit dashboard' }));
    const freezer = handle('Freezer line');
    expect(freezer.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(freezer.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Arrow keys move the widget by one cell. Shift with an arrow key makes it one cell wider, narrower, taller or shorter.',
    );
    freezer.focus();

    // Nothing is below the Freezer line: it stays on top, as the grid keeps widgets up.
    await user.keyboard('{ArrowDown}');
    expect(announced()).toBe('Freezer line cannot go further: column 1, row 1, 3 columns wide, 4 rows high');

    // One column right: the Chiller line it now overlaps goes below it.
    await user.keyboard('{ArrowRight}');
    expect(announced()).toBe('Freezer line: column 2, row 1, 3 columns wide, 4 rows high');
    expect(freezer).toBe(document.activeElement);

    await user.keyboard('{Shift>}{ArrowDown}{ArrowLeft}{ArrowLeft}{/Shift}');
    expect(announced()).toBe('Freezer line cannot go further: column 2, row 1, 2 columns wide, 5 rows high');
    expect(freezer).toBe(document.activeElement);

    // The Chiller line, back up beside the narrower Freezer line, moves left over it: the Freezer line goes below.
    const chiller = handle('Chiller line');
    chiller.focus();
    await user.keyboard('{ArrowLeft}');
    expect(announced()).toBe('Chiller line: column 3, row 1, 3 columns wide, 4 rows high');
    // Down goes past the widget below at once (one row down the grid would pull it straight back up).
    await user.keyboard('{ArrowDown}');
    expect(announced()).toBe('Chiller line: column 3, row 6, 3 columns wide, 4 rows high');
    expect(chiller).toBe(document.activeElement);

    expect(await saveLayout()).toEqual([
      ['Freezer line', 1, 0, 2, 5],
      ['Chiller line', 2, 5, 3, 4],
    ]);
  }, 30_000);

  it('offers the handles in edit mode only', async () => {
    const { user } = await openDashboard(1400);
    expect(screen.queryByRole('button', { name: /^Move or resize/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit dashboard' }));
    expect(handle('Freezer line')).toBeTruthy();
    expect(handle('Chiller line')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await screen.findByRole('button', { name: 'Edit dashboard' });
    expect(screen.queryByRole('button', { name: /^Move or resize/ })).toBeNull();
  }, 30_000);

  it('on a 6-column window moves a widget along the reading order and resizes it by shown columns', async () => {
    const { user, saveLayout } = await openDashboard(1024);
    await user.click(screen.getByRole('button', { name: 'Edit dashboard' }));
    const chiller = handle('Chiller line');
    expect(document.getElementById(chiller.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Arrow keys move the widget before or after its neighbour in reading order. Shift with an arrow key makes it one column wider or narrower, or one row taller or shorter.',
    );
    chiller.focus();
    // Reflowed, the Chiller line is the last of the row and reaches the edge; left, it goes before the Freezer line.
    await user.keyboard('{ArrowLeft}');
    expect(announced()).toBe('Chiller line: column 1, row 1, 2 columns wide, 4 rows high');
    await user.keyboard('{ArrowUp}');
    expect(announced()).toBe('Chiller line cannot go further: column 1, row 1, 2 columns wide, 4 rows high');
    await user.keyboard('{Shift>}{ArrowRight}{ArrowDown}{/Shift}');
    expect(announced()).toBe('Chiller line: column 1, row 1, 3 columns wide, 5 rows high');
    expect(chiller).toBe(document.activeElement);

    // Stored for 12 columns: one shown column is two stored ones, and the order is the desktop's too.
    expect(await saveLayout()).toEqual([
      ['Freezer line', 3, 5, 3, 4],
      ['Chiller line', 0, 0, 5, 5],
    ]);
  }, 30_000);

  it('on a phone moves a widget below the next one and refuses to widen a full-width widget', async () => {
    const { user } = await openDashboard(390);
    await user.click(screen.getByRole('button', { name: 'Edit dashboard' }));
    const freezer = handle('Freezer line');
    freezer.focus();
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(announced()).toBe('Freezer line cannot go further: column 1, row 1, 2 columns wide, 4 rows high');
    await user.keyboard('{ArrowDown}');
    expect(announced()).toBe('Freezer line: column 1, row 5, 2 columns wide, 4 rows high');
    await user.keyboard('{ArrowDown}');
    expect(announced()).toBe('Freezer line cannot go further: column 1, row 5, 2 columns wide, 4 rows high');
  }, 30_000);
});
