import '../support/fakes/resizeObserver';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import * as v from 'valibot';
import { expect } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { DEFAULT_HISTORY_QUERY } from '../../src/machines/alarms/alarmHistory.events';
import { selectPageCount } from '../../src/machines/alarms/alarmHistory.selectors';
import { alarmAcknowledgeMachine } from '../../src/machines/alarms/alarmAcknowledgeMachine';
import { alarmHistoryMachine } from '../../src/machines/alarms/alarmHistoryMachine';
import { AlarmHistoryQuery, type AlarmHistoryRow, type AlarmHistoryQuery as HistoryQuery } from '#contracts';
import { alarmEntry, historyRow } from '../support/servers/alarmHandlers';
import {
  dialogNamed,
  noDialog,
  openAlarmMenu,
  refusal,
  renderAlarmsProduct,
} from '../support/worlds/alarmPathWorld';
import { heldAnswers, type HeldAnswers } from '../support/servers/heldRequests';
import { modelEvents } from '../support/paths/modelEvents';
import { describeViewPaths } from '../support/paths/viewPaths';
import { toastsAsExpected, toastsShown, type ToastsShown } from '../support/dom/toastsShown';
import { recordDownloads } from '../support/worlds/dashboardsPathWorld';

const freezer = alarmEntry('0A0B0C', 'Freezer 1', ['HIGH_TEMPERATURE']);
/** A failed call as the model's error says: the server's coded refusal with its reason, or an outage. */
const refusalOrOutage = (status: number, reason: string | undefined) =>
  reason ? refusal(status, reason) : new HttpResponse(null, { status: 503 });

// ─── Acknowledge: the Acknowledge button of an alarm in the menu, and its dialog ─────────────────────────────

const ack = modelEvents<typeof alarmAcknowledgeMachine>();
const LONG_COMMENT = 'x'.repeat(501);
const ACK_REASON = 'Alarm is already acknowledged';
const ACK_DONE = ack.done('acknowledgeAlarm');
const ACK_REFUSED = ack.failed(
  'acknowledgeAlarm',
  Object.assign(new Error(ACK_REASON), { reason: ACK_REASON }),
);
const ACK_FAILED = ack.failed('acknowledgeAlarm', new Error('network'));

interface AcknowledgeWorld {
  user: UserEvent;
  toasts: ToastsShown;
  acknowledgements: HeldAnswers<{ id: string; comment: string }>;
  dialog: boolean;
  justOpened: boolean;
  /** The comment field as the user left it. */
  comment: string;
  /** The refusal SPEC §8 shows in the dialog after a failed send. */
  error: string | null;
  expectedAcknowledgements: { id: string; comment: string }[];
  expectedToasts: string[];
}

const ackDialog = () => dialogNamed('Acknowledge alarm');
const commentField = () => within(ackDialog()).getByRole<HTMLInputElement>('textbox', { name: 'Comment' });
const ackButton = (name: string) => within(ackDialog()).getByRole<HTMLButtonElement>('button', { name });

function acknowledgementsSent(world: AcknowledgeWorld) {
  expect(world.acknowledgements.received).toEqual(world.expectedAcknowledgements);
  toastsAsExpected(world);
}

/** The dialog names the alarm and its device, keeps the comment as typed, and says what is wrong with it. */
function ackDialogShown(world: AcknowledgeWorld) {
  expect(world.dialog, 'the dialog is open').toBe(true);
  expect(within(ackDialog()).getByText('High temperature of Freezer 1')).toBeTruthy();
  expect(commentField().value).toBe(world.comment);
  const tooLong = world.comment.trim().length > 500;
  expect(within(ackDialog()).queryByText('Comment must be at most 500 characters') !== null).toBe(tooLong);
  expect(commentField().getAttribute('aria-invalid')).toBe(tooLong ? 'true' : null);
  expect(ackButton('Cancel').disabled).toBe(false);
  acknowledgementsSent(world);
}

type AcknowledgeModelEvent = Parameters<typeof alarmAcknowledgeMachine.transition>[1];

async function playAcknowledge(event: AcknowledgeModelEvent, world: AcknowledgeWorld) {
  const { user } = world;
  // The model's events include the invoked actor's, which the machine's event type leaves out.
  const type: string = event.type;
  world.justOpened = false;
  switch (event.type) {
    case 'acknowledge.open':
      await openAlarmMenu(user);
      await user.click(screen.getByRole('button', { name: 'Acknowledge High temperature of Freezer 1' }));
      Object.assign(world, { dialog: true, justOpened: true, comment: '', error: null });
      return;
    case 'acknowledge.changeComment':
      await user.clear(commentField());
      // Pasted: typing 501 characters one by one would take too long.
      if (event.text) await user.paste(event.text);
      world.comment = event.text;
      return;
    case 'acknowledge.send':
      await user.click(ackButton('Acknowledge'));
      // SPEC §4: the comment is sent trimmed, for the alarm the dialog is about.
      world.expectedAcknowledgements.push({ id: freezer.alarms[0]!.id, comment: world.comment.trim() });
      return;
    case 'acknowledge.cancel':
      await user.click(ackButton('Cancel'));
      world.dialog = false;
      return;
  }
  if (type === ACK_DONE.type) {
    await world.acknowledgements.answer(() => new HttpResponse(null, { status: 204 }));
    world.dialog = false;
    world.expectedToasts.push('Alarm acknowledged');
    return;
  }
  const refused = (event as { error?: { reason?: string } }).error?.reason;
  await world.acknowledgements.answer(() => refusalOrOutage(409, refused));
  world.error = refused ?? 'The alarm could not be acknowledged';
}

describeViewPaths('alarm acknowledge, played from the alarms menu', alarmAcknowledgeMachine, {
  model: {
    events: [
      { type: 'acknowledge.open', target: { alarm: freezer.alarms[0]!, deviceName: 'Freezer 1' } },
      // Spaces around the comment: it is sent trimmed.
      { type: 'acknowledge.changeComment', text: ' Door closed ' },
      { type: 'acknowledge.changeComment', text: LONG_COMMENT },
      { type: 'acknowledge.send' },
      { type: 'acknowledge.cancel' },
      ACK_DONE,
      ACK_REFUSED,
      ACK_FAILED,
    ],
    serializeState: (s) =>
      JSON.stringify({
        value: s.value,
        comment: s.context.comment === '' ? 'empty' : s.context.comment.length > 500 ? 'long' : 'short',
        error: s.context.error,
      }),
  },
  async start(inspect: (event: InspectionEvent) => void) {
    const acknowledgements = heldAnswers(
      'post',
      '*/api/v2/alarms/:id/acknowledge',
      async (request, params) => ({
        id: String(params.id),
        comment: ((await request.json()) as { comment: string }).comment,
      }),
    );
    await renderAlarmsProduct(inspect, [freezer], [acknowledgements.handler]);
    const world: AcknowledgeWorld = {
      user: userEvent.setup({ delay: null }),
      toasts: toastsShown(),
      acknowledgements,
      dialog: false,
      justOpened: false,
      comment: '',
      error: null,
      expectedAcknowledgements: [],
      expectedToasts: [],
    };
    return world;
  },
  play: (event, world) => playAcknowledge(event, world),
  stop: (world) => {
    world.acknowledgements.release();
  },
  states: {
    closed: (_, world) => {
      expect(world.dialog, 'the dialog is open').toBe(false);
      noDialog('Acknowledge alarm');
      expect(world.acknowledgements.waiting(), 'no acknowledgement waits').toBe(0);
      // The alarm stays acknowledgeable from the menu until the stream says who acknowledged it.
      expect(screen.getByRole('button', { name: 'Alarms, 1 active' })).toBeTruthy();
      acknowledgementsSent(world);
    },
    editing: (_, world) => {
      ackDialogShown(world);
      expect(ackButton('Acknowledge').disabled).toBe(world.comment.trim().length > 500);
      expect(commentField().disabled).toBe(false);
      const alert = within(ackDialog()).queryByRole('alert');
      expect(alert?.textContent ?? null, 'the refusal shown').toBe(world.error);
      // A modal dialog: the focus moves into it as it opens (and stays trapped there).
      if (world.justOpened)
        expect(ackDialog().contains(document.activeElement), 'focus in the dialog').toBe(true);
      expect(world.acknowledgements.waiting(), 'no acknowledgement waits').toBe(0);
    },
    sending: (_, world) => {
      ackDialogShown(world);
      // One send at a time: the dialog waits for the server's answer.
      expect(ackButton('Acknowledge').disabled).toBe(true);
      expect(world.acknowledgements.waiting(), 'the acknowledgement waits for the server').toBe(1);
    },
  },
});

// ─── History: the menu's Alarm history entry, and the dialog's filters, sort headers and pagination ──────────

const history = modelEvents<typeof alarmHistoryMachine>();
/** The history the server pages: 30 rows, three pages of 10. */
const ROWS = Array.from({ length: 30 }, (_, index) => historyRow(index));
const HISTORY_REASON = 'Range is too long';
const HISTORY_DONE = history.done('loadHistory', { data: [historyRow(0)], recordsFiltered: ROWS.length });
const HISTORY_REFUSED = history.failed(
  'loadHistory',
  Object.assign(new Error(HISTORY_REASON), { reason: HISTORY_REASON }),
);
const HISTORY_FAILED = history.failed('loadHistory', new Error('network'));
const HISTORY_SAVED = history.done('downloadCsv', {
  fileName: 'alarm-history.csv',
  blob: new Blob(['id\r\n']),
});
const HISTORY_SAVE_FAILED = history.failed('downloadCsv', new Error('503'));
const HISTORY_CSV = 'id,occuredAt\r\n';
const COLUMN = { occuredAt: 'Occurred', deviceName: 'Device' } as Record<string, string>;

interface HistoryWorld {
  user: UserEvent;
  toasts: ToastsShown;
  loads: HeldAnswers<HistoryQuery>;
  dialog: boolean;
  /** What SPEC §9 says the dialog asks the server for now. */
  query: HistoryQuery;
  /** The Device filter as typed, and whether Apply showed it invalid. */
  draft: string;
  draftInvalid: boolean;
  /** The rows the server answered the last load with. */
  shown: AlarmHistoryRow[];
  error: string | null;
  expectedLoads: HistoryQuery[];
  expectedToasts: string[];
  /** The files handed to the browser, and those the path expects. */
  downloads: { name: string; text: Promise<string> }[];
  expectedDownloads: string[];
  restore: () => void;
}

const historyDialog = () => dialogNamed('Alarm history');
const inHistory = () => within(historyDialog());
const hexacodeField = () => inHistory().getByRole<HTMLInputElement>('combobox', { name: 'Device' });

function load(world: HistoryWorld, query: Partial<HistoryQuery>) {
  world.query = { ...world.query, ...query };
  world.expectedLoads.push(world.query);
}

/** The filters as typed, the sort the query asks for, and every load the dialog sent. */
function historyShown(world: HistoryWorld) {
  expect(world.dialog, 'the dialog is open').toBe(true);
  expect(hexacodeField().value).toBe(world.draft);
  expect(inHistory().queryByText('Hexacode is invalid') !== null, 'Hexacode is invalid').toBe(
    world.draftInvalid,
  );
  for (const [field, label] of Object.entries(COLUMN)) {
    const header = inHistory()
      .getByRole('button', { name: `Sort by ${label}` })
      .closest('th')!;
    const sort = world.query.sortDirection === 'ASC' ? 'ascending' : 'descending';
    expect(header.getAttribute('aria-sort'), `${label} column`).toBe(
      world.query.sortField === field ? sort : 'none',
    );
  }
  expect(world.loads.received, 'the loads sent').toEqual(world.expectedLoads);
  expect(
    world.downloads.map((file) => file.name),
    'the files saved',
  ).toEqual(world.expectedDownloads);
  toastsAsExpected(world);
}

/** The CSV button: named for what it does now, offered once a page of rows is shown. */
const csvButton = (name = 'Download CSV') => inHistory().getByRole<HTMLButtonElement>('button', { name });

const hexacodeValid = (text: string) => /^[0-9A-Fa-f]{1,16}$/.test(text.trim()) || text.trim() === '';

type HistoryModelEvent = Parameters<typeof alarmHistoryMachine.transition>[1];

async function playHistory(event: HistoryModelEvent, world: HistoryWorld) {
  const { user } = world;
  const type: string = event.type;
  const { hexacode: _h, ...unfiltered } = world.query;
  switch (event.type) {
    case 'history.open':
      await user.click(await openAlarmMenu(user));
      Object.assign(world, { dialog: true, query: DEFAULT_HISTORY_QUERY, draft: '', draftInvalid: false });
      Object.assign(world, { shown: [], error: null });
      return load(world, {});
    case 'history.close':
      await user.click(inHistory().getByRole('button', { name: 'Close' }));
      world.dialog = false;
      // A load left behind is answered late: the closed dialog must not show it.
      return world.loads.release();
    case 'history.changePage':
      await user.click(inHistory().getByRole('button', { name: `Page ${event.page + 1}` }));
      return load(world, { page: event.page });
    case 'history.changePageLength':
      await user.click(inHistory().getByRole('button', { name: 'Rows per page' }));
      await user.click(await screen.findByRole('option', { name: String(event.pageLength) }));
      return load(world, { pageLength: event.pageLength, page: 0 });
    case 'history.sort': {
      const { field } = event;
      await user.click(inHistory().getByRole('button', { name: `Sort by ${COLUMN[field]}` }));
      const again = world.query.sortField === field && world.query.sortDirection === 'ASC';
      return load(world, { sortField: field, sortDirection: again ? 'DESC' : 'ASC', page: 0 });
    }
    case 'history.editFilter':
      await user.clear(hexacodeField());
      if (event.text) await user.type(hexacodeField(), event.text);
      world.draft = event.text;
      return;
    case 'history.applyFilters':
      await user.click(inHistory().getByRole('button', { name: 'Apply filters' }));
      world.draftInvalid = !hexacodeValid(world.draft);
      if (world.draftInvalid) return;
      world.query = unfiltered;
      return load(world, { ...(world.draft ? { hexacode: world.draft.trim() } : {}), page: 0 });
    case 'history.clearFilters':
      await user.click(inHistory().getByRole('button', { name: 'Clear filters' }));
      Object.assign(world, { query: unfiltered, draft: '', draftInvalid: false });
      return load(world, { page: 0 });
    case 'history.download':
      await user.click(csvButton());
      // The file holds every row the applied filters match, in the order shown: the query, as CSV.
      return void world.expectedLoads.push({ ...world.query, format: 'csv' });
  }
  if (type === HISTORY_SAVED.type) {
    world.expectedDownloads.push('alarm-history.csv');
    const headers = { 'content-disposition': 'attachment; filename="alarm-history.csv"' };
    return world.loads.answer(() => HttpResponse.text(HISTORY_CSV, { headers }));
  }
  if (type === HISTORY_SAVE_FAILED.type) {
    world.expectedToasts.push('The CSV could not be downloaded.');
    return world.loads.answer(() => new HttpResponse(null, { status: 503 }));
  }
  if (type === HISTORY_DONE.type) {
    const { page, pageLength } = world.query;
    world.shown = ROWS.slice(page * pageLength, (page + 1) * pageLength);
    world.error = null;
    const body = { data: world.shown, recordsFiltered: ROWS.length };
    return world.loads.answer(() => HttpResponse.json(body));
  }
  const refused = (event as { error?: { reason?: string } }).error?.reason;
  await world.loads.answer(() => refusalOrOutage(400, refused));
  const error = refused
    ? `Alarm history could not be loaded: ${refused}`
    : 'Alarm history could not be loaded';
  world.error = error;
  // SPEC §8: a failed load is also a notification, with the reason.
  world.expectedToasts.push(error);
}

describeViewPaths('alarm history, played in the alarm history dialog', alarmHistoryMachine, {
  model: {
    events: [
      { type: 'history.open', dateFormat: 'dd-LL-yyyy HH:mm', timeZone: 'UTC' },
      { type: 'history.close' },
      HISTORY_DONE,
      HISTORY_REFUSED,
      HISTORY_FAILED,
      { type: 'history.changePage', page: 2 },
      { type: 'history.changePageLength', pageLength: 25 },
      { type: 'history.sort', field: 'deviceName' },
      { type: 'history.editFilter', field: 'hexacode', text: 'ZZ' },
      { type: 'history.editFilter', field: 'hexacode', text: '0A0B0C' },
      { type: 'history.applyFilters' },
      { type: 'history.clearFilters' },
      { type: 'history.download' },
      HISTORY_SAVED,
      HISTORY_SAVE_FAILED,
    ],
    serializeState: (s) =>
      JSON.stringify({
        value: s.value,
        query: s.context.query,
        draft: s.context.draft.hexacode,
        errors: Object.keys(s.context.filterErrors),
        error: s.context.error,
        loaded: s.context.page !== null,
      }),
    // The pagination offers a page only once a load has told how many there are.
    filterEvents: (s, event) =>
      event.type !== 'history.changePage' || (s.context.page !== null && event.page < selectPageCount(s)),
  },
  async start(inspect: (event: InspectionEvent) => void) {
    const loads = heldAnswers('get', '*/api/v2/alarms/history', (request) =>
      v.parse(AlarmHistoryQuery, Object.fromEntries(new URL(request.url).searchParams)),
    );
    await renderAlarmsProduct(inspect, [], [loads.handler]);
    const downloads: HistoryWorld['downloads'] = [];
    const world: HistoryWorld = {
      downloads,
      expectedDownloads: [],
      restore: recordDownloads(downloads),
      user: userEvent.setup({ delay: null }),
      toasts: toastsShown(),
      loads,
      dialog: false,
      query: DEFAULT_HISTORY_QUERY,
      draft: '',
      draftInvalid: false,
      shown: [],
      error: null,
      expectedLoads: [],
      expectedToasts: [],
    };
    return world;
  },
  play: (event, world) => playHistory(event, world),
  stop: (world) => {
    world.loads.release();
    world.restore();
  },
  states: {
    closed: (_, world) => {
      expect(world.dialog, 'the dialog is open').toBe(false);
      noDialog('Alarm history');
      expect(world.loads.received, 'the loads sent').toEqual(world.expectedLoads);
      toastsAsExpected(world);
    },
    'open.loading': (_, world) => {
      historyShown(world);
      expect(csvButton().disabled, 'the CSV waits for the page').toBe(true);
      expect(inHistory().getByText('Loading…')).toBeTruthy();
      expect(inHistory().queryByRole('alert')).toBeNull();
      expect(world.loads.waiting(), 'a load waits for the server').toBeGreaterThan(0);
    },
    'open.ready': (_, world) => {
      historyShown(world);
      expect(csvButton().disabled, 'the CSV may be saved').toBe(false);
      expect(inHistory().queryByText('Loading…')).toBeNull();
      expect(inHistory().queryByRole('alert')).toBeNull();
      expect(world.loads.waiting(), 'no load waits').toBe(0);
      const rows = inHistory().getAllByRole('row').slice(1);
      expect(rows.map((row) => row.children[3]!.textContent)).toEqual(
        world.shown.map((row) => row.deviceName),
      );
      const { page, pageLength } = world.query;
      const last = Math.min(ROWS.length, (page + 1) * pageLength);
      expect(inHistory().getByText(`${page * pageLength + 1}–${last} of ${ROWS.length}`)).toBeTruthy();
      const current = inHistory().getByRole('button', { name: `Page ${page + 1}` });
      expect(current.getAttribute('aria-current')).toBe('page');
    },
    'open.downloading': (_, world) => {
      historyShown(world);
      expect(csvButton('Preparing the CSV…').disabled, 'one CSV at a time').toBe(true);
      // The page stays shown while the server writes the file.
      const rows = inHistory().getAllByRole('row').slice(1);
      expect(rows.map((row) => row.children[3]!.textContent)).toEqual(
        world.shown.map((row) => row.deviceName),
      );
      expect(world.loads.waiting(), 'the CSV waits for the server').toBeGreaterThan(0);
    },
    'open.failed': (_, world) => {
      historyShown(world);
      expect(csvButton().disabled, 'no CSV of a page not shown').toBe(true);
      expect(inHistory().queryByText('Loading…')).toBeNull();
      expect(inHistory().getByRole('alert').textContent).toBe(world.error);
      expect(world.loads.waiting(), 'no load waits').toBe(0);
    },
  },
});
