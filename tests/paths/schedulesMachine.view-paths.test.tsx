import '../support/fakes/resizeObserver';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeAll, expect } from 'vitest';
import type { InspectionEvent } from 'xstate';
import type { ReportSchedule } from '#contracts';
import { schedulesMachine } from '../../src/machines/reports/schedulesMachine';
import { storeSession } from '../support/dom/renderApp';
import { operatorSession } from '../support/fixtures/fixtures';
import { storeRow } from '../support/fixtures/fleetFixtures';
import { modelEvents } from '../support/paths/modelEvents';
import { AARHUS, COPENHAGEN } from '../support/fixtures/reportFixtures';
import { refusedWith, reportsServer, type ReportsServer } from '../support/servers/reportsPathServer';
import { describeViewPaths, renderProduct } from '../support/paths/viewPaths';
import { instantAsUserWrites } from '../support/dom/userDates';
import { server as msw } from '../ui/setup';

const schedules = modelEvents<typeof schedulesMachine>();
const WEEKLY: ReportSchedule = {
  id: '0b6f9c1e-3f7a-4c1e-9a55-1c2d3e4f5a6b',
  businessGroup: 'B1',
  businessGroupName: COPENHAGEN.name,
  frequency: 'weekly',
  recipients: ['qa@example.com'],
  timeZone: 'UTC',
  nextRunAt: '2026-01-19T06:00:00.000Z',
  lastSentAt: null,
};
const DAILY: ReportSchedule = {
  ...WEEKLY,
  id: '1c7fad2f-4f8b-4d2f-8b66-2d3e4f5a6b7c',
  businessGroup: 'B2',
  businessGroupName: AARHUS.name,
  frequency: 'daily',
  recipients: ['qa@example.com', 'ops@example.com'],
  nextRunAt: '2026-01-17T06:00:00.000Z',
  lastSentAt: '2026-01-16T06:00:00.000Z',
};
const GOOD = 'qa@example.com, ops@example.com';
const BAD = 'qa@example.com, not-an-address';

const LISTED = schedules.done('listSchedules', [WEEKLY]);
const LIST_FAILED = schedules.failed('listSchedules', { kind: 'unavailable' });
const SAVED = schedules.done('saveSchedule', [WEEKLY, DAILY]);
const SAVE_FORBIDDEN = schedules.failed('saveSchedule', { kind: 'forbidden', switched: false });
const REMOVED = schedules.done('removeSchedule');
const REMOVE_FAILED = schedules.failed('removeSchedule', { kind: 'unavailable' });

interface SchedulesWorld {
  user: UserEvent;
  server: ReportsServer;
  /** The rows the list should show, by accessible name. */
  rows: string[];
  list: ReportSchedule[];
  /** The schedule being changed (null: a new one), and the addresses typed. */
  draft: { id: string | null; recipients: string } | null;
  problem: boolean;
  failure: string | null;
  removing: string | null;
}

type SchedulesModelEvent = Parameters<typeof schedulesMachine.transition>[1];
const rowName = (s: ReportSchedule) => `${s.businessGroupName}, ${s.frequency}`;

async function start(inspect: (event: InspectionEvent) => void): Promise<SchedulesWorld> {
  storeSession(operatorSession);
  const server = reportsServer({ holdSchedules: true });
  msw.use(...server.handlers);
  renderProduct('/reports', { inspect });
  const stores = [COPENHAGEN, AARHUS].map((s) => storeRow(s.name, { hexacode: s.hexacode }));
  await server.answer('fleet', () => HttpResponse.json({ stores }));
  await screen.findByRole('region', { name: 'Scheduled reports' }, { timeout: 10_000 });
  const user = userEvent.setup({ delay: null });
  return { user, server, rows: [], list: [], draft: null, problem: false, failure: null, removing: null };
}

const section = () => within(screen.getByRole('region', { name: 'Scheduled reports' }));
const FAILED = 'The scheduled reports could not be read or changed; try again';

async function answerServer(event: SchedulesModelEvent, world: SchedulesWorld): Promise<boolean> {
  const { server } = world;
  const type: string = event.type;
  const listed = (list: ReportSchedule[]) =>
    Object.assign(world, { list, rows: list.map(rowName), failure: null });
  if (type === LISTED.type) {
    await server.answer('schedules', () => HttpResponse.json([WEEKLY]));
    listed([WEEKLY]);
  } else if (type === LIST_FAILED.type) {
    await server.answer('schedules', () => refusedWith(503));
    world.failure = FAILED;
  } else if (type === SAVED.type) {
    await server.answer('createSchedule', () => HttpResponse.json(DAILY, { status: 201 }));
    if (world.draft?.id) await server.answer('removeSchedule', () => new HttpResponse(null, { status: 204 }));
    await server.answer('schedules', () => HttpResponse.json([WEEKLY, DAILY]));
    listed([WEEKLY, DAILY]);
  } else if (type === SAVE_FORBIDDEN.type) {
    await server.answer('createSchedule', () => refusedWith(403));
    world.failure = 'you are not allowed to do this';
  } else if (type === REMOVED.type) {
    await server.answer('removeSchedule', () => new HttpResponse(null, { status: 204 }));
    listed(world.list.filter((s) => s.id !== world.removing));
  } else if (type === REMOVE_FAILED.type) {
    await server.answer('removeSchedule', () => refusedWith(503));
    world.failure = FAILED;
  } else return false;
  return true;
}

async function play(event: SchedulesModelEvent, world: SchedulesWorld) {
  if (await answerServer(event, world)) return;
  const { user } = world;
  const named = (id: string) => rowName(world.list.find((s) => s.id === id)!);
  if (event.type === 'schedules.retried') {
    await user.click(section().getByRole('button', { name: 'Try again' }));
    world.failure = null;
  } else if (event.type === 'schedule.addStarted') {
    await user.click(section().getByRole('button', { name: 'Schedule a report' }));
    Object.assign(world, { draft: { id: null, recipients: '' }, problem: false, failure: null });
  } else if (event.type === 'schedule.editStarted') {
    await user.click(section().getByRole('button', { name: `Change ${named(event.id)}` }));
    const recipients = world.list.find((s) => s.id === event.id)!.recipients.join(', ');
    Object.assign(world, { draft: { id: event.id, recipients }, problem: false, failure: null });
  } else if (event.type === 'schedule.draftChanged') {
    const field = section().getByRole('textbox', { name: /^Recipients/ });
    fireEvent.change(field, { target: { value: event.change.recipients } });
    Object.assign(world, {
      draft: { ...world.draft!, recipients: event.change.recipients! },
      problem: false,
    });
  } else if (event.type === 'schedule.saveRequested') {
    await user.click(section().getByRole('button', { name: 'Save schedule' }));
    world.problem = world.draft!.recipients.includes('not-an-address') || world.draft!.recipients === '';
  } else if (event.type === 'schedule.editCancelled') {
    await user.click(section().getByRole('button', { name: 'Cancel' }));
    world.draft = null;
  } else if (event.type === 'schedule.removeRequested') {
    await user.click(section().getByRole('button', { name: `Remove ${named(event.id)}` }));
    Object.assign(world, { removing: event.id, failure: null });
  } else throw new Error(`No way to play ${(event as { type: string }).type}`);
}

/** When a schedule's next report goes, and when its last one went, as the user writes dates. */
const whenOf = (schedule: ReportSchedule) =>
  `Next report ${instantAsUserWrites(schedule.nextRunAt)}; ` +
  (schedule.lastSentAt ? `last sent ${instantAsUserWrites(schedule.lastSentAt)}` : 'none sent yet');

function listShown(world: SchedulesWorld) {
  const rows = section().queryAllByRole('listitem');
  expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(world.rows);
  for (const row of rows) {
    const schedule = [WEEKLY, DAILY].find((s) =>
      row.getAttribute('aria-label')!.startsWith(s.businessGroupName),
    );
    expect(row.textContent, 'its next and last report').toContain(whenOf(schedule!));
  }
  expect(section().queryByRole('alert')?.textContent ?? null).toBe(world.failure);
}

beforeAll(
  () =>
    Promise.all([
      import('../../src/machines/app/provideSignedInWorld'),
      import('../../src/ui/layout/MainLayout'),
      import('../../src/ui/reports/ReportsScreen'),
    ]),
  60_000,
);

describeViewPaths('the scheduled reports, played on /reports', schedulesMachine, {
  model: {
    // The screen opens without a store: the first of the list is the one a new schedule starts with.
    input: { store: COPENHAGEN.hexacode },
    events: [
      LISTED,
      LIST_FAILED,
      SAVED,
      SAVE_FORBIDDEN,
      REMOVED,
      REMOVE_FAILED,
      { type: 'schedules.retried' },
      { type: 'schedule.addStarted' },
      { type: 'schedule.editStarted', id: WEEKLY.id },
      { type: 'schedule.draftChanged', change: { recipients: BAD } },
      { type: 'schedule.draftChanged', change: { recipients: GOOD } },
      { type: 'schedule.saveRequested' },
      { type: 'schedule.editCancelled' },
      { type: 'schedule.removeRequested', id: WEEKLY.id },
    ],
    serializeState: (s) =>
      JSON.stringify({
        value: s.value,
        ids: s.context.schedules.map((x) => x.id),
        draft: [s.context.draft.id, s.context.draft.recipients],
        problem: s.context.problem,
        failure: s.context.failure?.kind,
      }),
  },
  start,
  play,
  stop: (world) => world.server.release(),
  states: {
    loading: (_, world) => {
      expect(section().getByRole('status').textContent).toBe('Loading the scheduled reports…');
      expect(world.server.waiting()).toBe('schedules');
    },
    failed: (_, world) => {
      expect(section().getByRole('alert').textContent).toBe(FAILED);
      expect(section().getByRole('button', { name: 'Try again' })).toBeTruthy();
      expect(world.server.waiting()).toBeNull();
    },
    listed: (_, world) => {
      listShown(world);
      expect(section().getByRole('button', { name: 'Schedule a report' })).toBeTruthy();
      expect(section().queryByRole('form')).toBeNull();
      expect(world.server.waiting()).toBeNull();
    },
    editing: (_, world) => {
      const name = world.draft!.id ? 'Change the scheduled report' : 'New scheduled report';
      const form = within(section().getByRole('form', { name }));
      const field = form.getByRole<HTMLInputElement>('textbox', { name: /^Recipients/ });
      expect(field.value).toBe(world.draft!.recipients);
      expect(field.getAttribute('aria-invalid')).toBe(world.problem ? 'true' : null);
      // The refused field says why, read with the field.
      const why = world.problem ? 'Give 1 to 20 valid e-mail addresses' : null;
      expect(form.queryByText('Give 1 to 20 valid e-mail addresses')?.id ?? null).toBe(
        why && field.getAttribute('aria-describedby')!.split(' ')[1],
      );
      expect(section().queryByRole('alert')?.textContent ?? null).toBe(world.failure);
      expect(world.server.waiting()).toBeNull();
    },
    saving: (_, world) => {
      expect(section().getByRole<HTMLButtonElement>('button', { name: 'Save schedule' }).disabled).toBe(true);
      expect(world.server.waiting()).toBe('createSchedule');
      expect(world.server.sent.at(-1)!.body).toMatchObject({
        recipients: world.draft!.recipients.split(', '),
      });
    },
    removing: (_, world) => {
      expect(world.server.waiting()).toBe('removeSchedule');
      expect(world.server.sent.at(-1)!.url.pathname).toBe(`/api/v2/reports/schedules/${world.removing}`);
    },
  },
});
