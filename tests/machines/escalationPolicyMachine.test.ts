import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { DEFAULT_ESCALATION_POLICY, type EscalationPolicy, type UserSummary } from '#contracts';
import type { EscalationFailure } from '../../src/services/api/escalation';
import type { EscalationLoaded } from '../../src/machines/escalationPolicy/escalationPolicy.events';
import {
  selectError,
  selectLevel,
  selectLevelCount,
  selectOwnPlan,
  selectPlan,
  selectPlanPrefix,
  selectProblem,
  selectRow,
  selectSaved,
  selectTab,
  selectTestRun,
  selectTestRunCount,
  selectView,
} from '../../src/machines/escalationPolicy/escalationPolicy.selectors';
import {
  escalationPolicyMachine,
  type EscalationSave,
} from '../../src/machines/escalationPolicy/escalationPolicyMachine';
import { fieldKey } from '../../src/machines/escalationPolicy/escalationDraft';
import { provideEscalationPolicy } from '../../src/machines/escalationPolicy/provideEscalationPolicy';
import { accountSettings, operatorSession } from '../support/fixtures/fixtures';
import { TEST_RUNS } from '../support/fixtures/escalationFixtures';
import { settle } from '../support/dom/settle';

const input = { session: operatorSession, settings: accountSettings };
const ANNA: UserSummary = {
  id: '0b7c8d4e-1f2a-4b3c-9d8e-7f6a5b4c3d2e',
  username: 'anna',
  email: 'anna@example.com',
  role: 'operator',
  disabled: false,
};
const POLICY: EscalationPolicy = {
  ...DEFAULT_ESCALATION_POLICY,
  levels: [{ afterSeconds: 0, users: [ANNA.id], emails: [], channels: ['email', 'push'], band: 'always' }],
  repeatSeconds: 1800,
  codePriorities: { DOOR_OPEN: 'low' },
};
const LOADED: EscalationLoaded = {
  policy: POLICY,
  delays: { delays: [{ code: 'DOOR_OPEN', delaySeconds: 120 }] },
  users: [ANNA],
  testRuns: [],
};

function start(
  load: () => Promise<EscalationLoaded> = () => Promise.resolve(LOADED),
  save: (s: EscalationSave) => Promise<EscalationSave> = (s) => Promise.resolve(s),
) {
  const saves = vi.fn(save);
  const actor = createActor(
    escalationPolicyMachine.provide({
      actors: {
        loadPolicy: fromPromise(load),
        savePolicy: fromPromise(({ input: given }: { input: EscalationSave }) => saves(given)),
      },
    }),
    { input },
  ).start();
  /** Adds a row to `list` after the one it holds (LOADED has one in each) and gives it `code`. */
  const addRow = (list: 'delays' | 'codePriorities', code: string) => {
    actor.send({ type: 'escalation.rowAdded', list });
    actor.send({ type: 'escalation.rowEdited', list, index: 1, patch: { code } });
  };
  return { actor, saves, snapshot: () => actor.getSnapshot(), addRow };
}

describe('the escalation policy machine', () => {
  it('loads the policy into a draft in the units it was likely typed in', async () => {
    const { snapshot } = start();
    expect(selectView(snapshot())).toBe('loading');
    await settle();
    expect(selectView(snapshot())).toBe('editing');
    expect(selectLevel(0)(snapshot())).toMatchObject({ after: '0', afterUnit: 'seconds', users: [ANNA.id] });
    expect(snapshot().context.draft).toMatchObject({
      repeat: '30',
      repeatUnit: 'minutes',
      workingHoursOn: false,
    });
    expect(selectRow('codePriorities', 0)(snapshot())).toEqual({ code: 'DOOR_OPEN', value: 'low' });
    expect(selectRow('delays', 0)(snapshot())).toEqual({ code: 'DOOR_OPEN', value: '120' });
  });

  it('says a 403 is a refusal while acting as another user, and anything else a failure; retries and closes', async () => {
    const failures: EscalationFailure[] = [{ kind: 'forbidden' }, { kind: 'unavailable' }];
    const { actor, snapshot } = start(() => {
      const failure = failures.shift();
      return failure ? Promise.reject(failure) : Promise.resolve(LOADED);
    });
    await settle();
    expect([selectView(snapshot()), selectProblem(snapshot())]).toEqual(['loadFailed', 'forbidden']);
    actor.send({ type: 'escalation.retry' });
    await settle();
    expect([selectView(snapshot()), selectProblem(snapshot())]).toEqual(['loadFailed', 'unavailable']);
    actor.send({ type: 'escalation.retry' });
    await settle();
    expect([selectView(snapshot()), selectProblem(snapshot())]).toEqual(['editing', null]);
    actor.send({ type: 'escalation.close' });
    await expect(toPromise(actor)).resolves.toEqual({});
  });

  it('may close while loading and after a failed load', async () => {
    const loading = start(() => new Promise(() => {}));
    loading.actor.send({ type: 'escalation.close' });
    await expect(toPromise(loading.actor)).resolves.toEqual({});
    const failed = start(() => Promise.reject({ kind: 'unavailable' }));
    await settle();
    failed.actor.send({ type: 'escalation.close' });
    await expect(toPromise(failed.actor)).resolves.toEqual({});
  });

  it('edits levels, times and code rows, and switches tabs', async () => {
    const { actor, snapshot, addRow } = start();
    await settle();
    actor.send({ type: 'escalation.tabChose', tab: 'delays' });
    expect(selectTab(snapshot())).toBe('delays');
    actor.send({ type: 'escalation.levelAdded' });
    actor.send({
      type: 'escalation.levelEdited',
      index: 1,
      patch: { after: '15', emails: 'boss@example.com' },
    });
    expect(selectLevel(1)(snapshot())).toMatchObject({
      after: '15',
      afterUnit: 'minutes',
      emails: 'boss@example.com',
    });
    actor.send({ type: 'escalation.levelRemoved', index: 0 });
    expect(selectLevel(0)(snapshot())?.after).toBe('15');
    actor.send({ type: 'escalation.edited', patch: { workingHoursOn: true, testAlarmOn: true, testDay: 3 } });
    addRow('delays', 'HIGH_TEMPERATURE');
    actor.send({ type: 'escalation.rowRemoved', list: 'delays', index: 0 });
    expect(selectRow('delays', 0)(snapshot())).toEqual({ code: 'HIGH_TEMPERATURE', value: '60' });
  });

  it('refuses to send a draft the contract refuses, marking each field, and clears a mark when its field is edited', async () => {
    const { actor, saves, snapshot, addRow } = start();
    await settle();
    actor.send({
      type: 'escalation.levelEdited',
      index: 0,
      patch: { after: '-1', emails: 'not an address', channels: [] },
    });
    actor.send({ type: 'escalation.edited', patch: { timeZone: 'Mars/Olympus' } });
    actor.send({ type: 'escalation.repeatEdited', patch: { repeat: '5', repeatUnit: 'seconds' } });
    addRow('codePriorities', 'DOOR_OPEN');
    actor.send({ type: 'escalation.rowEdited', list: 'delays', index: 0, patch: { value: '90000' } });
    actor.send({ type: 'escalation.save' });
    expect(selectView(snapshot())).toBe('editing');
    expect(saves).not.toHaveBeenCalled();
    expect(snapshot().context.errors).toEqual({
      'levels.0.afterSeconds': 'escalation.error.after',
      'levels.0.emails': 'escalation.error.emails',
      'levels.0.channels': 'escalation.error.channels',
      repeatSeconds: 'escalation.error.repeat',
      timeZone: 'escalation.error.timeZone',
      'codePriorities.1.code': 'escalation.error.duplicateCode',
      'delays.0.delaySeconds': 'escalation.error.delay',
    });
    actor.send({ type: 'escalation.levelEdited', index: 0, patch: { after: '0' } });
    expect(selectError('levels.0.emails')(snapshot())).toBe('');
    expect(selectError('timeZone')(snapshot())).toBe('escalation.error.timeZone');
    actor.send({ type: 'escalation.edited', patch: { timeZone: 'Europe/Paris' } });
    expect(selectError('timeZone')(snapshot())).toBe('');
    expect(selectError('delays.0.delaySeconds')(snapshot())).toBe('escalation.error.delay');
  });

  it('refuses levels told earlier than the level above, in any plan, and takes equal delays', async () => {
    const { actor, saves, snapshot } = start();
    await settle();
    actor.send({ type: 'escalation.levelEdited', index: 0, patch: { after: '15', afterUnit: 'minutes' } });
    actor.send({ type: 'escalation.levelAdded' });
    actor.send({ type: 'escalation.levelEdited', index: 1, patch: { after: '600', afterUnit: 'seconds' } });
    actor.send({ type: 'escalation.levelAdded' });
    actor.send({ type: 'escalation.levelEdited', index: 2, patch: { after: '900', afterUnit: 'seconds' } });
    actor.send({ type: 'escalation.planChosen', plan: 'critical' });
    actor.send({ type: 'escalation.ownPlanToggled', own: true });
    actor.send({ type: 'escalation.levelAdded' });
    actor.send({ type: 'escalation.levelEdited', index: 3, patch: { after: '0' } });
    actor.send({ type: 'escalation.save' });
    expect(saves).not.toHaveBeenCalled();
    expect(snapshot().context.errors).toEqual({
      'levels.1.afterSeconds': 'escalation.error.afterOrder',
      'priorities.critical.levels.1.afterSeconds': 'escalation.error.afterOrder',
      'priorities.critical.levels.3.afterSeconds': 'escalation.error.afterOrder',
    });
    expect(selectError('levels.2.afterSeconds')(snapshot()), 'as late as the first level').toBe('');
    actor.send({ type: 'escalation.ownPlanToggled', own: false });
    actor.send({ type: 'escalation.planChosen', plan: 'all' });
    actor.send({ type: 'escalation.levelEdited', index: 1, patch: { after: '15', afterUnit: 'minutes' } });
    actor.send({ type: 'escalation.save' });
    await settle();
    expect(saves.mock.calls[0]![0].policy.levels.map((level) => level.afterSeconds)).toEqual([900, 900, 900]);
  });

  it('saves the policy in seconds with the delays, then says it was saved until the next edit', async () => {
    const { actor, saves, snapshot } = start();
    await settle();
    actor.send({ type: 'escalation.levelAdded' });
    actor.send({
      type: 'escalation.levelEdited',
      index: 1,
      patch: { after: '15', emails: 'a@example.com, b@example.com', channels: ['email'], band: 'outside' },
    });
    actor.send({ type: 'escalation.edited', patch: { workingHoursOn: true, timeZone: 'Europe/Copenhagen' } });
    actor.send({ type: 'escalation.save' });
    expect(selectView(snapshot())).toBe('saving');
    await settle();
    expect(saves.mock.calls[0]![0].policy).toMatchObject({
      levels: [
        { afterSeconds: 0, users: [ANNA.id] },
        {
          afterSeconds: 900,
          emails: ['a@example.com', 'b@example.com'],
          channels: ['email'],
          band: 'outside',
        },
      ],
      repeatSeconds: 1800,
      timeZone: 'Europe/Copenhagen',
      workingHours: { days: [1, 2, 3, 4, 5], from: '08:00', to: '17:00' },
      testAlarm: null,
      codePriorities: { DOOR_OPEN: 'low' },
    });
    expect(saves.mock.calls[0]![0].delays).toEqual({ delays: [{ code: 'DOOR_OPEN', delaySeconds: 120 }] });
    expect([selectView(snapshot()), selectSaved(snapshot())]).toEqual(['editing', true]);
    actor.send({ type: 'escalation.edited', patch: { testAlarmOn: true } });
    expect(selectSaved(snapshot())).toBe(false);
  });

  it('marks the field a 400 names, and says a 403 and a failure above the form', async () => {
    const failures: EscalationFailure[] = [
      { kind: 'invalid', field: 'levels[0].users' },
      { kind: 'invalid', field: 'codePriorities.DOOR_OPEN' },
      { kind: 'invalid', field: 'priorities.critical.levels[0].users' },
      { kind: 'forbidden' },
      { kind: 'unavailable' },
    ];
    const { actor, snapshot } = start(undefined, () => Promise.reject(failures.shift()));
    await settle();
    const saveOnce = async () => {
      actor.send({ type: 'escalation.save' });
      await settle();
      return [snapshot().context.errors, selectProblem(snapshot())];
    };
    expect(await saveOnce()).toEqual([{ 'levels.0.users': 'escalation.error.users' }, null]);
    expect(await saveOnce()).toEqual([{ 'codePriorities.0.code': 'escalation.error.code' }, null]);
    expect(await saveOnce()).toEqual([
      { 'priorities.critical.levels.0.users': 'escalation.error.users' },
      null,
    ]);
    expect(selectPlan(snapshot()), 'the plan with the error is shown').toBe('critical');
    expect(fieldKey('priorities.urgent.levels[0].users', snapshot().context.draft!), 'no such plan').toBe('');
    expect((await saveOnce())[1]).toBe('forbidden');
    expect((await saveOnce())[1]).toBe('unavailable');
  });
});

describe('the plans of the priorities and the longest shelving', () => {
  it('shows a priority following the common plan until it gets its own, a copy edited apart', async () => {
    const { actor, snapshot } = start();
    await settle();
    actor.send({ type: 'escalation.ownPlanToggled', own: true });
    expect(snapshot().context.draft!.priorities, 'the common plan has no switch').toEqual({});
    actor.send({ type: 'escalation.planChosen', plan: 'critical' });
    expect([selectPlan(snapshot()), selectOwnPlan(snapshot()), selectLevelCount(snapshot())]).toEqual([
      'critical',
      false,
      0,
    ]);
    actor.send({ type: 'escalation.levelAdded' });
    expect(selectLevelCount(snapshot()), 'a following plan is not edited').toBe(0);
    actor.send({ type: 'escalation.ownPlanToggled', own: true });
    expect([selectOwnPlan(snapshot()), selectPlanPrefix(snapshot())]).toEqual([true, 'priorities.critical.']);
    expect(selectLevel(0)(snapshot())).toMatchObject({ users: [ANNA.id] });
    actor.send({ type: 'escalation.levelEdited', index: 0, patch: { emails: 'boss@example.com' } });
    actor.send({ type: 'escalation.levelAdded' });
    actor.send({ type: 'escalation.repeatEdited', patch: { repeat: '5' } });
    expect(snapshot().context.draft!.priorities.critical).toMatchObject({
      repeat: '5',
      repeatUnit: 'minutes',
    });
    actor.send({ type: 'escalation.planChosen', plan: 'all' });
    expect([selectLevelCount(snapshot()), selectLevel(0)(snapshot())!.emails]).toEqual([1, '']);
    actor.send({ type: 'escalation.planChosen', plan: 'critical' });
    actor.send({ type: 'escalation.ownPlanToggled', own: false });
    expect(snapshot().context.draft!.priorities).toEqual({});
  });

  it('loads and saves the priorities’ own plans and the longest shelving', async () => {
    const low = { levels: [], repeatSeconds: 0 };
    const { actor, saves, snapshot } = start(() =>
      Promise.resolve({ ...LOADED, policy: { ...POLICY, priorities: { low }, maxShelveMinutes: 60 } }),
    );
    await settle();
    expect(snapshot().context.draft).toMatchObject({ maxShelve: '60', priorities: { low: { levels: [] } } });
    actor.send({ type: 'escalation.planChosen', plan: 'high' });
    actor.send({ type: 'escalation.ownPlanToggled', own: true });
    actor.send({ type: 'escalation.edited', patch: { maxShelve: '1440' } });
    actor.send({ type: 'escalation.save' });
    await settle();
    expect(saves.mock.calls[0]![0].policy).toMatchObject({
      priorities: { low, high: { levels: POLICY.levels, repeatSeconds: 1800 } },
      maxShelveMinutes: 1440,
    });
  });

  it('shows the first plan with an error, marks the longest shelving, and clears each mark at its edit', async () => {
    const { actor, saves, snapshot } = start();
    await settle();
    actor.send({ type: 'escalation.planChosen', plan: 'low' });
    actor.send({ type: 'escalation.ownPlanToggled', own: true });
    actor.send({ type: 'escalation.levelEdited', index: 0, patch: { emails: 'nobody' } });
    actor.send({ type: 'escalation.planChosen', plan: 'all' });
    actor.send({ type: 'escalation.edited', patch: { maxShelve: '10081' } });
    actor.send({ type: 'escalation.save' });
    expect(saves).not.toHaveBeenCalled();
    expect(snapshot().context.errors).toEqual({
      'priorities.low.levels.0.emails': 'escalation.error.emails',
      maxShelveMinutes: 'escalation.error.maxShelve',
    });
    expect(selectPlan(snapshot())).toBe('low');
    actor.send({ type: 'escalation.edited', patch: { maxShelve: '' } });
    expect(Object.keys(snapshot().context.errors)).toEqual(['priorities.low.levels.0.emails']);
    actor.send({ type: 'escalation.save' });
    expect(selectError('maxShelveMinutes')(snapshot())).toBe('escalation.error.maxShelve');
    actor.send({ type: 'escalation.levelEdited', index: 0, patch: { emails: '' } });
    expect(Object.keys(snapshot().context.errors)).toEqual(['maxShelveMinutes']);
  });
});

describe('the escalation policy bound to the API', () => {
  const api = () => ({
    fetchEscalationPolicy: vi.fn(() => Promise.resolve(POLICY)),
    saveEscalationPolicy: vi.fn((policy: EscalationPolicy) => Promise.resolve(policy)),
    fetchAlarmDelays: vi.fn(() => Promise.resolve(LOADED.delays)),
    saveAlarmDelays: vi.fn(() => Promise.reject({ kind: 'invalid', field: 'delays.0.delaySeconds' })),
    listUsers: vi.fn(() => Promise.resolve([ANNA, { ...ANNA, id: 'x', username: 'gone', disabled: true }])),
    fetchTestRuns: vi.fn(() => Promise.resolve(TEST_RUNS)),
  });

  it('offers only enabled users, and marks a refused delay at its row', async () => {
    const services = api();
    const actor = createActor(provideEscalationPolicy(services), { input }).start();
    await settle();
    expect(actor.getSnapshot().context.users).toEqual([ANNA]);
    expect(selectTestRunCount(actor.getSnapshot())).toBe(2);
    expect(selectTestRun(0)(actor.getSnapshot())).toBe(TEST_RUNS[0]);
    actor.send({ type: 'escalation.save' });
    await settle();
    expect(services.saveEscalationPolicy).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.errors).toEqual({ 'delays.0.delaySeconds': 'escalation.error.delay' });
  });

  it('asks for the policy first: its 403 is the refusal the dialog explains', async () => {
    const services = { ...api(), fetchEscalationPolicy: vi.fn(() => Promise.reject({ kind: 'forbidden' })) };
    const actor = createActor(provideEscalationPolicy(services), { input }).start();
    await settle();
    expect(services.listUsers).not.toHaveBeenCalled();
    expect(selectProblem(actor.getSnapshot())).toBe('forbidden');
  });
});
