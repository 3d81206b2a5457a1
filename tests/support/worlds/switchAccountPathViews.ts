import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { SimulatedClock } from 'xstate';
import type { AccountPage, AccountPageRequest, Session, SwitchRecord, SwitchRecordPage } from '#contracts';
import { createStorage } from '../../../src/services/storage';
import type { SwitchAccountServer } from '../servers/switchAccountServer';
import { toastsAsExpected, type ToastsShown } from '../dom/toastsShown';

/** The views of the switch account dialog's path test: what the world says the administrator must see. */

const ROLE = { administrator: 'Administrator', operator: 'Operator', custom: 'Custom' };

/** What the administrator did, what the clock and the server did, and what SPEC §2/§4/§9 make of it. */
export interface SwitchWorld {
  user: UserEvent;
  clock: SimulatedClock;
  server: SwitchAccountServer;
  toasts: ToastsShown;
  query: Omit<AccountPageRequest, 'draw'>;
  typed: string;
  draws: number;
  /** The last page of accounts and of the record the server answered. */
  shown: AccountPage | null;
  records: SwitchRecordPage | null;
  recordsPage: number;
  failure: string | null;
  expectedCalls: string[];
  expectedToasts: string[];
  ended: 'open' | 'closed' | 'switched';
  escapes: number;
}

const dialog = () => screen.getByRole('dialog', { name: 'Switch account' });
export const inDialog = () => within(dialog());
export const button = (name: string) => inDialog().getByRole<HTMLButtonElement>('button', { name });

export function sentAndSaid(world: SwitchWorld) {
  expect(world.server.calls, 'the calls sent').toEqual(world.expectedCalls);
  toastsAsExpected(world);
}

export const alerts = () =>
  inDialog()
    .queryAllByRole('alert')
    .map((alert) => alert.textContent);

/** The accounts tab: the search, the last page the server sent, the sorting and the pagination of the query. */
export function accountsShown(world: SwitchWorld, { busy = false } = {}) {
  expect(inDialog().getByRole('tab', { name: 'Accounts' }).getAttribute('aria-selected')).toBe('true');
  expect(inDialog().getByRole<HTMLInputElement>('searchbox', { name: 'Search accounts' }).value).toBe(
    world.typed,
  );
  const rows = within(inDialog().getByRole('region', { name: 'Accounts' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.children].map((cell) => cell.textContent));
  expect(rows).toEqual(
    (world.shown?.data ?? []).map((a) => [a.username, a.email ?? '', ROLE[a.roles[0]!], 'demo', 'Switch']),
  );
  const { sortField, sortDirection, pageNumber, pageLength } = world.query;
  for (const [field, label] of [
    ['username', 'Username'],
    ['email', 'E-mail'],
  ] as const) {
    const header = button(`Sort by ${label}`).closest('th')!;
    const sort = sortField !== field ? 'none' : sortDirection === 'ASC' ? 'ascending' : 'descending';
    expect(header.getAttribute('aria-sort'), label).toBe(sort);
  }
  expect(button('Rows per page').textContent).toBe(String(pageLength));
  const total = world.shown?.recordsFiltered ?? 0;
  const pages = inDialog()
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((page) => page.textContent);
  expect(pages).toEqual(
    Array.from({ length: Math.max(1, Math.ceil(total / pageLength)) }, (_, i) => String(i + 1)),
  );
  expect(button(`Page ${pageNumber + 1}`).getAttribute('aria-current')).toBe('page');
  const switches = inDialog().queryAllByRole<HTMLButtonElement>('button', { name: /^Switch to / });
  expect(switches.every((control) => control.disabled === busy)).toBe(true);
}

/** A switch's actions as its row reads: each call and its status (or 'no answer'), and how many more there are. */
function actionsText(record: SwitchRecord): string {
  if (record.actions.length === 0) return 'Nothing was changed while switched';
  const more = record.actionsTotal - record.actions.length;
  return (
    record.actions
      .map((a) => `15-01-2026 ${a.at.slice(11, 16)} ${a.method} ${a.path} ${a.statusCode ?? 'no answer'}`)
      .join('') + (more > 0 ? `…and ${more} more` : '')
  );
}

export function recordsShown(world: SwitchWorld) {
  expect(inDialog().getByRole('tab', { name: 'Switch history' }).getAttribute('aria-selected')).toBe('true');
  const rows = within(inDialog().getByRole('region', { name: 'Switch history' }))
    .getAllByRole('row')
    .map((row) => [...row.children].map((cell) => cell.textContent));
  const kind = { switch: 'Switched to', switchBack: 'Switched back from' };
  // The user's date format (dd-LL-yyyy HH:mm) in the app's time zone (UTC in the tests).
  const when = (at: string) => `15-01-2026 ${at.slice(11, 16)}`;
  expect(rows).toEqual([
    ['When', 'What', 'Administrator', 'Account', 'Address'],
    ...(world.records?.data ?? []).flatMap((r) => [
      [when(r.at), kind[r.kind], r.administrator, r.account, r.clientAddress],
      // A switch says, under it, what was done while it lasted.
      ...(r.kind === 'switch' ? [[actionsText(r)]] : []),
    ]),
  ]);
  if (world.records) {
    const first = world.recordsPage * 20 + 1;
    const range = `${first}–${Math.min(world.records.recordsTotal, first + 19)} of ${world.records.recordsTotal}`;
    expect(inDialog().getByText(range)).toBeTruthy();
  }
}

export function gone(world: SwitchWorld, how: SwitchWorld['ended']) {
  expect(world.ended).toBe(how);
  expect(screen.queryByRole('dialog')).toBeNull();
  const stored = createStorage(window.localStorage).readSession() as Session | null;
  expect(stored?.metadata.username).toBe(world.ended === 'switched' ? 'operator' : 'admin');
  expect(stored?.token.source ?? null).toBe(world.ended === 'switched' ? 'admin' : null);
  sentAndSaid(world);
}
