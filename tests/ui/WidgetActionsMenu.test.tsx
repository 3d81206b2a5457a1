import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { WidgetDownloadRequest } from '../../src/machines/dashboardEditor/widgetDownload';
import { DashboardGrid } from '../../src/ui/dashboards/DashboardGrid';
import { installFakeHeaderLayout } from '../support/fakes/fakeHeaderLayout';
import { historyHandler, startHistoryDashboard } from '../support/servers/historyHandlers';
import { coldRoom, dashboardWith, startDashboard, widgetOf } from '../support/fixtures/widgetFixtures';
import { server } from './setup';

const resizeTo = installFakeHeaderLayout();

const air = { id: 'air', ...coldRoom, lineNumber: 1, name: 'Air' };
const NAME = 'Cold room log';

async function start() {
  server.use(historyHandler().handler);
  const dashboard = startHistoryDashboard(
    dashboardWith(widgetOf('COLLAPSABLE_TABLE', [air], { name: NAME })),
  );
  const sent: string[] = [];
  dashboard.actor.system.inspect((inspection) => {
    if (inspection.type === '@xstate.event') sent.push(inspection.event.type);
  });
  render(<DashboardGrid actor={dashboard.actor} />);
  await screen.findByRole('table', { name: NAME });
  return { ...dashboard, sent };
}

const actionsMenu = () => screen.getByRole('button', { name: `Widget actions for ${NAME}` });
/** The header's buttons stand in a row, with no menu folding them. */
function expectUnfolded() {
  expect(screen.getByRole('button', { name: `Fullscreen ${NAME}` })).toBeTruthy();
  expect(screen.queryByRole('button', { name: `Widget actions for ${NAME}` })).toBeNull();
}
const openMenu = async () => {
  await userEvent.click(actionsMenu());
  return screen.findByRole('menu');
};
const itemNames = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent?.replace(/^\W\s*/u, ''));

describe('widget header actions on a narrow widget', () => {
  it('keeps its buttons in a row while they leave the title room, folds them when not, and unfolds again', async () => {
    const { actor } = await start();
    // Range, download, fullscreen: 104 px of 250 leaves the title 118 px.
    await resizeTo(250);
    expectUnfolded();
    expect(screen.getByRole('button', { name: `Download ${NAME}` })).toBeTruthy();
    await resizeTo(200);
    expect(actionsMenu()).toBeTruthy();
    expect(screen.queryByRole('button', { name: `Fullscreen ${NAME}` })).toBeNull();
    await resizeTo(250);
    expectUnfolded();
    actor.stop();
  });

  it('folds when edit mode adds its buttons, and unfolds when leaving it takes them away', async () => {
    const { actor } = await start();
    await resizeTo(250);
    act(() => actor.send({ type: 'dashboard.edit' }));
    // Five buttons now: 176 px leave the title 46.
    await resizeTo(250);
    expect(actionsMenu()).toBeTruthy();
    act(() => actor.send({ type: 'dashboard.leaveEdit' }));
    await resizeTo(250);
    expectUnfolded();
    actor.stop();
  });

  it('folds sooner on a touch screen, whose buttons are 44 px', async () => {
    const { actor } = await start();
    // Three buttons of 44 px take 140 px of 250 and leave the title 82.
    await resizeTo(250, 44);
    expect(actionsMenu()).toBeTruthy();
    actor.stop();
  });

  it('folds every action into one menu, named as the buttons were, and the title keeps its heading', async () => {
    const { actor } = await start();
    act(() => actor.send({ type: 'dashboard.edit' }));
    await resizeTo(200);
    expect(screen.getByRole('heading', { name: NAME })).toBeTruthy();
    expect(screen.queryByRole('button', { name: `Fullscreen ${NAME}` })).toBeNull();
    expect(screen.queryByRole('button', { name: `Delete widget ${NAME}` })).toBeNull();
    const menu = await openMenu();
    expect(within(menu).getByRole('group', { name: `Download ${NAME}` })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: `Delete widget ${NAME}` })).toBeTruthy();
    expect(itemNames(menu)).toEqual([
      `Range shown by ${NAME}: Last 24 hours`,
      'Download as CSV',
      'Download as JSON',
      `Fullscreen ${NAME}`,
      `Edit widget ${NAME}`,
      `Delete widget ${NAME}`,
    ]);
    actor.stop();
  });

  it("opens the range picker from the menu, and the range chosen shows in the item's name", async () => {
    const { actor } = await start();
    await resizeTo(200);
    await userEvent.click(
      within(await openMenu()).getByRole('menuitem', { name: `Range shown by ${NAME}: Last 24 hours` }),
    );
    const picker = await screen.findByRole('dialog', { name: `Range shown by ${NAME}: Last 24 hours` });
    await userEvent.click(within(picker).getByRole('radio', { name: 'Last 7 days' }));
    await userEvent.click(within(picker).getByRole('button', { name: 'Apply' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      within(await openMenu()).getByRole('menuitem', { name: `Range shown by ${NAME}: Last 7 days` }),
    ).toBeTruthy();
    actor.stop();
  });

  it('downloads and deletes from the menu', async () => {
    const downloads: WidgetDownloadRequest[] = [];
    const { actor } = await startDashboard(
      dashboardWith(widgetOf('TABLE', [air], { id: 'rooms', name: 'Rooms' })),
      downloads,
    );
    render(<DashboardGrid actor={actor} />);
    await screen.findByRole('table', { name: 'Rooms' });
    act(() => actor.send({ type: 'dashboard.edit' }));
    await resizeTo(200);
    const open = async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Widget actions for Rooms' }));
      return screen.findByRole('menu');
    };
    await userEvent.click(within(await open()).getByRole('menuitem', { name: 'Download as JSON' }));
    expect(downloads).toMatchObject([{ widgetId: 'rooms', exportType: 'JSON', name: 'Rooms' }]);
    expect(screen.queryByRole('menu')).toBeNull();
    await userEvent.click(within(await open()).getByRole('menuitem', { name: 'Delete widget Rooms' }));
    expect(screen.queryByRole('heading', { name: 'Rooms' })).toBeNull();
    actor.stop();
  });

  it('reaches the actions by keyboard: Enter opens the menu, arrows and End move, Enter acts', async () => {
    const { actor, sent } = await start();
    act(() => actor.send({ type: 'dashboard.edit' }));
    await resizeTo(200);
    actionsMenu().focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    // The last item is Delete; the one before it, Edit.
    await userEvent.keyboard('{End}{ArrowUp}');
    const active = document.getElementById(menu.getAttribute('aria-activedescendant') ?? '');
    expect(active?.textContent).toContain(`Edit widget ${NAME}`);
    await userEvent.keyboard('{Enter}');
    expect(sent).toContain('dashboard.editWidget');
    actor.stop();
  });

  it('goes fullscreen from the menu; the full screen is wide, so its buttons are back in a row', async () => {
    const { actor } = await start();
    await resizeTo(200);
    await userEvent.click(within(await openMenu()).getByRole('menuitem', { name: `Fullscreen ${NAME}` }));
    expect(await screen.findByRole('button', { name: `Fullscreen ${NAME}`, pressed: true })).toBeTruthy();
    actor.stop();
  });
});
