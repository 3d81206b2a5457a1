import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { notificationsMachine } from '../../src/machines/notifications/notificationsMachine';
import { describeMachinePaths, modelEvents, type ModelOptions } from '../support/machinePaths';

// The delayed progress tick, as the machine names it.
const tick = modelEvents<typeof notificationsMachine>().after('PROGRESS_STEP', 'notifications.showing');

const model: ModelOptions<typeof notificationsMachine> = {
  events: [
    { type: 'notification.show', kind: 'error', message: { id: 'login.invalidMfaCode' } },
    { type: 'notification.dismiss', id: 1 },
    { type: 'notification.dismiss', id: 2 },
    tick,
  ],
  serializeState: (s: SnapshotFrom<typeof notificationsMachine>) =>
    JSON.stringify({ value: s.value, toasts: s.context.toasts.map((t) => [t.id, t.elapsedMs]) }),
  // Two toasts at most (ids 1 and 2) keep the graph finite and still cover overlapping toasts.
  filterEvents: (s, e) => e.type !== 'notification.show' || s.context.nextId <= 2,
};

describeMachinePaths('notifications machine paths', notificationsMachine, {
  models: model,
  check: (actor, path) => expect(actor.getSnapshot().context.toasts).toEqual(path.state.context.toasts),
});
