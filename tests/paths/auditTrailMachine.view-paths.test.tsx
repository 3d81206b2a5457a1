import '../support/fakes/resizeObserver';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { InspectionEvent } from 'xstate';
import type { AuditChain, AuditEntry } from '#contracts';
import { AUDIT_PAGE, auditTrailMachine } from '../../src/machines/auditTrail/auditTrailMachine';
import { storeSession } from '../support/dom/renderApp';
import { instantAsUserWrites } from '../support/dom/userDates';
import { auditEntries } from '../support/fixtures/auditFixtures';
import { accountSettings } from '../support/fixtures/fixtures';
import { adminSession } from '../support/fixtures/switchSessions';
import type { ModelOptions } from '../support/paths/coveringPaths';
import { modelEvents } from '../support/paths/modelEvents';
import { describeViewPaths } from '../support/paths/viewPaths';
import { auditServer, type AuditServer } from '../support/servers/auditServer';
import { openAccountDialog } from '../support/worlds/accountDialogPath';
import { recordDownloads } from '../support/worlds/dashboardsPathWorld';

type AuditModelEvent = Parameters<typeof auditTrailMachine.transition>[1];
const { done, failed } = modelEvents<typeof auditTrailMachine>();

/** A page with more behind it (one entry more than a page), or the last few of the trail. */
const FULL = AUDIT_PAGE + 1;
const FEW = 3;
const LOADED_FULL = done('loadEntries', auditEntries(FULL, 500));
/** A trail, or a filter, with nothing in it. */
const LOADED_NONE = done('loadEntries', []);
const LOAD_FAILED = failed('loadEntries', new Error('503'));
const OLDER_FULL = done('loadOlder', auditEntries(FULL, 449));
const OLDER_FEW = done('loadOlder', auditEntries(FEW, 449));
const OLDER_FAILED = failed('loadOlder', new Error('503'));
const SAVED = done('downloadCsv', { fileName: 'audit.csv', blob: new Blob(['seq\r\n']) });
const SAVE_FAILED = failed('downloadCsv', new Error('503'));
const INTACT: AuditChain = { entries: 1234, broken: null };
const BROKEN: AuditChain = { entries: 56, broken: { seq: 57, reason: 'hash' } };
const CHAIN_INTACT = done('checkChain', INTACT);
const CHAIN_BROKEN = done('checkChain', BROKEN);
const CHAIN_FAILED = failed('checkChain', new Error('503'));
const CSV = 'seq,at,user\r\n500,2026-11-20T16:20:00.000Z,admin\r\n';

const model: ModelOptions<typeof auditTrailMachine> = {
  input: { session: adminSession, settings: accountSettings },
  events: [
    LOADED_FULL,
    LOADED_NONE,
    LOAD_FAILED,
    OLDER_FULL,
    OLDER_FEW,
    OLDER_FAILED,
    SAVED,
    SAVE_FAILED,
    CHAIN_INTACT,
    CHAIN_BROKEN,
    CHAIN_FAILED,
    { type: 'auditTrail.filterEdited', field: 'device', value: '1A01XZ' },
    { type: 'auditTrail.filterEdited', field: 'device', value: '1a0102' },
    { type: 'auditTrail.filterEdited', field: 'action', value: 'limit.change' },
    { type: 'auditTrail.filterApplied' },
    { type: 'auditTrail.olderRequested' },
    { type: 'auditTrail.downloadRequested' },
    { type: 'auditTrail.chainCheckRequested' },
    { type: 'auditTrail.retry' },
    { type: 'auditTrail.close' },
  ],
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      draft: s.context.draft,
      errors: s.context.showErrors,
      older: s.context.hasOlder,
      failure: s.context.failure,
      paged: s.context.entries.length > AUDIT_PAGE,
      chain: s.context.chain?.broken ? 'broken' : s.context.chain ? 'intact' : 'unchecked',
    }),
  // Each answer comes while its call waits; the filters and buttons act only while the entries show and nothing
  // loads, and the older entries are offered only when there are some.
  filterEvents: (s, e) => {
    const type: string = e.type;
    if (type.includes('.loadEntries')) return s.matches('loading');
    if (type.includes('.loadOlder')) return s.matches('loadingOlder');
    if (type.includes('.downloadCsv')) return s.matches('downloading');
    if (type.includes('.checkChain')) return s.matches('checkingChain');
    if (e.type === 'auditTrail.filterEdited')
      return s.matches('shown') && s.context.draft[e.field] !== e.value;
    if (e.type === 'auditTrail.olderRequested') return s.matches('shown') && s.context.hasOlder;
    if (
      e.type === 'auditTrail.filterApplied' ||
      e.type === 'auditTrail.downloadRequested' ||
      e.type === 'auditTrail.chainCheckRequested'
    )
      return s.matches('shown');
    return true;
  },
};

/** What the administrator did and the server answered, and what the dialog should show for it. */
interface AuditWorld {
  user: UserEvent;
  server: AuditServer;
  device: string;
  action: string;
  /** The filters of the last applied request, as the API is asked for them. */
  applied: { hexacode?: string; action?: string };
  shown: AuditEntry[];
  hasOlder: boolean;
  /** A refused apply: the device field says why. */
  deviceRefused: boolean;
  failure: string | null;
  /** What the last check of the chain said ('' before one). */
  chain: string;
  expectedRequests: string[];
  downloads: { name: string; text: Promise<string> }[];
  expectedDownloads: string[];
  restore: () => void;
  closed: boolean;
  turns: number;
}

const isHexacode = (text: string) => /^[0-9A-Fa-f]{1,16}$/.test(text);

async function start(inspect: (event: InspectionEvent) => void): Promise<AuditWorld> {
  storeSession(adminSession);
  const user = userEvent.setup({ delay: null });
  const downloads: AuditWorld['downloads'] = [];
  const world: AuditWorld = {
    user,
    server: auditServer(),
    device: '',
    action: '',
    applied: {},
    shown: [],
    hasOlder: false,
    deviceRefused: false,
    failure: null,
    chain: '',
    expectedRequests: [`limit=${FULL} format=json`],
    downloads,
    expectedDownloads: [],
    restore: recordDownloads(downloads),
    closed: false,
    turns: 0,
  };
  await openAccountDialog(user, 'Audit trail', { inspect });
  return world;
}

const inDialog = () => within(screen.getByRole('dialog', { name: 'Audit trail' }));
const deviceField = () => inDialog().getByRole<HTMLInputElement>('textbox', { name: 'Device (hexacode)' });
const actionBox = () => inDialog().getByRole<HTMLSelectElement>('combobox', { name: 'Change' });
const filterQuery = (world: AuditWorld) =>
  [
    ...(world.applied.hexacode ? [`hexacode=${world.applied.hexacode}`] : []),
    ...(world.applied.action ? [`action=${world.applied.action}`] : []),
  ].join(' ');
const asked = (world: AuditWorld, what: string) =>
  world.expectedRequests.push([filterQuery(world), what].filter(Boolean).join(' '));

/** Entries older than those shown (or the newest), `count` of them, the answer to the request that waits. */
async function answerEntries(world: AuditWorld, count: number, older: boolean) {
  const newest = older ? world.shown.at(-1)!.seq - 1 : 500;
  const page = auditEntries(count, newest);
  await world.server.entries(page);
  world.shown = [...(older ? world.shown : []), ...page.slice(0, AUDIT_PAGE)];
  world.hasOlder = count > AUDIT_PAGE;
  world.failure = null;
}

async function play(event: AuditModelEvent, world: AuditWorld) {
  const { user, server } = world;
  const type: string = event.type;
  if (event.type === 'auditTrail.filterEdited') {
    if (event.field === 'device') {
      await user.clear(deviceField());
      await user.type(deviceField(), event.value);
      world.device = event.value;
      // Once an apply was refused, the field says whether it can be applied as it is typed.
      world.deviceRefused &&= !isHexacode(event.value);
    } else {
      await user.selectOptions(actionBox(), 'Changed a food-safety limit');
      world.action = event.value;
    }
  } else if (event.type === 'auditTrail.filterApplied') {
    // Show, or Enter in the device field.
    if (world.turns++ % 2 === 0) await user.click(inDialog().getByRole('button', { name: 'Show' }));
    else await user.type(deviceField(), '{Enter}');
    world.deviceRefused = world.device !== '' && !isHexacode(world.device);
    if (!world.deviceRefused) {
      world.applied = {
        hexacode: world.device.toUpperCase() || undefined,
        action: world.action || undefined,
      };
      asked(world, `limit=${FULL} format=json`);
    }
  } else if (event.type === 'auditTrail.olderRequested') {
    await user.click(inDialog().getByRole('button', { name: 'Show older entries' }));
    asked(world, `before=${world.shown.at(-1)!.seq} limit=${FULL} format=json`);
  } else if (event.type === 'auditTrail.downloadRequested') {
    await user.click(inDialog().getByRole('button', { name: 'Download CSV' }));
    asked(world, 'limit=5000 format=csv');
  } else if (event.type === 'auditTrail.chainCheckRequested') {
    await user.click(inDialog().getByRole('button', { name: 'Check the chain' }));
    world.expectedRequests.push('chain');
  } else if (event.type === 'auditTrail.retry') {
    await user.click(inDialog().getByRole('button', { name: 'Try again' }));
    asked(world, `limit=${FULL} format=json`);
  } else if (event.type === 'auditTrail.close') {
    if (world.turns++ % 2 === 0) await user.keyboard('{Escape}');
    else await user.click(inDialog().getByRole('button', { name: 'Close' }));
    world.closed = true;
  } else if (type === LOADED_FULL.type) {
    await answerEntries(world, (event as unknown as { output: unknown[] }).output.length, false);
  } else if (type === OLDER_FULL.type) {
    await answerEntries(world, (event as unknown as { output: unknown[] }).output.length, true);
  } else if (type === LOAD_FAILED.type) {
    await server.unavailable();
  } else if (type === OLDER_FAILED.type) {
    await server.unavailable();
    world.failure = 'The older entries could not be loaded.';
  } else if (type === SAVED.type) {
    await server.csv(CSV);
    world.expectedDownloads.push('audit.csv');
    world.failure = null;
  } else if (type === CHAIN_INTACT.type) {
    const chain = (event as unknown as { output: AuditChain }).output;
    await server.chain(chain);
    world.chain = chain.broken
      ? 'The trail is broken at entry 57: it was altered after it was written.'
      : 'The trail is whole: its 1,234 entries are linked and unaltered.';
    world.failure = null;
  } else if (type === CHAIN_FAILED.type) {
    await server.unavailable();
    world.failure = 'The chain could not be checked.';
  } else if (type === SAVE_FAILED.type) {
    await server.unavailable();
    world.failure = 'The CSV could not be downloaded.';
  } else throw new Error(`No way to play ${type}`);
}

/** How the fixtures' kinds read in a row. */
const KIND_TEXT: Record<string, (e: AuditEntry) => string> = {
  'line.write': () => 'operatorWrote a device value1A0102 1.0 page 2 line 1value: 4.0 → 4.5',
  'alarm.acknowledge': () =>
    'admin as operatorAcknowledged an alarmalarm A12 of 2D0001 2.0comment: — → door closed',
  'limit.change': () => 'adminChanged a food-safety limitcase 1A0102.1.0high: 5 → 4',
};

function rowsShown(): string[] {
  return within(inDialog().getByRole('table', { name: 'Audit entries' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent ?? '');
}

function entriesShown(world: AuditWorld) {
  if (world.shown.length === 0) {
    const filtered = Object.values(world.applied).some(Boolean);
    expect(inDialog().queryByRole('table')).toBeNull();
    expect(
      inDialog().getByText(
        filtered ? 'No change matches these filters.' : 'No change has been recorded yet.',
      ),
    ).toBeTruthy();
    return;
  }
  expect(rowsShown()).toEqual(
    world.shown.map((e) => `${instantAsUserWrites(e.at)}${KIND_TEXT[e.action]!(e)}`),
  );
  expect(inDialog().getByText(`${world.shown.length} entries, newest first`)).toBeTruthy();
}

function filtersShown(world: AuditWorld, enabled: boolean) {
  expect(deviceField().value).toBe(world.device);
  expect(deviceField().disabled).toBe(!enabled);
  expect(actionBox().value).toBe(world.action);
  expect(deviceField().getAttribute('aria-invalid')).toBe(world.deviceRefused ? 'true' : null);
  expect(screen.queryByText("Enter a device's hexacode: 1 to 16 digits 0–9 and A–F.") !== null).toBe(
    world.deviceRefused,
  );
}

function requestsAndFiles(world: AuditWorld) {
  expect(world.server.requests, 'the requests').toEqual(world.expectedRequests);
  expect(
    world.downloads.map((d) => d.name),
    'the files saved',
  ).toEqual(world.expectedDownloads);
}

/** The chain's answer, or its check under way, beside its button (which waits while anything loads). */
function chainShown(world: AuditWorld, now: 'idle' | 'busy' | 'checking') {
  const checking = now === 'checking';
  const status = inDialog()
    .getAllByRole('status')
    .find((element) => element.previousElementSibling?.textContent === 'Check the chain');
  expect(status?.textContent).toBe(checking ? "Checking every entry's link…" : world.chain);
  const button = inDialog().getByRole<HTMLButtonElement>('button', { name: 'Check the chain' });
  expect(button.disabled).toBe(now !== 'idle');
}

function failureShown(world: AuditWorld) {
  const alerts = inDialog()
    .queryAllByRole('alert')
    .map((alert) => alert.textContent);
  expect(alerts).toEqual(world.failure ? [world.failure] : []);
}

describeViewPaths('audit trail, opened from the account menu', auditTrailMachine, {
  model,
  start,
  play,
  stop: (world) => world.restore(),
  states: {
    loading: (_, world) => {
      expect(inDialog().getByRole('status').textContent).toBe('Loading the audit trail…');
      filtersShown(world, false);
      expect(inDialog().queryByRole('table')).toBeNull();
      expect(world.server.waiting(), 'the entries wait for the server').toBe(true);
      requestsAndFiles(world);
    },
    shown: (_, world) => {
      entriesShown(world);
      filtersShown(world, true);
      failureShown(world);
      chainShown(world, 'idle');
      const older = inDialog().queryByRole<HTMLButtonElement>('button', { name: 'Show older entries' });
      expect(older !== null, 'older entries offered').toBe(world.hasOlder);
      expect(inDialog().getByRole<HTMLButtonElement>('button', { name: 'Download CSV' }).disabled).toBe(
        false,
      );
      expect(world.server.waiting(), 'no call waits').toBe(false);
      requestsAndFiles(world);
    },
    loadingOlder: (_, world) => {
      entriesShown(world);
      filtersShown(world, false);
      const older = inDialog().getByRole<HTMLButtonElement>('button', { name: 'Loading older entries…' });
      expect(older.disabled).toBe(true);
      chainShown(world, 'busy');
      expect(world.server.waiting(), 'the older page waits for the server').toBe(true);
      requestsAndFiles(world);
    },
    downloading: (_, world) => {
      entriesShown(world);
      expect(
        inDialog()
          .getAllByRole('status')
          .map((status) => status.textContent),
      ).toContain('Preparing the CSV…');
      chainShown(world, 'busy');
      expect(inDialog().getByRole<HTMLButtonElement>('button', { name: 'Download CSV' }).disabled).toBe(true);
      expect(world.server.waiting(), 'the CSV waits for the server').toBe(true);
      requestsAndFiles(world);
    },
    checkingChain: (_, world) => {
      entriesShown(world);
      chainShown(world, 'checking');
      expect(world.server.waiting(), 'the check waits for the server').toBe(true);
      requestsAndFiles(world);
    },
    loadFailed: (_, world) => {
      expect(inDialog().getByRole('alert').textContent).toBe('The audit trail could not be loaded');
      expect(inDialog().getByRole('button', { name: 'Try again' })).toBeTruthy();
      expect(world.server.waiting(), 'no call waits').toBe(false);
      requestsAndFiles(world);
    },
    closed: (_, world) => {
      expect(world.closed).toBe(true);
      expect(screen.queryByRole('dialog')).toBeNull();
      requestsAndFiles(world);
    },
  },
});

describe('an audit trail with nothing in it', () => {
  it('says nothing was recorded yet, and, once filtered, that nothing matches', async () => {
    const world = await start(() => {});
    try {
      await world.server.entries([]);
      expect(await inDialog().findByText('No change has been recorded yet.')).toBeTruthy();
      expect(inDialog().queryByText(/newest first/)).toBeNull();
      await world.user.selectOptions(actionBox(), 'Changed a food-safety limit');
      await world.user.click(inDialog().getByRole('button', { name: 'Show' }));
      await world.server.entries([]);
      expect(await inDialog().findByText('No change matches these filters.')).toBeTruthy();
      expect(world.server.requests).toEqual([
        `limit=${FULL} format=json`,
        `action=limit.change limit=${FULL} format=json`,
      ]);
    } finally {
      world.restore();
    }
  });
});
