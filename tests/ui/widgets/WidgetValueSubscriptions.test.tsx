import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { dashboardEditorMachine } from '../../../src/machines/dashboardEditor/dashboardEditorMachine';
import type { OpenedDashboard } from '../../../src/services/contracts';
import LineRenderer from '../../../src/ui/widgets/line/Renderer';
import { editedDashboard, freezerTopic } from '../../support/dashboardEditorFixtures';

/** The fixture dashboard's editor, loaded. */
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

describe('a live widget', () => {
  it('follows the dashboard once per value it shows, and shows each pushed value with its unit', async () => {
    const actor = await openedEditor();
    const subscribe = vi.spyOn(actor, 'subscribe');
    const widget = editedDashboard.widgets[0]!;
    render(<LineRenderer actor={actor} widget={widget} />);
    await screen.findByText('Cabinet temperature');

    // Every push runs each follower's selector: one per element, not one for the value and one for its unit.
    expect(subscribe).toHaveBeenCalledTimes(widget.elements.length);

    act(() => {
      actor.send({
        type: 'page.valuesPushed',
        topic: freezerTopic,
        lines: [{ number: 1, status: 'OK', value: '-18.5', unit: '°C' }],
      });
    });
    expect(screen.getByText('Cabinet temperature').nextElementSibling?.textContent).toBe('-18.5 °C');
    actor.stop();
  });
});
