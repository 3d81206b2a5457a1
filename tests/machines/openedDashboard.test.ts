import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { dashboardEditorMachine } from '../../src/machines/dashboardEditor/dashboardEditorMachine';
import { updateOf } from '../../src/machines/dashboardEditor/updateOf';
import { OpenedDashboard, type DashboardWidget } from '#contracts';
import { editedDashboard } from '../support/fixtures/dashboardEditorFixtures';

const badIcon = {
  id: 'w-bad',
  type: 'PICTOGRAPH',
  name: 'Door',
  position: { i: 'w-bad', x: 6, y: 0, w: 3, h: 4 },
  elements: [{ id: 'e-door', icon: 'constructor' }],
};
const opened = (widgets: unknown[]) => v.parse(OpenedDashboard, { ...editedDashboard, widgets });

describe('opening a dashboard whose stored widgets a newer rule refuses', () => {
  it('keeps the valid widgets as parsed and the refused one with its failed field', () => {
    const dashboard = opened([...editedDashboard.widgets, badIcon]);
    expect(dashboard.widgets.slice(0, 2)).toEqual(editedDashboard.widgets);
    expect(dashboard.widgets[2]).toEqual({
      type: 'INVALID',
      id: 'w-bad',
      name: 'Door',
      position: badIcon.position,
      issue: { field: 'elements.0.icon', message: 'Unknown pictograph icon' },
      stored: badIcon,
    });
  });

  it('gives a widget without a usable id, name or position ones the grid can place', () => {
    const [unknownType, notAnObject] = opened([{ type: 'GAUGE', position: 'top' }, 'widget']).widgets;
    expect(unknownType).toMatchObject({
      id: 'invalid-widget-0',
      name: 'invalid-widget-0',
      position: { i: 'invalid-widget-0', x: 0, y: 0, w: 3, h: 4 },
      issue: { field: 'type', message: 'select a widget type' },
    });
    expect(notAnObject).toMatchObject({ id: 'invalid-widget-1', issue: { field: '' } });
  });

  it('saves the refused widget back exactly as stored, so the server names it instead of it vanishing', () => {
    const body = updateOf(opened([editedDashboard.widgets[0], badIcon]));
    expect(body.widgets).toEqual([editedDashboard.widgets[0], badIcon]);
  });

  it('never opens it in the widget details dialog; deleting it is an unsaved change', async () => {
    const actor = createActor(
      dashboardEditorMachine.provide({
        actors: { loadDashboard: fromPromise(async () => opened([...editedDashboard.widgets, badIcon])) },
        actions: { notify: () => {} },
      }),
    ).start();
    actor.send({ type: 'dashboard.open', id: editedDashboard.id });
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'dashboard.edit' });
    actor.send({ type: 'dashboard.editWidget', id: 'w-bad' });
    expect(actor.getSnapshot().matches({ loaded: 'editing' })).toBe(true);
    actor.send({ type: 'dashboard.removeWidget', id: 'w-bad' });
    const widgets: DashboardWidget[] = actor.getSnapshot().context.draft!.widgets;
    expect(widgets.map((w) => w.id)).toEqual(['w-1', 'w-2']);
    expect(actor.getSnapshot().context.dirty).toBe(true);
    actor.stop();
  });
});
