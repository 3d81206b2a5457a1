import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { InspectionEvent } from 'xstate';
import type { AuditChain, AuditEntry } from '#contracts';
import type { auditTrailMachine } from '../../../src/machines/auditTrail/auditTrailMachine';
import { AUDIT_PAGE } from '../../../src/machines/auditTrail/auditTrailMachine';
import { storeSession } from '../dom/renderApp';
import { auditEntries } from '../fixtures/auditFixtures';
import { adminSession } from '../fixtures/switchSessions';
import { modelEvents } from '../paths/modelEvents';
import { auditServer, type AuditServer } from '../servers/auditServer';
import { openAccountDialog } from './accountDialogPath';
import { recordDownloads } from './dashboardsPathWorld';

/*
 * The audit trail's view paths (tests/paths/auditTrailMachine.view-paths.test.tsx): the server's answers as model
 * events, the world the test keeps, and how each event is played on the dialog.
 */

type AuditModelEvent = Parameters<typeof auditTrailMachine.transition>[1];
const { done, failed } = modelEvents<typeof auditTrailMachine>();

/** A page with more behind it (one entry more than a page), or the last few of the trail. */
export const FULL = AUDIT_PAGE + 1;
const FEW = 3;
export const LOADED_FULL = done('loadEntries', auditEntries(FULL, 500));
/** A trail, or a filter, with nothing in it. */
export const LOADED_NONE = done('loadEntries', []);
export const LOAD_FAILED = failed('loadEntries', new Error('503'));
export const OLDER_FULL = done('loadOlder', auditEntries(FULL, 449));
export const OLDER_FEW = done('loadOlder', auditEntries(FEW, 449));
export const OLDER_FAILED = failed('loadOlder', new Error('503'));
export const SAVED = done('downloadCsv', { fileName: 'audit.csv', blob: new Blob(['seq\r\n']) });
export const SAVE_FAILED = failed('downloadCsv', new Error('503'));
const INTACT: AuditChain = { entries: 1234, broken: null };
const BROKEN: AuditChain = { entries: 56, broken: { seq: 57, reason: 'hash' } };
export const CHAIN_INTACT = done('checkChain', INTACT);
export const CHAIN_BROKEN = done('checkChain', BROKEN);
export const CHAIN_FAILED = failed('checkChain', new Error('503'));
const CSV = 'seq,at,user\r\n500,2026-11-20T16:20:00.000Z,admin\r\n';

/** What the administrator did and the server answered, and what the dialog should show for it. */
export interface AuditWorld {
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

export async function startAuditTrail(inspect: (event: InspectionEvent) => void): Promise<AuditWorld> {
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

export const inDialog = () => within(screen.getByRole('dialog', { name: 'Audit trail' }));
export const deviceField = () =>
  inDialog().getByRole<HTMLInputElement>('textbox', { name: 'Device (hexacode)' });
export const actionBox = () => inDialog().getByRole<HTMLSelectElement>('combobox', { name: 'Change' });
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

export async function playAuditTrail(event: AuditModelEvent, world: AuditWorld) {
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
