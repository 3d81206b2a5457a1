import '../support/fakes/resizeObserver';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { dashboardEditorMachine } from '../../src/machines/dashboardEditor/dashboardEditorMachine';
import type { OpenedDashboard } from '#contracts';
import { DashboardGrid } from '../../src/ui/dashboards/DashboardGrid';
import { I18nProvider } from '../../src/ui/i18n';
import LineRenderer from '../../src/ui/widgets/line/Renderer';
import { editedDashboard, freezerTopic } from '../support/fixtures/dashboardEditorFixtures';

/** The editor of the fixture dashboard, loaded. */
async function openedEditor() {
  const actor = createActor(
    dashboardEditorMachine.provide({
      actors: { loadDashboard: fromPromise(async (): Promise<OpenedDashboard> => editedDashboard) },
      actions: { notify: () => {} },
    }),
  ).start();
  actor.send({ type: 'dashboard.open', id: 'd-overview' });
  await waitFor(actor, (snap) => snap.matches('loaded'));
  return actor;
}

describe('LINE widget', () => {
  it('shows each element with its live value or status text', async () => {
    const actor = await openedEditor();
    render(<DashboardGrid actor={actor} />);

    // Custom name, else 'hexacode line N'; a dash until a value arrives.
    const label = await screen.findByText('Cabinet temperature');
    expect(screen.getByText('00A1 line 2')).toBeTruthy();
    expect(label.nextElementSibling?.textContent).toBe('—');

    act(() => {
      actor.send({
        type: 'page.valuesPushed',
        topic: freezerTopic,
        lines: [
          { number: 1, status: 'OK', value: '-18.5', unit: '°C', state: null },
          { number: 2, status: 'DEVICE_CAN_RECEIVED', value: null, unit: null, state: null },
        ],
      });
    });
    expect(screen.getByText('Cabinet temperature').nextElementSibling?.textContent).toBe('-18.5 °C');
    expect(screen.getByText('00A1 line 2').nextElementSibling?.textContent).toBe(
      'Device offline or data unavailable',
    );
    actor.stop();
  });

  it('follows the dashboard once per value it shows (not once for the value and once for its unit)', async () => {
    const actor = await openedEditor();
    const subscribe = vi.spyOn(actor, 'subscribe');
    const widget = editedDashboard.widgets[0]!;
    render(<LineRenderer actor={actor} widget={widget} />);
    await screen.findByText('Cabinet temperature');
    // Every push runs each follower's selector.
    expect(subscribe).toHaveBeenCalledTimes(widget.elements.length);

    act(() => {
      actor.send({
        type: 'page.valuesPushed',
        topic: freezerTopic,
        lines: [{ number: 1, status: 'OK', value: '-18.5', unit: '°C', state: null }],
      });
    });
    expect(screen.getByText('Cabinet temperature').nextElementSibling?.textContent).toBe('-18.5 °C');
    actor.stop();
  });

  it('writes numbers as the interface language writes them, and states as the server names them', async () => {
    const actor = await openedEditor();
    render(
      <I18nProvider locale="de">
        <DashboardGrid actor={actor} />
      </I18nProvider>,
    );
    act(() => {
      actor.send({
        type: 'page.valuesPushed',
        topic: freezerTopic,
        lines: [
          { number: 1, status: 'OK', value: '-18.0', unit: '°C', state: null },
          { number: 2, status: 'OK', value: 'Offen', unit: '', state: 1 },
        ],
      });
    });
    const label = await screen.findByText('Cabinet temperature');
    // German: a decimal comma, the device's decimals kept.
    await vi.waitFor(() => expect(label.nextElementSibling?.textContent).toBe('-18,0 °C'));
    expect(screen.getByText('00A1 Datenpunkt 2').nextElementSibling?.textContent).toBe('Offen');
    actor.stop();
  });
});
