import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ReportSchedule } from '#contracts';
import { addressesOf, parseDraft } from '../../src/machines/reports/scheduleDraft';
import {
  selectDraftProblem,
  selectDraftRecipients,
  selectDraftStore,
  selectSchedules,
  selectSchedulesFailure,
  selectSchedulesView,
} from '../../src/machines/reports/schedules.selectors';
import { schedulesMachine } from '../../src/machines/reports/schedulesMachine';
import { settle } from '../support/dom/settle';

const WEEKLY: ReportSchedule = {
  id: '0b6f9c1e-3f7a-4c1e-9a55-1c2d3e4f5a6b',
  businessGroup: 'B1',
  businessGroupName: 'Store 101 Copenhagen',
  frequency: 'weekly',
  recipients: ['qa@example.com'],
  timeZone: 'UTC',
  nextRunAt: '2026-01-19T06:00:00.000Z',
  lastSentAt: null,
};

function start(answers: { list?: unknown[]; save?: unknown[]; remove?: unknown[] } = {}) {
  const next =
    <T>(queue: unknown[] | undefined, fallback: T) =>
    (): Promise<T> => {
      const answer = queue?.shift() ?? fallback;
      return typeof answer === 'object' && answer !== null && 'kind' in answer
        ? Promise.reject(answer)
        : Promise.resolve(answer as T);
    };
  const services = {
    list: vi.fn(next(answers.list, [WEEKLY])),
    save: vi.fn(next(answers.save, [WEEKLY, { ...WEEKLY, id: 'new', frequency: 'daily' }])),
    remove: vi.fn(next(answers.remove, undefined)),
  };
  const machine = schedulesMachine.provide({
    actors: {
      listSchedules: fromPromise(() => services.list()),
      saveSchedule: fromPromise(({ input }) =>
        (services.save as (i: unknown) => Promise<ReportSchedule[]>)(input),
      ),
      removeSchedule: fromPromise(({ input }) => (services.remove as (i: unknown) => Promise<void>)(input)),
    },
  });
  const actor = createActor(machine, { input: { store: 'B2' } }).start();
  return { actor, services, snapshot: () => actor.getSnapshot() };
}

describe('the scheduled reports machine', () => {
  it('lists the schedules, and may try again when they fail to load', async () => {
    const { actor, snapshot } = start({ list: [{ kind: 'unavailable' }] });
    expect(selectSchedulesView(snapshot())).toBe('loading');
    await settle();
    expect([selectSchedulesView(snapshot()), selectSchedulesFailure(snapshot())]).toEqual([
      'failed',
      'unavailable',
    ]);
    actor.send({ type: 'schedules.retried' });
    await settle();
    expect(selectSchedules(snapshot())).toEqual([WEEKLY]);
    expect(selectSchedulesFailure(snapshot())).toBe('');
  });

  it('adds a schedule for the report’s store once its addresses pass the contract', async () => {
    const { actor, snapshot, services } = start({ save: [{ kind: 'forbidden', switched: false }] });
    await settle();
    actor.send({ type: 'schedule.addStarted' });
    expect([selectSchedulesView(snapshot()), selectDraftStore(snapshot())]).toEqual(['editing', 'B2']);
    actor.send({ type: 'schedule.draftChanged', change: { recipients: 'qa@example.com, not-an-address' } });
    actor.send({ type: 'schedule.saveRequested' });
    expect([selectSchedulesView(snapshot()), selectDraftProblem(snapshot())]).toEqual([
      'editing',
      'recipients',
    ]);
    actor.send({ type: 'schedule.draftChanged', change: { recipients: 'qa@example.com\nops@example.com' } });
    expect(selectDraftProblem(snapshot()), 'a change clears the problem').toBe('');
    actor.send({ type: 'schedule.saveRequested' });
    expect(selectSchedulesView(snapshot())).toBe('saving');
    await settle();
    expect([selectSchedulesView(snapshot()), selectSchedulesFailure(snapshot())]).toEqual([
      'editing',
      'forbidden',
    ]);
    actor.send({ type: 'schedule.saveRequested' });
    await settle();
    expect(services.save).toHaveBeenLastCalledWith({
      input: {
        businessGroup: 'B2',
        frequency: 'weekly',
        recipients: ['qa@example.com', 'ops@example.com'],
        timeZone: 'UTC',
      },
      replaces: null,
    });
    expect(selectSchedules(snapshot())).toHaveLength(2);
  });

  it('changes a schedule in place of the old one, or leaves it', async () => {
    const { actor, snapshot, services } = start();
    await settle();
    actor.send({ type: 'schedule.editStarted', id: WEEKLY.id });
    expect(selectDraftRecipients(snapshot())).toBe('qa@example.com');
    actor.send({ type: 'schedule.editCancelled' });
    expect(selectSchedulesView(snapshot())).toBe('listed');
    actor.send({ type: 'schedule.editStarted', id: WEEKLY.id });
    actor.send({ type: 'schedule.draftChanged', change: { frequency: 'daily' } });
    actor.send({ type: 'schedule.saveRequested' });
    await settle();
    expect(services.save).toHaveBeenLastCalledWith(
      expect.objectContaining({
        replaces: WEEKLY.id,
        input: expect.objectContaining({ frequency: 'daily' }),
      }),
    );
  });

  it('removes a schedule; a refused removal keeps it and says why', async () => {
    const { actor, snapshot } = start({ remove: [{ kind: 'forbidden', switched: false }] });
    await settle();
    actor.send({ type: 'schedule.removeRequested', id: WEEKLY.id });
    expect(selectSchedulesView(snapshot())).toBe('removing');
    await settle();
    expect([selectSchedules(snapshot()).length, selectSchedulesFailure(snapshot())]).toEqual([
      1,
      'forbidden',
    ]);
    actor.send({ type: 'schedule.removeRequested', id: WEEKLY.id });
    await settle();
    expect(selectSchedules(snapshot())).toEqual([]);
  });

  it('reads addresses separated by commas, semicolons, spaces or lines; a store must be given', () => {
    expect(addressesOf(' a@example.com;b@example.com\n c@example.com ')).toEqual([
      'a@example.com',
      'b@example.com',
      'c@example.com',
    ]);
    const draft = { id: null, businessGroup: '', frequency: 'daily' as const, recipients: 'a@example.com' };
    expect(parseDraft(draft)).toEqual({ ok: false, problem: 'store' });
    expect(parseDraft({ ...draft, businessGroup: 'B1', recipients: '' })).toEqual({
      ok: false,
      problem: 'recipients',
    });
  });
});
