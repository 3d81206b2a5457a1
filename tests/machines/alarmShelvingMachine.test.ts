import { describe, expect, it } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import { alarmShelvingMachine } from '../../src/machines/alarms/alarmShelvingMachine';
import {
  selectMinutesInvalid,
  selectReasonMissing,
  selectShelved,
  selectShelveError,
  selectShelveOpen,
} from '../../src/machines/alarms/alarmShelving.selectors';
import type { ActiveAlarm, ShelvedAlarm } from '#contracts';
import { SYSTEM_IDS } from '../../src/machines/systemIds';
import { startBesideRecorders } from '../support/fakes/recordingNeighbours';

const alarm: ActiveAlarm = {
  id: '7d0c7c64-2f5e-4b8e-9a53-0d5f3c1b8a11',
  hexacode: '2D0001',
  deviceName: 'Warehouse cold room',
  code: 'PROBE_FAILURE',
  translation: 'Probe failure',
  department: 1,
  subDepartment: 0,
  departmentName: 'Cold room',
  page: 1,
  raisedAt: '2026-11-28T01:00:00.000Z',
  state: 'ACTIVE_UNACKNOWLEDGED',
  acknowledgedBy: null,
  acknowledgedAt: null,
  comment: null,
};
const shelvedRow: ShelvedAlarm = {
  id: alarm.id,
  hexacode: alarm.hexacode,
  deviceName: alarm.deviceName,
  departmentName: alarm.departmentName,
  code: alarm.code,
  translation: alarm.translation,
  raisedAt: alarm.raisedAt,
  by: 'operator',
  at: '2026-11-28T01:05:00.000Z',
  until: '2026-11-28T02:05:00.000Z',
  reason: 'Probe being replaced',
};

/** The shelving workflow with its calls answering as told, beside a stand-in notifications actor. */
function start(answers: { shelve?: () => Promise<void>; shelved?: ShelvedAlarm[] } = {}) {
  const told = { shelve: [] as unknown[], unshelve: [] as unknown[] };
  let shelved = answers.shelved ?? [];
  const logic = alarmShelvingMachine.provide({
    actors: {
      shelveAlarm: fromPromise(async ({ input }) => {
        told.shelve.push(input);
        await (answers.shelve ?? (async () => void (shelved = [shelvedRow])))();
      }),
      unshelveAlarm: fromPromise(async ({ input }) => {
        told.unshelve.push(input);
        shelved = [];
      }),
      loadShelved: fromPromise(async () => shelved),
    },
  });
  const beside = startBesideRecorders(logic, { notifications: SYSTEM_IDS.notifications });
  return { actor: beside.actor, told: { ...told, toasts: beside.told.notifications } };
}

describe('alarm shelving machine', () => {
  it('shelves with minutes and a reason, says so and lists the alarm as shelved', async () => {
    const { actor, told } = start();
    actor.send({ type: 'shelve.open', target: { alarm, deviceName: alarm.deviceName } });
    expect(selectShelveOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'shelve.changeMinutes', text: '30' });
    actor.send({ type: 'shelve.changeReason', text: '  Probe being replaced ' });
    actor.send({ type: 'shelve.send' });
    await waitFor(
      actor,
      (s) => s.matches({ dialog: 'closed', list: 'shown' }) && s.context.shelved.length > 0,
    );
    expect(told.shelve).toEqual([{ id: alarm.id, minutes: 30, reason: 'Probe being replaced' }]);
    expect(told.toasts).toEqual([
      { type: 'notification.show', kind: 'success', message: { id: 'alarmShelving.shelved' } },
    ]);
    expect(selectShelved(actor.getSnapshot())).toEqual([shelvedRow]);
    expect(selectShelveOpen(actor.getSnapshot())).toBe(false);
  });

  it('does not send without a reason or with minutes that are not a whole number', () => {
    const { actor, told } = start();
    actor.send({ type: 'shelve.open', target: { alarm, deviceName: alarm.deviceName } });
    expect(selectReasonMissing(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'shelve.send' });
    actor.send({ type: 'shelve.changeReason', text: 'Defrost test' });
    actor.send({ type: 'shelve.changeMinutes', text: '1.5' });
    expect(selectMinutesInvalid(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'shelve.send' });
    expect(actor.getSnapshot().matches({ dialog: 'editing' })).toBe(true);
    expect(told.shelve).toEqual([]);
  });

  it("keeps the dialog open with the server's reason when it refuses (over the tenant's maximum)", async () => {
    const refusal = Object.assign(new Error('refused'), { reason: 'minutes must be at most 60' });
    const { actor } = start({ shelve: () => Promise.reject(refusal) });
    actor.send({ type: 'shelve.open', target: { alarm, deviceName: alarm.deviceName } });
    actor.send({ type: 'shelve.changeReason', text: 'Long job' });
    actor.send({ type: 'shelve.changeMinutes', text: '600' });
    actor.send({ type: 'shelve.send' });
    await waitFor(actor, (s) => s.matches({ dialog: 'editing' }) && s.context.error !== null);
    expect(selectShelveError(actor.getSnapshot())).toEqual({ text: 'minutes must be at most 60' });
  });

  it('opens the dialog while the shelved list is being read', async () => {
    const { actor } = start({ shelved: [shelvedRow] });
    actor.send({ type: 'shelved.load' });
    actor.send({ type: 'shelve.open', target: { alarm, deviceName: alarm.deviceName } });
    expect(selectShelveOpen(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.context.shelved.length === 1);
  });

  it('unshelves a shelved alarm and reads the list again', async () => {
    const { actor, told } = start({ shelved: [shelvedRow] });
    actor.send({ type: 'shelved.load' });
    await waitFor(actor, (s) => s.matches({ list: 'shown' }) && s.context.shelved.length === 1);
    actor.send({ type: 'shelved.unshelve', id: alarm.id });
    await waitFor(actor, (s) => s.matches({ list: 'shown' }) && s.context.shelved.length === 0);
    expect(told.unshelve).toEqual([{ id: alarm.id }]);
  });
});
