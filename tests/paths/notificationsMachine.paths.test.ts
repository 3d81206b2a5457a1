import { describe, expect, it } from 'vitest';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { notificationsMachine } from '../../src/machines/notifications/notificationsMachine';
import {
  adjacencyEdges,
  describePath,
  edgePaths,
  replayPath,
  untestedTransitions,
  walkedEdges,
  type ModelOptions,
} from '../support/transitionCoverage';

type NotificationsModelEvent = EventFromLogic<typeof notificationsMachine>;
// The delayed progress tick, as the machine names it.
const tick = {
  type: 'xstate.after.PROGRESS_STEP.notifications.showing',
} as unknown as NotificationsModelEvent;

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

const paths = edgePaths(notificationsMachine, model);

describe('notifications machine paths', () => {
  it.each(paths.map((path) => [describePath(path), path] as const))('%s', (_name, path) => {
    const { actor, mismatches } = replayPath(notificationsMachine, path);
    expect(mismatches).toEqual([]);
    expect(actor.getSnapshot().context.toasts).toEqual(path.state.context.toasts);
    actor.stop();
  });

  it('walks every edge of the adjacency map', () => {
    const walked = walkedEdges(paths, model);
    expect([...adjacencyEdges(notificationsMachine, model)].filter((edge) => !walked.has(edge))).toEqual([]);
  });

  it('takes every transition declared in the machine', () => {
    expect(untestedTransitions(notificationsMachine, paths)).toEqual([]);
  });
});
