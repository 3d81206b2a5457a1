import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, toPromise } from 'xstate';
import type { AccountDialogInput } from '../../src/machines/accountDialogs/accountDialog.types';
import { visiblePages } from '../../src/machines/alarms/alarmHistory.selectors';
import {
  selectAccountPageCount,
  selectChosenUsername,
  selectSwitchError,
} from '../../src/machines/switchAccount/switchAccount.selectors';
import { switchAccountMachine } from '../../src/machines/switchAccount/switchAccountMachine';
import { selectSwitchBackError } from '../../src/machines/switchBack/switchBack.selectors';
import { switchBackMachine } from '../../src/machines/switchBack/switchBackMachine';
import type { SwitchFailure } from '../../src/services/api/switchAccount';
import type { Account, AccountPageRequest, Session, SwitchRecordPage } from '#contracts';
import { accountSettings, operatorSession } from '../support/fixtures/fixtures';
import { settle } from '../support/dom/settle';

const account = (username: string): Account => ({
  id: `id-${username}`,
  username,
  email: null,
  roles: ['operator'],
  domains: ['demo'],
});
const ACCOUNTS = ['admin', 'operator', 'secure'].map(account);
const admin: Session = { ...operatorSession, metadata: { ...operatorSession.metadata, username: 'admin' } };
const asOperator: Session = { ...operatorSession, token: { ...operatorSession.token, source: 'admin' } };
const input: AccountDialogInput = { session: admin, settings: accountSettings };
const RECORDS: SwitchRecordPage = { data: [], recordsTotal: 45 };
const refused = (code: string) => ({ kind: 'refused', code }) as SwitchFailure;

function start(calls: { switchTo?: (id: string) => Promise<Session> } = {}) {
  const requests: AccountPageRequest[] = [];
  const notify = vi.fn();
  const switchTo = vi.fn(calls.switchTo ?? (() => Promise.resolve(asOperator)));
  const clock = new SimulatedClock();
  const actor = createActor(
    switchAccountMachine.provide({
      actors: {
        loadAccounts: fromPromise(({ input: request }: { input: AccountPageRequest }) => {
          requests.push(request);
          return Promise.resolve({ data: ACCOUNTS, recordsFiltered: 41, draw: request.draw });
        }),
        switchAccount: fromPromise(({ input: id }: { input: string }) => switchTo(id)),
        loadRecords: fromPromise(() => Promise.resolve(RECORDS)),
      },
      actions: { notifyFailed: ({ context }) => notify(context.failure) },
    }),
    { input, clock },
  ).start();
  return { actor, requests, notify, switchTo, clock };
}

describe('the switch account machine', () => {
  it('asks for page 0 of 20 by username ascending, without a search, counting draws', async () => {
    const { actor, requests } = start();
    await settle();
    expect(requests).toEqual([
      { sortField: 'username', sortDirection: 'ASC', pageNumber: 0, pageLength: 20, searchHint: '', draw: 1 },
    ]);
    expect(actor.getSnapshot().matches({ accounts: 'ready' })).toBe(true);
    expect(selectAccountPageCount(actor.getSnapshot())).toBe(3);
  });

  it('searches 500 ms after the last keystroke, from page 0, trimmed', async () => {
    const { actor, requests, clock } = start();
    await settle();
    actor.send({ type: 'switchAccount.changePage', page: 2 });
    await settle();
    actor.send({ type: 'switchAccount.search', text: 'op' });
    clock.increment(499);
    actor.send({ type: 'switchAccount.search', text: ' oper ' });
    clock.increment(499);
    await settle();
    expect(requests).toHaveLength(2);
    clock.increment(1);
    await settle();
    expect(requests.at(-1)).toMatchObject({ searchHint: 'oper', pageNumber: 0, draw: 3 });
    expect(actor.getSnapshot().context.search).toBe(' oper ');
  });

  it('sorts a column ascending, then the other way, and a page length starts at page 0', async () => {
    const { actor, requests } = start();
    actor.send({ type: 'switchAccount.changePage', page: 1 });
    actor.send({ type: 'switchAccount.sort', field: 'email' });
    actor.send({ type: 'switchAccount.sort', field: 'email' });
    actor.send({ type: 'switchAccount.changePage', page: 1 });
    actor.send({ type: 'switchAccount.changePageLength', pageLength: 50 });
    await settle();
    expect(requests.at(-1)).toMatchObject({
      sortField: 'email',
      sortDirection: 'DESC',
      pageNumber: 0,
      pageLength: 50,
    });
  });

  it('switches to the chosen account and ends with its session', async () => {
    const { actor, switchTo } = start();
    await settle();
    actor.send({ type: 'switchAccount.choose', id: 'id-operator' });
    expect(selectChosenUsername(actor.getSnapshot())).toBe('operator');
    await expect(toPromise(actor)).resolves.toEqual({ session: asOperator });
    expect(switchTo).toHaveBeenCalledWith('id-operator');
  });

  it('explains a refused switch, notifies it, and stays in the table', async () => {
    const { actor, notify } = start({ switchTo: () => Promise.reject(refused('SWITCH_ABOVE_OWN_GRANTS')) });
    await settle();
    actor.send({ type: 'switchAccount.choose', id: 'id-admin' });
    await settle();
    expect(actor.getSnapshot().matches({ accounts: 'ready' })).toBe(true);
    expect(selectSwitchError(actor.getSnapshot())).toBe('switchAccount.error.SWITCH_ABOVE_OWN_GRANTS');
    expect(notify).toHaveBeenCalledWith(refused('SWITCH_ABOVE_OWN_GRANTS'));
  });

  it('says a switch failed when the server gave no reason', async () => {
    const { actor } = start({ switchTo: () => Promise.reject(new Error('network')) });
    await settle();
    actor.send({ type: 'switchAccount.choose', id: 'id-admin' });
    await settle();
    expect(selectSwitchError(actor.getSnapshot())).toBe('switchAccount.failed');
  });

  it('shows the record by pages and returns to the accounts; closing ends with nothing', async () => {
    const { actor } = start();
    actor.send({ type: 'switchAccount.showRecords' });
    actor.send({ type: 'switchAccount.changeRecordsPage', page: 2 });
    await settle();
    expect(actor.getSnapshot().context.recordsPage).toBe(2);
    expect(actor.getSnapshot().matches({ records: 'ready' })).toBe(true);
    actor.send({ type: 'switchAccount.showAccounts' });
    expect(actor.getSnapshot().matches({ accounts: 'loading' })).toBe(true);
    actor.send({ type: 'switchAccount.close' });
    await expect(toPromise(actor)).resolves.toEqual({});
  });
});

describe('the pagination of the account table (SPEC §9)', () => {
  it('offers at most five pages, around the current one', () => {
    expect([0, 1, 6, 11, 12].map((page) => visiblePages(page, 13))).toEqual([
      [0, 1, 2, 3, 4],
      [0, 1, 2, 3, 4],
      [4, 5, 6, 7, 8],
      [8, 9, 10, 11, 12],
      [8, 9, 10, 11, 12],
    ]);
    expect(visiblePages(0, 2)).toEqual([0, 1]);
  });
});

describe('the switch back machine', () => {
  const run = (switchBack: () => Promise<Session>) => {
    const notify = vi.fn();
    const actor = createActor(
      switchBackMachine.provide({
        actors: { switchBack: fromPromise(switchBack) },
        actions: { notifyFailed: ({ context }) => notify(context.failure) },
      }),
      { input: { session: asOperator, settings: accountSettings } },
    ).start();
    return { actor, notify };
  };

  it("calls switch-back at once and ends with the administrator's session", async () => {
    const { actor } = run(() => Promise.resolve(admin));
    expect(actor.getSnapshot().context.administrator).toBe('admin');
    await expect(toPromise(actor)).resolves.toEqual({ session: admin });
  });

  it('after a failure tries again, or ends with nothing when cancelled', async () => {
    let answers = [Promise.reject(refused('NOT_SWITCHED')), Promise.reject(new Error('offline'))];
    answers.forEach((answer) => answer.catch(() => undefined));
    const { actor, notify } = run(() => answers.shift()!);
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(selectSwitchBackError(actor.getSnapshot())).toBe('switchAccount.error.NOT_SWITCHED');
    actor.send({ type: 'switchBack.retry' });
    await settle();
    expect(selectSwitchBackError(actor.getSnapshot())).toBe('switchBack.failed');
    expect(notify).toHaveBeenCalledTimes(2);
    answers = [];
    actor.send({ type: 'switchBack.cancel' });
    await expect(toPromise(actor)).resolves.toEqual({});
  });
});
