import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  notificationsMachine,
  PROGRESS_STEP_MS,
} from '../../src/machines/notifications/notificationsMachine';
import { toastRemainingPercent } from '../../src/machines/notifications/notifications.selectors';

function start() {
  const simulated = new SimulatedClock();
  // SimulatedClock fires only timers due before an increment, so time moves one progress step at a time.
  const clock = {
    increment(ms: number) {
      for (let elapsed = 0; elapsed < ms; elapsed += PROGRESS_STEP_MS) simulated.increment(PROGRESS_STEP_MS);
    },
  };
  const actor = createActor(notificationsMachine, { clock: simulated }).start();
  const show = () =>
    actor.send({ type: 'notification.show', kind: 'error', message: { id: 'login.invalidMfaCode' } });
  return { clock, actor, show };
}

describe('notifications machine', () => {
  it('steps the progress every 100 ms and hides a toast after 1500 ms', () => {
    const { clock, actor, show } = start();
    show();
    clock.increment(100);
    expect(actor.getSnapshot().context.toasts.map(toastRemainingPercent)).toEqual([93]);
    clock.increment(1300);
    expect(actor.getSnapshot().context.toasts).toHaveLength(1);
    clock.increment(100);
    expect(actor.getSnapshot().context.toasts).toEqual([]);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('gives each toast its own 1500 ms', () => {
    const { clock, actor, show } = start();
    show();
    clock.increment(1000);
    show();
    clock.increment(500);
    expect(actor.getSnapshot().context.toasts.map((t) => t.id)).toEqual([2]);
    clock.increment(1000);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('dismisses a toast on request', () => {
    const { actor, show } = start();
    show();
    actor.send({ type: 'notification.dismiss', id: 1 });
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
