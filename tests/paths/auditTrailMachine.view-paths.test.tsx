import '../support/fakes/resizeObserver';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUDIT_PAGE, auditTrailMachine } from '../../src/machines/auditTrail/auditTrailMachine';
import { dayAsUserWrites, instantAsUserWrites } from '../support/dom/userDates';
import { EXCURSION_START, SIGNED_OFF_AT } from '../support/fixtures/auditFixtures';
import { accountSettings } from '../support/fixtures/fixtures';
import { adminSession } from '../support/fixtures/switchSessions';
import type { ModelOptions } from '../support/paths/coveringPaths';
import { describeViewPaths } from '../support/paths/viewPaths';
import { dialogClosed, loadFailedShown } from '../support/worlds/accountDialogPath';
import {
  actionBox,
  CHAIN_BROKEN,
  CHAIN_FAILED,
  CHAIN_INTACT,
  deviceField,
  FULL,
  inDialog,
  LOAD_FAILED,
  LOADED_FULL,
  LOADED_NONE,
  OLDER_FAILED,
  OLDER_FEW,
  OLDER_FULL,
  playAuditTrail,
  SAVE_FAILED,
  SAVED,
  startAuditTrail,
  type AuditWorld,
} from '../support/worlds/auditTrailPathWorld';

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

/** How each of the fixtures' kinds reads in a row, after its time: who, the change, of what, before → after. */
const ROW_TEXT = [
  'operatorWrote a device value1A0102 · Department 1.0 · page 2, line 1Value: 4.0 → 4.5Result: — → Accepted',
  'admin as operatorAcknowledged an alarmAlarm: Door open too long · 2D0001 · Department 2.0Comment: — → door closed',
  'adminChanged a food-safety limit1A0102 · Department 1.0Class: Chilled → FrozenHigh limit: 5 → 4',
  'operatorShelved an alarmAlarm: A12 · Cold room (2D0001) · Department 2.0Minutes: — → 60',
  'operatorChanged alarm settingsAlarm settings of operatorAlarm sound: yes → no',
  // A field the catalogues do not name shows its key.
  'adminChanged the alarm escalationAlarm escalation policylevels: — → 2',
  `adminRecorded a corrective actionExcursion from ${instantAsUserWrites(new Date(EXCURSION_START).toISOString())} · 2D0001 · Department 2.0Corrective action: — → moved the stock`,
  `adminSigned off a report day${dayAsUserWrites('2026-11-19')} · 2D0001 · Department 2.0Signed off by: — → adminSigned off at: — → ${instantAsUserWrites(SIGNED_OFF_AT)}`,
  'adminChanged a scheduled reportScheduled report · store B01Frequency: — → daily',
  'adminChanged a scheduled reportScheduled reportFrequency: daily → —',
  'adminCreated a userUser auditeeDisabled: — → noRole: — → Operator',
  'adminEnabled a usera phrase a newer version writesenabled: yes → no',
];

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
    world.shown.map((e) => `${instantAsUserWrites(e.at)}${ROW_TEXT[e.seq % ROW_TEXT.length]}`),
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
  start: startAuditTrail,
  play: playAuditTrail,
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
      loadFailedShown(inDialog(), 'The audit trail could not be loaded', world.server);
      requestsAndFiles(world);
    },
    closed: (_, world) => {
      dialogClosed(world);
      requestsAndFiles(world);
    },
  },
});

describe('a chain that does not hold', () => {
  it.each([
    ['hash', 'it was altered after it was written.'],
    ['prevHash', 'it does not point at the entry before it.'],
    ['missing', 'an entry is missing (deleted).'],
  ] as const)('names the entry where it breaks (%s) and why', async (reason, why) => {
    const world = await startAuditTrail(() => {});
    try {
      await world.server.entries([]);
      await world.user.click(await inDialog().findByRole('button', { name: 'Check the chain' }));
      await world.server.chain({ entries: 56, broken: { seq: 57, reason } });
      expect(await inDialog().findByText(`The trail is broken at entry 57: ${why}`)).toBeTruthy();
    } finally {
      world.restore();
    }
  });
});

describe('an audit trail with nothing in it', () => {
  it('says nothing was recorded yet, and, once filtered, that nothing matches', async () => {
    const world = await startAuditTrail(() => {});
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
