import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import {
  selectElementValue,
  selectIsDirty,
  selectIsEditing,
} from '../../src/machines/dashboardEditor/dashboardEditor.selectors';
import { elementKey, layoutMoved } from '../../src/machines/dashboardEditor/dashboardEditor.setup';
import { dashboardEditorMachine } from '../../src/machines/dashboardEditor/dashboardEditorMachine';
import { DashboardConflictError } from '../../src/services/api';
import type { Dashboard, DashboardUpdateInput, OpenedDashboard } from '#contracts';
import {
  editedDashboard,
  freezerTopic,
  layoutOf,
  editingOverview,
} from '../support/fixtures/dashboardEditorFixtures';

function start(
  save: (input: DashboardUpdateInput) => Promise<Dashboard> = async (input) =>
    ({
      ...editedDashboard,
      ...input,
      version: input.version + 1,
    }) as Dashboard,
) {
  const load = vi.fn(async (): Promise<OpenedDashboard> => editedDashboard);
  const saveFn = vi.fn(save);
  const notify = vi.fn();
  const actor = createActor(
    dashboardEditorMachine.provide({
      actors: {
        loadDashboard: fromPromise(load),
        saveDashboard: fromPromise(({ input }: { input: DashboardUpdateInput }) => saveFn(input)),
      },
      actions: { notify: (_, params) => notify(params) },
    }),
  ).start();
  return { actor, load, save: saveFn, notify };
}

const editing = (s = start()) => editingOverview(s);

describe('dashboard editor machine', () => {
  it('loads the dashboard of the route and ignores the same route again', async () => {
    const { actor, load } = await editing();
    actor.send({ type: 'dashboard.open', id: 'd-overview' });
    expect(load).toHaveBeenCalledTimes(1);
    expect(selectIsEditing(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'dashboard.close' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.draft).toBeNull();
  });

  it('becomes dirty only when a widget moves or resizes', async () => {
    const { actor } = await editing();
    actor.send({ type: 'dashboard.layoutChanged', layout: layoutOf(editedDashboard) });
    expect(selectIsDirty(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'dashboard.layoutChanged', layout: layoutOf(editedDashboard, { 'w-2': { h: 6 } }) });
    expect(selectIsDirty(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.draft?.widgets[1]?.position.h).toBe(6);
    expect(actor.getSnapshot().context.stored?.widgets[1]?.position.h).toBe(4);
  });

  it('ignores layout changes while viewing', async () => {
    const s = start();
    s.actor.send({ type: 'dashboard.open', id: 'd-overview' });
    await waitFor(s.actor, (snap) => snap.matches({ loaded: 'viewing' }));
    s.actor.send({ type: 'dashboard.layoutChanged', layout: layoutOf(editedDashboard, { 'w-1': { x: 6 } }) });
    expect(selectIsDirty(s.actor.getSnapshot())).toBe(false);
  });

  it('leaves edit mode at once without changes, asks with them; discard restores the stored copy', async () => {
    const { actor } = await editing();
    actor.send({ type: 'dashboard.leaveEdit' });
    expect(actor.getSnapshot().matches({ loaded: 'viewing' })).toBe(true);
    actor.send({ type: 'dashboard.edit' });
    actor.send({ type: 'dashboard.removeWidget', id: 'w-1' });
    actor.send({ type: 'dashboard.leaveEdit' });
    expect(actor.getSnapshot().matches({ loaded: 'confirmingLeave' })).toBe(true);
    actor.send({ type: 'dashboard.stayEditing' });
    expect(actor.getSnapshot().matches({ loaded: 'editing' })).toBe(true);
    actor.send({ type: 'dashboard.leaveEdit' });
    actor.send({ type: 'dashboard.discard' });
    expect(actor.getSnapshot().matches({ loaded: 'viewing' })).toBe(true);
    expect(actor.getSnapshot().context.draft?.widgets).toHaveLength(2);
  });

  it('saves with the loaded version and notifies', async () => {
    const s = await editing();
    s.actor.send({ type: 'dashboard.layoutChanged', layout: layoutOf(editedDashboard, { 'w-1': { y: 4 } }) });
    s.actor.send({ type: 'dashboard.save' });
    await waitFor(s.actor, (snap) => snap.matches({ loaded: 'editing' }));
    expect(s.save).toHaveBeenCalledWith(expect.objectContaining({ id: 'd-overview', version: 3 }));
    expect(s.actor.getSnapshot().context.stored?.version).toBe(4);
    expect(selectIsDirty(s.actor.getSnapshot())).toBe(false);
    expect(s.notify).toHaveBeenCalledWith({ kind: 'success', id: 'dashboardEditor.saved' });
  });

  it('saves on leaving when asked, then views', async () => {
    const s = await editing();
    s.actor.send({ type: 'dashboard.removeWidget', id: 'w-2' });
    s.actor.send({ type: 'dashboard.leaveEdit' });
    s.actor.send({ type: 'dashboard.confirmSave' });
    await waitFor(s.actor, (snap) => snap.matches({ loaded: 'viewing' }));
    expect(s.actor.getSnapshot().context.stored?.widgets).toHaveLength(1);
  });

  it('on a version conflict asks first, and reloads the stored copy when told to', async () => {
    const s = await editing(start(() => Promise.reject(new DashboardConflictError(5))));
    s.actor.send({ type: 'dashboard.removeWidget', id: 'w-2' });
    s.actor.send({ type: 'dashboard.save' });
    await waitFor(s.actor, (snap) => snap.matches({ loaded: 'resolvingConflict' }));
    expect(s.load).toHaveBeenCalledTimes(1);
    s.actor.send({ type: 'dashboard.reloadStored' });
    await waitFor(s.actor, (snap) => snap.matches({ loaded: 'viewing' }));
    expect(s.load).toHaveBeenCalledTimes(2);
    expect(s.actor.getSnapshot().context.draft?.widgets).toHaveLength(2);
  });

  it('keeps editing after a failed save', async () => {
    const s = await editing(start(() => Promise.reject(new Error('network'))));
    s.actor.send({ type: 'dashboard.removeWidget', id: 'w-2' });
    s.actor.send({ type: 'dashboard.save' });
    await waitFor(s.actor, (snap) => snap.matches({ loaded: 'editing' }));
    expect(s.notify).toHaveBeenCalledWith({ kind: 'error', id: 'dashboardEditor.saveFailed' });
    expect(selectIsDirty(s.actor.getSnapshot())).toBe(true);
  });

  it('toggles a widget fullscreen', async () => {
    const { actor } = await editing();
    actor.send({ type: 'dashboard.toggleFullscreen', id: 'w-1' });
    expect(actor.getSnapshot().context.fullscreenId).toBe('w-1');
    actor.send({ type: 'dashboard.toggleFullscreen', id: 'w-1' });
    expect(actor.getSnapshot().context.fullscreenId).toBeNull();
  });

  it('compares x, y, w and h of known widgets only', () => {
    expect(layoutMoved(editedDashboard, [{ i: 'w-9', x: 5, y: 5, w: 2, h: 3 }])).toBe(false);
    expect(layoutMoved(editedDashboard, layoutOf(editedDashboard, { 'w-1': { w: 4 } }))).toBe(true);
  });

  it('subscribes to the page topics of its elements once, keeps pushed values, and unsubscribes on close', async () => {
    const received: AnyEventObject[] = [];
    const socketLogic = createMachine({
      on: { '*': { actions: ({ event }) => received.push(event) } },
    });
    const host = createActor(
      createMachine({
        invoke: [
          { id: 'socket', src: socketLogic, systemId: 'socket' },
          {
            id: 'editor',
            src: dashboardEditorMachine.provide({
              actors: { loadDashboard: fromPromise(async (): Promise<OpenedDashboard> => editedDashboard) },
              actions: { notify: () => {} },
            }),
            systemId: 'dashboardEditorUnderTest',
          },
        ],
      }),
    ).start();
    const actor = host.system.get('dashboardEditorUnderTest') as ReturnType<typeof start>['actor'];
    actor.send({ type: 'dashboard.open', id: 'd-overview' });
    await waitFor(actor, (snap) => snap.matches('loaded'));
    const subscribes = received.filter((event) => event.type === 'socket.subscribe');
    expect(subscribes).toHaveLength(1);
    expect(subscribes[0]).toMatchObject({ topic: freezerTopic });

    const first = elementKey(editedDashboard.widgets[0]!.elements[0]!);
    const second = elementKey(editedDashboard.widgets[0]!.elements[1]!);
    expect(selectElementValue(first)(actor.getSnapshot())).toBe('');
    actor.send({
      type: 'page.valuesPushed',
      topic: { ...freezerTopic, hexacode: '00a1' },
      lines: [
        { number: 1, status: 'OK', value: '-18.5', unit: '°C', state: null },
        { number: 2, status: 'NO_DATA', value: null, unit: null, state: null },
      ],
    });
    expect(selectElementValue(first)(actor.getSnapshot())).toBe('-18.5 °C');
    expect(selectElementValue(second)(actor.getSnapshot())).toBe('lineStatus.NO_DATA');
    // Another page's values are not kept.
    actor.send({
      type: 'page.valuesPushed',
      topic: { ...freezerTopic, page: 2 },
      lines: [{ number: 1, status: 'OK', value: '4', unit: '°C', state: null }],
    });
    expect(Object.keys(actor.getSnapshot().context.values)).toHaveLength(2);

    actor.send({ type: 'dashboard.close' });
    expect(received.filter((event) => event.type === 'socket.unsubscribe')).toEqual([
      expect.objectContaining({ topic: freezerTopic }),
    ]);
    expect(selectElementValue(first)(actor.getSnapshot())).toBe('');
    host.stop();
  });

  it('runs without a socket actor', async () => {
    const { actor } = await editing();
    actor.send({
      type: 'page.valuesPushed',
      topic: freezerTopic,
      lines: [{ number: 3, status: 'OK', value: '2', unit: null, state: null }],
    });
    const key = elementKey(editedDashboard.widgets[1]!.elements[0]!);
    expect(selectElementValue(key)(actor.getSnapshot())).toBe('2');
  });
});
