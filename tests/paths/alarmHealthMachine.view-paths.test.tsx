import '../support/fakes/resizeObserver';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { alarmHealthMachine } from '../../src/machines/alarmHealth/alarmHealthMachine';
import type { AlarmHealth } from '#contracts';
import { storeSession } from '../support/dom/renderApp';
import { instantAsUserWrites } from '../support/dom/userDates';
import { QUIET_DAY, WEEK } from '../support/fixtures/alarmHealthFixtures';
import { alarmHealthServer, type AlarmHealthServer } from '../support/servers/alarmHealthServer';
import { dialogClosed, loadFailedShown, openAccountDialog } from '../support/worlds/accountDialogPath';
import type { ModelOptions } from '../support/paths/coveringPaths';
import { accountSettings } from '../support/fixtures/fixtures';
import { modelEvents } from '../support/paths/modelEvents';
import { adminSession } from '../support/fixtures/switchSessions';
import { describeViewPaths } from '../support/paths/viewPaths';

type AlarmHealthModelEvent = Parameters<typeof alarmHealthMachine.transition>[1];
const { done, failed } = modelEvents<typeof alarmHealthMachine>();

const LOADED = done('loadHealth', WEEK);
const LOAD_FAILED = failed('loadHealth', new Error('500'));

const model: ModelOptions<typeof alarmHealthMachine> = {
  input: { session: adminSession, settings: accountSettings },
  events: [
    LOADED,
    LOAD_FAILED,
    { type: 'alarmHealth.rangeChose', days: 1 },
    { type: 'alarmHealth.retry' },
    { type: 'alarmHealth.close' },
  ],
  serializeState: (s) => JSON.stringify({ value: s.value, days: s.context.days }),
  // The server answers only while the figures load; a range is chosen only once they show.
  filterEvents: (s, e) =>
    e.type.startsWith('xstate.')
      ? s.matches('loading')
      : e.type === 'alarmHealth.rangeChose'
        ? s.matches('shown') && s.context.days !== e.days
        : true,
};

/** What the administrator chose and the server answered, and what the dialog should make of it. */
interface AlarmHealthWorld {
  user: UserEvent;
  server: AlarmHealthServer;
  range: string;
  shown: AlarmHealth | null;
  expectedRequests: string[];
  closed: boolean;
  escapes: number;
}

async function start(inspect: (event: InspectionEvent) => void): Promise<AlarmHealthWorld> {
  storeSession(adminSession);
  const user = userEvent.setup({ delay: null });
  const world: AlarmHealthWorld = {
    user,
    server: alarmHealthServer(),
    range: 'Last 7 days',
    shown: null,
    expectedRequests: ['7 days'],
    closed: false,
    escapes: 0,
  };
  await openAccountDialog(user, 'Alarm health', { inspect });
  return world;
}

const inDialog = () => within(screen.getByRole('dialog', { name: 'Alarm health' }));
const rangeBox = () => inDialog().getByRole<HTMLSelectElement>('combobox', { name: 'Range' });

async function play(event: AlarmHealthModelEvent, world: AlarmHealthWorld) {
  const { user, server } = world;
  const type: string = event.type;
  if (event.type === 'alarmHealth.rangeChose') {
    await user.selectOptions(rangeBox(), 'Last 24 hours');
    world.range = 'Last 24 hours';
    world.expectedRequests.push('1 days');
  } else if (event.type === 'alarmHealth.retry') {
    await user.click(inDialog().getByRole('button', { name: 'Try again' }));
    world.expectedRequests.push(world.range === 'Last 7 days' ? '7 days' : '1 days');
  } else if (event.type === 'alarmHealth.close') {
    if (world.escapes++ % 2 === 0) await user.keyboard('{Escape}');
    else await user.click(inDialog().getByRole('button', { name: 'Close' }));
    world.closed = true;
  } else if (type === LOADED.type) {
    // The week's figures for the week, a quiet day's for the day.
    world.shown = world.range === 'Last 7 days' ? WEEK : QUIET_DAY;
    await server.health(world.shown);
  } else if (type === LOAD_FAILED.type) {
    await server.unavailable();
  } else throw new Error(`No way to play ${type}`);
}

/** Each figure's label, value and whether it is flagged over its target, as the dialog lists them. */
function figuresShown(): string[] {
  const list = within(inDialog().getByRole('region', { name: 'Figures of the range' }));
  return list
    .getAllByRole('definition')
    .map((value, i) => `${list.getAllByRole('term')[i]!.textContent}: ${value.textContent}`);
}

function figuresOf(health: AlarmHealth): string[] {
  const over = (flag: boolean) => (flag ? 'Over target' : '');
  return [
    `Alarms raised: ${health.total.toLocaleString('en')}`,
    `Average per hour: ${health.averagePerHour}${over(health.averagePerHour > 6)}`,
    `Most in 10 minutes: ${health.peakPer10Minutes}${over(health.peakPer10Minutes > 10)}`,
    `Floods: ${health.floods.length}${over(health.floods.length > 0)}`,
    `Standing alarms: ${health.standing.length}${over(health.standing.length > 0)}`,
    `Chattering alarms: ${health.chattering.length}${over(health.chattering.length > 0)}`,
    `Shelved: ${health.shelved}`,
    `Suppressed: ${health.suppressed}`,
  ];
}

function asked(world: AlarmHealthWorld) {
  expect(world.server.requests, 'the ranges asked for').toEqual(world.expectedRequests);
}

/** The rows' texts of the dialog's table `name`; none when the table is not shown. */
const rowsOf = (name: string) => {
  const table = inDialog().queryByRole('table', { name });
  return table
    ? within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent)
    : [];
};

describeViewPaths('alarm health, opened from the account menu', alarmHealthMachine, {
  model,
  start,
  play,
  states: {
    loading: (_, world) => {
      expect(inDialog().getByRole('status').textContent).toBe('Measuring the alarms…');
      expect(rangeBox().disabled).toBe(true);
      expect(rangeBox().selectedOptions[0]!.textContent).toBe(world.range);
      expect(world.server.waiting(), 'the figures wait for the server').toBe(true);
      asked(world);
    },
    shown: (_, world) => {
      const health = world.shown!;
      expect(rangeBox().disabled).toBe(false);
      expect(rangeBox().selectedOptions[0]!.textContent).toBe(world.range);
      expect(figuresShown()).toEqual(figuresOf(health));
      if (health.topOffenders.length === 0)
        expect(inDialog().getByText('No alarm was raised in this range.')).toBeTruthy();
      else {
        const rows = within(inDialog().getByRole('table', { name: 'Top offenders' }))
          .getAllByRole('row')
          .slice(1);
        expect(rows.map((row) => row.textContent)).toEqual(
          health.topOffenders.map(
            (o) =>
              `${o.deviceName} ${o.hexacode}${o.department}.${o.subDepartment}${o.translation}${o.count}`,
          ),
        );
      }
      // Which alarms are standing and which chatter, named: EEMUA 191's work list.
      expect(rowsOf('Standing alarms')).toEqual(
        health.standing.map(
          (a) =>
            `${a.deviceName} ${a.hexacode}${a.department}.${a.subDepartment}${a.translation}` +
            `${instantAsUserWrites(a.raisedAt)}${a.clearedAt ? instantAsUserWrites(a.clearedAt) : 'Still active'}`,
        ),
      );
      expect(rowsOf('Chattering alarms')).toEqual(
        health.chattering.map(
          (a) =>
            `${a.deviceName} ${a.hexacode}${a.department}.${a.subDepartment}${a.translation}${a.peak}${a.count}`,
        ),
      );
      asked(world);
    },
    loadFailed: (_, world) => {
      loadFailedShown(inDialog(), 'The alarm health could not be loaded', world.server);
      asked(world);
    },
    closed: (_, world) => {
      dialogClosed(world);
      asked(world);
    },
  },
});
