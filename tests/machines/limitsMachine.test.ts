import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise, sendTo, type SnapshotFrom } from 'xstate';
import type { FoodSafetyLimit, LimitBody } from '#contracts';
import { parseLimit } from '../../src/machines/reports/limitDraft';
import {
  selectIsSavingLimit,
  selectLimitCase,
  selectLimitFailure,
  selectLimitField,
  selectLimitProblem,
} from '../../src/machines/reports/limits.selectors';
import { limitsMachine } from '../../src/machines/reports/limitsMachine';
import { settle } from '../support/dom/settle';

const CASE = { hexacode: '1A0102', department: 1, subDepartment: 0 };
const CHILLED: FoodSafetyLimit = {
  class: 'chilled',
  line: 'air',
  high: 5,
  low: null,
  graceDegrees: 2,
  graceMinutes: 30,
};

/** The editor inside a parent that records what it is told. */
function start(answers: unknown[] = []) {
  const save = vi.fn((body: LimitBody) => {
    void body;
    const answer = answers.shift();
    return answer ? Promise.reject(answer) : Promise.resolve();
  });
  const heard = vi.fn();
  const editor = limitsMachine.provide({ actors: { saveLimit: fromPromise(({ input }) => save(input)) } });
  const parent = createMachine({
    invoke: { id: 'limits', src: editor },
    on: {
      'report.limitsChanged': { actions: () => heard() },
      forward: { actions: sendTo('limits', ({ event }) => (event as unknown as { event: never }).event) },
    },
  });
  const actor = createActor(parent).start();
  const limits = () => actor.getSnapshot().children.limits!;
  const snapshot = () => limits().getSnapshot() as SnapshotFrom<typeof limitsMachine>;
  const send = (event: Parameters<typeof limitsMachine.transition>[1]) =>
    actor.send({ type: 'forward', event } as never);
  return { send, snapshot, save, heard };
}

describe('the limits editor', () => {
  it("starts from the case's limit, names a refused field, stores a valid one and tells the report", async () => {
    const { send, snapshot, save, heard } = start([{ kind: 'unavailable' }]);
    send({ type: 'limit.editStarted', address: CASE, limit: CHILLED });
    expect([selectLimitCase(snapshot()), selectLimitField('high')(snapshot())]).toEqual(['1A0102.1.0', '5']);
    send({ type: 'limit.draftChanged', change: { low: '6' } });
    send({ type: 'limit.saveRequested' });
    expect(selectLimitProblem(snapshot()), 'low must be below high').toBe('low');
    send({ type: 'limit.draftChanged', change: { low: '', high: '4,5', class: 'custom' } });
    expect(selectLimitProblem(snapshot())).toBe('');
    send({ type: 'limit.saveRequested' });
    expect(selectIsSavingLimit(snapshot())).toBe(true);
    await settle();
    expect(selectLimitFailure(snapshot()), 'a failed change keeps the draft').toBe('unavailable');
    expect(selectLimitCase(snapshot())).toBe('1A0102.1.0');
    send({ type: 'limit.saveRequested' });
    await settle();
    expect(save).toHaveBeenLastCalledWith({ ...CASE, limit: { ...CHILLED, class: 'custom', high: 4.5 } });
    expect(heard).toHaveBeenCalledTimes(1);
    expect(selectLimitCase(snapshot())).toBe('');
  });

  it('may be left unsaved', () => {
    const { send, snapshot, save } = start();
    send({ type: 'limit.editStarted', address: CASE, limit: CHILLED });
    send({ type: 'limit.editCancelled' });
    expect(selectLimitCase(snapshot())).toBe('');
    expect(save).not.toHaveBeenCalled();
  });

  it('sets a case back to its default; a refused reset says why and closes', async () => {
    const { send, snapshot, save, heard } = start([{ kind: 'forbidden', switched: false }]);
    send({ type: 'limit.resetRequested', address: CASE });
    await settle();
    expect([selectLimitFailure(snapshot()), selectLimitCase(snapshot())]).toEqual([
      'forbidden',
      '1A0102.1.0',
    ]);
    send({ type: 'limit.resetRequested', address: CASE });
    await settle();
    expect(save).toHaveBeenLastCalledWith({ ...CASE, limit: null });
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('refuses what the contract refuses, field by field', () => {
    const draft = {
      class: 'frozen' as const,
      line: 'air' as const,
      high: '-18',
      low: '',
      graceDegrees: '3',
      graceMinutes: '30',
    };
    expect(parseLimit(draft)).toMatchObject({ ok: true, limit: { high: -18, low: null } });
    expect(parseLimit({ ...draft, high: '' })).toEqual({ ok: false, field: 'high' });
    expect(parseLimit({ ...draft, graceMinutes: '2.5' })).toEqual({ ok: false, field: 'graceMinutes' });
    expect(parseLimit({ ...draft, graceDegrees: '11' })).toEqual({ ok: false, field: 'graceDegrees' });
  });
});
