import '../support/fakes/resizeObserver';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { computeAccessibleDescription } from 'dom-accessibility-api';
import { describe, expect, it } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { escalationPolicyMachine } from '../../src/machines/escalationPolicy/escalationPolicyMachine';
import { storeSession } from '../support/dom/renderApp';
import { instantAsUserWrites } from '../support/dom/userDates';
import { dialogClosed, openAccountDialog } from '../support/worlds/accountDialogPath';
import type { ModelOptions } from '../support/paths/coveringPaths';
import { ANNA, DELAYS, POLICY, TEST_RUNS } from '../support/fixtures/escalationFixtures';
import { escalationServer, type EscalationServer } from '../support/servers/escalationServer';
import { accountSettings } from '../support/fixtures/fixtures';
import { modelEvents } from '../support/paths/modelEvents';
import { adminSession } from '../support/fixtures/switchSessions';
import { describeViewPaths } from '../support/paths/viewPaths';

type EscalationModelEvent = Parameters<typeof escalationPolicyMachine.transition>[1];
const { done, failed } = modelEvents<typeof escalationPolicyMachine>();

const LOADED = done('loadPolicy', { policy: POLICY, delays: DELAYS, users: [ANNA], testRuns: TEST_RUNS });
const LOAD_REFUSED = failed('loadPolicy', { kind: 'forbidden' });
const SAVED = done('savePolicy', { policy: POLICY, delays: DELAYS });
const SAVE_REFUSED = failed('savePolicy', { kind: 'invalid', field: 'levels[0].users' });
const BAD_EMAIL = 'nobody';
const BAD_REPEAT = '-1';
const BAD_SHELVE = '0';

const ERROR = {
  emails: 'Enter valid e-mail addresses, separated by commas.',
  users: 'Choose users of this account.',
  code: 'Enter an alarm code in capitals, such as HIGH_TEMPERATURE.',
  repeat: 'Enter 0, or from 10 seconds to a week.',
  maxShelve: 'Enter whole minutes from 1 to 10080.',
} as const;
type ShownError = keyof typeof ERROR;
const ORDER_ERROR = 'Later levels are told later: enter at least the delay of the level above.';

const model: ModelOptions<typeof escalationPolicyMachine> = {
  input: { session: adminSession, settings: accountSettings },
  events: [
    LOADED,
    LOAD_REFUSED,
    SAVED,
    SAVE_REFUSED,
    { type: 'escalation.retry' },
    { type: 'escalation.close' },
    { type: 'escalation.tabChose', tab: 'delays' },
    { type: 'escalation.tabChose', tab: 'levels' },
    { type: 'escalation.edited', patch: { workingHoursOn: true } },
    { type: 'escalation.edited', patch: { maxShelve: BAD_SHELVE } },
    { type: 'escalation.edited', patch: { maxShelve: '480' } },
    { type: 'escalation.planChosen', plan: 'critical' },
    { type: 'escalation.planChosen', plan: 'all' },
    { type: 'escalation.ownPlanToggled', own: true },
    { type: 'escalation.ownPlanToggled', own: false },
    { type: 'escalation.repeatEdited', patch: { repeat: BAD_REPEAT } },
    { type: 'escalation.repeatEdited', patch: { repeat: '30' } },
    { type: 'escalation.levelAdded' },
    { type: 'escalation.levelEdited', index: 0, patch: { emails: BAD_EMAIL } },
    { type: 'escalation.levelEdited', index: 0, patch: { emails: 'boss@example.com' } },
    { type: 'escalation.levelRemoved', index: 1 },
    { type: 'escalation.rowAdded', list: 'delays' },
    { type: 'escalation.rowEdited', list: 'delays', index: 1, patch: { code: 'HIGH_TEMPERATURE' } },
    { type: 'escalation.rowRemoved', list: 'delays', index: 1 },
    { type: 'escalation.save' },
  ],
  serializeState: (s) => {
    const draft = s.context.draft;
    return JSON.stringify({
      value: s.value,
      tab: s.context.tab,
      levels: draft?.levels.length,
      emails: draft?.levels[0]?.emails,
      rows: draft?.delays.length,
      code: draft?.delays[1]?.code,
      workingHours: draft?.workingHoursOn,
      plan: s.context.plan,
      critical: draft?.priorities.critical?.repeat,
      maxShelve: draft?.maxShelve,
      errors: Object.keys(s.context.errors).sort(),
      saved: s.context.saved,
    });
  },
  // Each edit is offered where the view shows its control, once, and undone by its counterpart.
  filterEvents: (s, e) => {
    if (
      e.type.startsWith('xstate.done.actor.loadPolicy') ||
      e.type.startsWith('xstate.error.actor.loadPolicy')
    )
      return s.matches('loading');
    if (e.type.startsWith('xstate.')) return s.matches('saving');
    const draft = s.context.draft;
    const onLevels = s.context.tab === 'levels';
    const onCommon = onLevels && s.context.plan === 'all';
    // The critical plan is looked at with the common plan as stored, so that its copy is the stored one.
    const asStored = draft?.levels.length === 1 && draft.levels[0]!.emails === '';
    const critical = draft?.priorities.critical;
    switch (e.type) {
      case 'escalation.tabChose':
        return s.context.tab !== e.tab;
      case 'escalation.edited':
        if (e.patch.maxShelve === undefined) return onLevels && draft?.workingHoursOn === false;
        return (
          onCommon && asStored && (draft.maxShelve === BAD_SHELVE) === (e.patch.maxShelve !== BAD_SHELVE)
        );
      case 'escalation.planChosen':
        return onLevels && s.context.plan !== e.plan && (e.plan === 'all' || asStored);
      case 'escalation.ownPlanToggled':
        return onLevels && s.context.plan === 'critical' && (critical !== undefined) !== e.own;
      case 'escalation.repeatEdited':
        return (
          onLevels &&
          s.context.plan === 'critical' &&
          (critical?.repeat === BAD_REPEAT) === (e.patch.repeat !== BAD_REPEAT)
        );
      case 'escalation.levelAdded':
        return onCommon && draft?.levels.length === 1;
      case 'escalation.levelRemoved':
        return onCommon && draft?.levels.length === 2;
      case 'escalation.levelEdited':
        return onCommon && (draft?.levels[0]?.emails === BAD_EMAIL) === (e.patch.emails !== BAD_EMAIL);
      case 'escalation.rowAdded':
        return !onLevels && draft?.delays.length === 1;
      case 'escalation.rowEdited':
        return !onLevels && draft?.delays.length === 2 && draft.delays[1]!.code === '';
      case 'escalation.rowRemoved':
        return !onLevels && draft?.delays.length === 2;
      default:
        return true;
    }
  },
};

/** What the administrator did and the server answered, and what the dialog should show of it. */
interface EscalationWorld {
  user: UserEvent;
  server: EscalationServer;
  tab: 'Escalation' | 'Delays';
  levels: number;
  emails: string;
  rows: number;
  /** The code typed in the added row. */
  code: string;
  workingHours: boolean;
  plan: 'All priorities' | 'Critical';
  /** The critical alarms' own plan: its repeat in minutes as typed; null: they follow the common plan. */
  critical: string | null;
  /** The longest shelving in minutes, as typed. */
  maxShelve: string;
  errors: Set<ShownError>;
  saved: boolean;
  expectedRequests: string[];
  closed: boolean;
  escapes: number;
}

async function start(inspect: (event: InspectionEvent) => void): Promise<EscalationWorld> {
  storeSession(adminSession);
  const user = userEvent.setup({ delay: null });
  const world: EscalationWorld = {
    user,
    server: escalationServer(),
    tab: 'Escalation',
    levels: 1,
    emails: '',
    rows: 1,
    code: '',
    workingHours: false,
    plan: 'All priorities',
    critical: null,
    maxShelve: '480',
    errors: new Set(),
    saved: false,
    expectedRequests: ['GET policy'],
    closed: false,
    escapes: 0,
  };
  await openAccountDialog(user, 'Alarm escalation', { inspect });
  return world;
}

const inDialog = () => within(screen.getByRole('dialog', { name: 'Alarm escalation' }));
const level = (n: number) => within(inDialog().getByRole('group', { name: `Level ${n}` }));

/** Sets the world to what the stored policy shows. */
function showStored(world: EscalationWorld) {
  Object.assign(world, {
    levels: 1,
    emails: '',
    rows: 1,
    code: '',
    workingHours: false,
    critical: null,
    maxShelve: '480',
  });
  world.errors.clear();
}

/** Replaces what a text box of the dialog holds with `text`, as typed. */
async function retype(name: string, text: string, world: EscalationWorld) {
  const box = inDialog().getByRole('textbox', { name });
  await world.user.clear(box);
  await world.user.type(box, text);
}

async function play(event: EscalationModelEvent, world: EscalationWorld) {
  const { user, server } = world;
  const type: string = event.type;
  if (type === LOADED.type) {
    await server.policy(POLICY);
    showStored(world);
  } else if (type === LOAD_REFUSED.type) await server.actingAs();
  else if (type === SAVED.type) {
    world.expectedRequests.push(`PUT delays DOOR_OPEN=120${world.code ? ` ${world.code}=60` : ''}`);
    await server.policy(POLICY);
    showStored(world);
    world.saved = true;
  } else if (type === SAVE_REFUSED.type) {
    await server.unknownUser();
    // The server names a level of the common plan: that plan is shown.
    Object.assign(world, { errors: new Set(['users']), plan: 'All priorities' });
  } else if (event.type === 'escalation.retry') {
    await user.click(inDialog().getByRole('button', { name: 'Try again' }));
    world.expectedRequests.push('GET policy');
  } else if (event.type === 'escalation.close') {
    if (world.escapes++ % 2 === 0) await user.keyboard('{Escape}');
    else await user.click(inDialog().getByRole('button', { name: 'Close' }));
    world.closed = true;
  } else if (event.type === 'escalation.tabChose') {
    world.tab = event.tab === 'delays' ? 'Delays' : 'Escalation';
    // By keyboard: the arrow keys move along the tabs.
    inDialog().getByRole('tab', { selected: true }).focus();
    await user.keyboard(event.tab === 'delays' ? '{ArrowLeft}' : '{ArrowRight}');
  } else if (event.type === 'escalation.edited') {
    if (event.patch.maxShelve === undefined) {
      await user.click(inDialog().getByRole('checkbox', { name: 'Use working hours' }));
      world.workingHours = true;
    } else {
      await retype('Longest shelving (minutes)', event.patch.maxShelve, world);
      world.maxShelve = event.patch.maxShelve;
    }
    // An edit of the policy's own fields clears their marks.
    world.errors.delete('maxShelve');
    world.saved = false;
  } else if (event.type === 'escalation.planChosen') {
    world.plan = event.plan === 'all' ? 'All priorities' : 'Critical';
    await user.selectOptions(inDialog().getByRole('combobox', { name: 'Plan' }), world.plan);
  } else if (event.type === 'escalation.ownPlanToggled') {
    await user.click(inDialog().getByRole('checkbox', { name: 'Own plan for critical alarms' }));
    world.errors.delete('repeat');
    Object.assign(world, { critical: event.own ? '30' : null, saved: false });
  } else if (event.type === 'escalation.repeatEdited') {
    await retype('Repeat until acknowledged every', event.patch.repeat!, world);
    world.errors.delete('repeat');
    Object.assign(world, { critical: event.patch.repeat, saved: false });
  } else if (event.type === 'escalation.levelAdded') {
    await user.click(inDialog().getByRole('button', { name: 'Add a level' }));
    Object.assign(world, { levels: 2, saved: false });
  } else if (event.type === 'escalation.levelRemoved') {
    await user.click(inDialog().getByRole('button', { name: 'Remove level 2' }));
    world.errors.clear();
    Object.assign(world, { levels: 1, saved: false });
  } else if (event.type === 'escalation.levelEdited') {
    const box = level(1).getByRole('textbox', { name: 'E-mail addresses' });
    await user.clear(box);
    await user.type(box, event.patch.emails!);
    world.errors.delete('emails');
    world.errors.delete('users');
    Object.assign(world, { emails: event.patch.emails, saved: false });
  } else if (event.type === 'escalation.rowAdded') {
    await user.click(inDialog().getByRole('button', { name: 'Add an alarm code' }));
    Object.assign(world, { rows: 2, saved: false });
  } else if (event.type === 'escalation.rowEdited') {
    await user.type(inDialog().getAllByRole('combobox', { name: 'Alarm code' })[1]!, 'high_temperature');
    world.errors.delete('code');
    Object.assign(world, { code: 'HIGH_TEMPERATURE', saved: false });
  } else if (event.type === 'escalation.rowRemoved') {
    await user.click(inDialog().getByRole('button', { name: 'Remove row 2' }));
    world.errors.clear();
    Object.assign(world, { rows: 1, code: '', saved: false });
  } else if (event.type === 'escalation.save') {
    await user.click(inDialog().getByRole('button', { name: 'Save' }));
    const common = world.emails === BAD_EMAIL;
    const critical = world.critical === BAD_REPEAT;
    world.errors = new Set<ShownError>([
      ...(common ? (['emails'] as const) : []),
      ...(critical ? (['repeat'] as const) : []),
      ...(world.maxShelve === BAD_SHELVE ? (['maxShelve'] as const) : []),
      ...(world.rows === 2 && world.code === '' ? (['code'] as const) : []),
    ]);
    // The shown plan stays if it has an error, else the first plan with one is shown.
    if (!(world.plan === 'Critical' ? critical : common) && (common || critical))
      world.plan = common ? 'All priorities' : 'Critical';
    world.saved = false;
    if (world.errors.size === 0)
      world.expectedRequests.push(`PUT policy ${world.levels} levels${world.critical ? ' +critical' : ''}`);
  } else throw new Error(`No way to play ${type}`);
}

/** Where each error shows: the delays on their tab, a plan's on its plan, the shelving with the policy times. */
function errorShown(error: ShownError, world: EscalationWorld) {
  if (error === 'code') return world.tab === 'Delays';
  if (world.tab === 'Delays' || error === 'maxShelve') return world.tab === 'Escalation';
  return (error === 'repeat') === (world.plan === 'Critical');
}

/** The shown plan: its levels and repeat, or (a priority following the common plan) a word saying so. */
function planShown(world: EscalationWorld) {
  const panel = within(inDialog().getByRole('tabpanel'));
  const plan = panel.getByRole<HTMLSelectElement>('combobox', { name: 'Plan' });
  expect(plan.selectedOptions[0]!.textContent, 'the plan shown').toBe(world.plan);
  const own = panel.queryByRole<HTMLInputElement>('checkbox', { name: 'Own plan for critical alarms' });
  expect(own?.checked ?? null, 'the own-plan switch').toBe(
    world.plan === 'Critical' ? world.critical !== null : null,
  );
  const common = world.plan === 'All priorities';
  if (!common && world.critical === null) {
    expect(panel.getByText('These alarms follow the plan for all priorities.')).toBeTruthy();
    expect(panel.queryAllByRole('group', { name: /^Level \d$/ })).toHaveLength(0);
    return;
  }
  expect(panel.getAllByRole('group', { name: /^Level \d$/ })).toHaveLength(common ? world.levels : 1);
  expect(level(1).getByRole<HTMLInputElement>('textbox', { name: 'E-mail addresses' }).value).toBe(
    common ? world.emails : '',
  );
  expect(level(1).getByRole<HTMLInputElement>('checkbox', { name: 'anna' }).checked).toBe(true);
  const repeat = panel.getByRole<HTMLInputElement>('textbox', { name: 'Repeat until acknowledged every' });
  expect(repeat.value).toBe(common ? '30' : world.critical);
}

function editingShown(world: EscalationWorld) {
  expect(inDialog().getByRole('tab', { selected: true }).textContent).toBe(world.tab);
  const panel = within(inDialog().getByRole('tabpanel'));
  const errors = (Object.keys(ERROR) as ShownError[]).filter((e) => panel.queryByText(ERROR[e]));
  const visible = [...world.errors].filter((e) => errorShown(e, world));
  expect(errors.sort(), 'the errors shown at their fields').toEqual(visible.sort());
  if (world.tab === 'Escalation') {
    planShown(world);
    const shelve = panel.getByRole<HTMLInputElement>('textbox', { name: 'Longest shelving (minutes)' });
    expect(shelve.value).toBe(world.maxShelve);
    expect(panel.queryByRole('group', { name: 'Days' }) !== null).toBe(world.workingHours);
    const testRuns = panel.getByRole('list', { name: 'Last test alarms' });
    expect(
      within(testRuns)
        .getAllByRole('listitem')
        .map((run) => run.textContent),
    ).toEqual([
      `${instantAsUserWrites(TEST_RUNS[0]!.at)}: sent to anna@example.com (E-mail), anna (Push)`,
      `${instantAsUserWrites(TEST_RUNS[1]!.at)}: level 1 had no one to tell (no address, no subscribed browser)`,
    ]);
  } else {
    // A code the catalogues know is named under its field (the stored DOOR_OPEN, the typed HIGH_TEMPERATURE).
    const codes = panel.getAllByRole('combobox', { name: 'Alarm code' });
    expect(codes.map((code) => computeAccessibleDescription(code))).toEqual(
      ['Door open too long', world.code === 'HIGH_TEMPERATURE' ? 'High temperature' : ''].slice(
        0,
        world.rows,
      ),
    );
  }
  if (world.saved) expect(inDialog().getByRole('status').textContent).toBe('The policy was saved.');
  else expect(inDialog().queryByRole('status')).toBeNull();
}

describeViewPaths('alarm escalation, opened from the account menu', escalationPolicyMachine, {
  model,
  start,
  play,
  states: {
    loading: (_, world) => {
      expect(inDialog().getByRole('status').textContent).toBe('Loading the policy…');
      expect(world.server.waiting(), 'the policy waits for the server').toBe(true);
      expect(world.server.requests).toEqual(world.expectedRequests);
    },
    loadFailed: (_, world) => {
      expect(inDialog().getByRole('alert').textContent).toContain('While you act as another user');
      expect(inDialog().getByRole('button', { name: 'Try again' })).toBeTruthy();
      expect(inDialog().queryByRole('tablist')).toBeNull();
      expect(world.server.requests).toEqual(world.expectedRequests);
    },
    editing: (_, world) => {
      editingShown(world);
      expect(world.server.requests.filter((r) => r.startsWith('PUT'))).toEqual(
        world.expectedRequests.filter((r) => r.startsWith('PUT')),
      );
    },
    saving: (_, world) => {
      expect(inDialog().getByRole('status').textContent).toBe('Saving…');
      expect(inDialog().getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
      expect(world.server.requests.at(-1)).toBe(world.expectedRequests.at(-1));
    },
    closed: (_, world) => {
      dialogClosed(world);
    },
  },
});

// The covering walks end before a save finds an error in a plan not shown: played here on the same product.
describe('alarm escalation, saved with an error in a plan not shown', () => {
  it('shows the plan with the error and marks its field, and the longest shelving', async () => {
    const world = await start(() => {});
    await world.server.policy(POLICY);
    const plan = await inDialog().findByRole('combobox', { name: 'Plan' });
    await world.user.selectOptions(plan, 'Critical');
    await world.user.click(inDialog().getByRole('checkbox', { name: 'Own plan for critical alarms' }));
    await retype('Repeat until acknowledged every', BAD_REPEAT, world);
    await world.user.selectOptions(plan, 'All priorities');
    await retype('Longest shelving (minutes)', BAD_SHELVE, world);
    await world.user.click(inDialog().getByRole('button', { name: 'Save' }));
    Object.assign(world, { plan: 'Critical', critical: BAD_REPEAT, maxShelve: BAD_SHELVE });
    world.errors = new Set(['repeat', 'maxShelve']);
    editingShown(world);
    expect(world.server.requests).toEqual(['GET policy']);
  });

  it('marks a level told before the level above it at its delay, and saves once it is not', async () => {
    const world = await start(() => {});
    await world.server.policy(POLICY);
    await world.user.click(await inDialog().findByRole('button', { name: 'Add a level' }));
    const delayOf = (level: number) =>
      within(inDialog().getByRole('group', { name: `Level ${level}` })).getByRole('textbox', {
        name: 'Notify after',
      });
    await world.user.type(delayOf(2), '5'); // minutes, after 0 s on level 1
    await world.user.clear(delayOf(1));
    await world.user.type(delayOf(1), '600'); // seconds
    await world.user.click(inDialog().getByRole('button', { name: 'Save' }));
    expect(computeAccessibleDescription(delayOf(2))).toContain(ORDER_ERROR);
    expect(computeAccessibleDescription(delayOf(1))).not.toContain(ORDER_ERROR);
    expect(world.server.requests).toEqual(['GET policy']);
    await world.user.clear(delayOf(2));
    await world.user.type(delayOf(2), '10');
    await world.user.click(inDialog().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(world.server.requests).toEqual(['GET policy', 'PUT policy 2 levels']));
  });
});
