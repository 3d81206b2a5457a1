import '../support/fakes/resizeObserver';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { expect } from 'vitest';
import { SimulatedClock, type InspectionEvent, type SnapshotFrom } from 'xstate';
import { switchAccountMachine } from '../../src/machines/switchAccount/switchAccountMachine';
import { AccountPageRequest } from '#contracts';
import { storeSession } from '../support/dom/renderApp';
import type { ModelOptions } from '../support/paths/coveringPaths';
import { accountSettings } from '../support/fixtures/fixtures';
import { modelEvents } from '../support/paths/modelEvents';
import {
  OPERATOR,
  pageOf,
  recordsPage,
  switchAccountServer,
  switchRefusal,
  unavailable,
} from '../support/servers/switchAccountServer';
import {
  accountsShown,
  alerts,
  button,
  gone,
  inDialog,
  recordsShown,
  sentAndSaid,
  type SwitchWorld,
} from '../support/worlds/switchAccountPathViews';
import { adminSession, operatorAsAdmin } from '../support/fixtures/switchSessions';
import { describeViewPaths } from '../support/paths/viewPaths';
import { openAccountDialog } from '../support/worlds/accountDialogPath';
import { toastsShown } from '../support/dom/toastsShown';

type Snapshot = SnapshotFrom<typeof switchAccountMachine>;
type SwitchModelEvent = Parameters<typeof switchAccountMachine.transition>[1];
type Query = Omit<AccountPageRequest, 'draw'>;
const { done, failed, after } = modelEvents<typeof switchAccountMachine>();

const ACCOUNTS_LOADED = done('loadAccounts', { data: [], recordsFiltered: 25, draw: 1 });
const ACCOUNTS_FAILED = failed('loadAccounts');
const DEBOUNCED = after('searchDebounce', 'switchAccount.accounts.waiting');
const SWITCHED = done('switchAccount', operatorAsAdmin);
const SWITCH_REFUSED = failed('switchAccount', { kind: 'refused', code: 'ACCOUNT_DISABLED' });
const RECORDS_LOADED = done('loadRecords', { data: [], recordsTotal: 25 });
const RECORDS_FAILED = failed('loadRecords');
const SEARCH = 'oper';

/** The operator's row is on the page the table shows for this query (the rows come from the fake server). */
const operatorShown = (query: Query) => pageOf({ ...query, draw: 0 }).data.some((a) => a.id === OPERATOR.id);

const model: ModelOptions<typeof switchAccountMachine> = {
  input: { session: adminSession, settings: accountSettings },
  events: [
    ACCOUNTS_LOADED,
    ACCOUNTS_FAILED,
    DEBOUNCED,
    SWITCHED,
    SWITCH_REFUSED,
    RECORDS_LOADED,
    RECORDS_FAILED,
    { type: 'switchAccount.search', text: SEARCH },
    { type: 'switchAccount.search', text: '' },
    { type: 'switchAccount.sort', field: 'username' },
    { type: 'switchAccount.sort', field: 'email' },
    { type: 'switchAccount.changePage', page: 1 },
    { type: 'switchAccount.changePageLength', pageLength: 50 },
    { type: 'switchAccount.choose', id: OPERATOR.id },
    { type: 'switchAccount.retry' },
    { type: 'switchAccount.showRecords' },
    { type: 'switchAccount.showAccounts' },
    { type: 'switchAccount.changeRecordsPage', page: 1 },
    { type: 'switchAccount.close' },
  ],
  serializeState: (s) => {
    const { query, search, recordsPage, failure } = s.context;
    return JSON.stringify({ value: s.value, query, search, recordsPage, failure });
  },
  // What a user can do: wait while a call is out (typing pauses run out); use what the view offers, each once
  // per state (page 2 exists only for the 25 accounts unsearched at 20 a page).
  filterEvents: (s, e) => {
    const type: string = e.type;
    const waits =
      s.matches({ accounts: 'loading' }) || s.matches('switching') || s.matches({ records: 'loading' });
    if (type === DEBOUNCED.type) return s.matches({ accounts: 'waiting' });
    if (type.startsWith('xstate.')) return waits;
    if (waits) return false;
    const ready = s.matches({ accounts: 'ready' });
    const { query } = s.context;
    switch (e.type) {
      case 'switchAccount.search':
        return s.matches('accounts') && e.text !== s.context.search;
      case 'switchAccount.sort':
      case 'switchAccount.changePageLength':
        return ready && query.pageLength === 20 && query.pageNumber === 0;
      case 'switchAccount.changePage':
        return ready && query.pageNumber === 0 && query.pageLength === 20 && query.searchHint === '';
      case 'switchAccount.choose':
        return ready && operatorShown(query);
      case 'switchAccount.retry':
        return s.matches({ accounts: 'failed' }) || s.matches({ records: 'failed' });
      case 'switchAccount.showRecords':
        return ready || s.matches({ accounts: 'failed' });
      case 'switchAccount.showAccounts':
        return s.matches('records');
      case 'switchAccount.changeRecordsPage':
        return s.matches({ records: 'ready' }) && s.context.recordsPage === 0;
      default:
        return true;
    }
  },
};

async function start(inspect: (event: InspectionEvent) => void): Promise<SwitchWorld> {
  storeSession(adminSession);
  const clock = new SimulatedClock();
  const world: SwitchWorld = {
    user: userEvent.setup({ delay: null }),
    clock,
    server: switchAccountServer(),
    toasts: toastsShown(),
    query: { sortField: 'username', sortDirection: 'ASC', pageNumber: 0, pageLength: 20, searchHint: '' },
    typed: '',
    draws: 0,
    shown: null,
    records: null,
    recordsPage: 0,
    failure: null,
    expectedCalls: [],
    expectedToasts: [],
    ended: 'open',
    escapes: 0,
  };
  await openAccountDialog(world.user, 'Switch account', { inspect, clock });
  expectPaginate(world);
  return world;
}

/** SPEC §7: the table asks for the page it shows, counting its draws. */
function expectPaginate(world: SwitchWorld) {
  const body = v.parse(AccountPageRequest, { ...world.query, draw: ++world.draws });
  world.expectedCalls.push(`paginate ${JSON.stringify(body)}`);
}

async function play(event: SwitchModelEvent, world: SwitchWorld, from: Snapshot) {
  const { user, server } = world;
  const type: string = event.type;
  switch (event.type) {
    case 'switchAccount.search': {
      const box = inDialog().getByRole('searchbox', { name: 'Search accounts' });
      await user.clear(box);
      if (event.text) await user.type(box, event.text);
      world.typed = event.text;
      return;
    }
    case 'switchAccount.sort': {
      await user.click(button(`Sort by ${event.field === 'email' ? 'E-mail' : 'Username'}`));
      const again = world.query.sortField === event.field && world.query.sortDirection === 'ASC';
      world.query = {
        ...world.query,
        sortField: event.field,
        sortDirection: again ? 'DESC' : 'ASC',
        pageNumber: 0,
      };
      expectPaginate(world);
      return;
    }
    case 'switchAccount.changePage':
      await user.click(button(`Page ${event.page + 1}`));
      world.query = { ...world.query, pageNumber: event.page };
      expectPaginate(world);
      return;
    case 'switchAccount.changePageLength':
      await user.click(button('Rows per page'));
      await user.click(await screen.findByRole('option', { name: String(event.pageLength) }));
      world.query = { ...world.query, pageLength: event.pageLength, pageNumber: 0 };
      expectPaginate(world);
      return;
    case 'switchAccount.choose':
      await user.click(button('Switch to operator'));
      world.expectedCalls.push(`switch ${OPERATOR.id}`);
      world.failure = null;
      return;
    case 'switchAccount.retry':
      await user.click(button('Try again'));
      if (from.matches('records')) world.expectedCalls.push(`records ${world.recordsPage}`);
      else expectPaginate(world);
      return;
    case 'switchAccount.showRecords':
      await user.click(inDialog().getByRole('tab', { name: 'Switch history' }));
      world.expectedCalls.push(`records ${world.recordsPage}`);
      return;
    case 'switchAccount.showAccounts':
      await user.click(inDialog().getByRole('tab', { name: 'Accounts' }));
      expectPaginate(world);
      return;
    case 'switchAccount.changeRecordsPage':
      await user.click(button(`Page ${event.page + 1}`));
      world.recordsPage = event.page;
      world.expectedCalls.push(`records ${event.page}`);
      return;
    case 'switchAccount.close':
      if (world.escapes++ % 2 === 0) await user.keyboard('{Escape}');
      else await user.click(button('Close'));
      world.ended = 'closed';
      return;
  }
  if (type === DEBOUNCED.type) {
    world.clock.increment(500);
    world.query = { ...world.query, searchHint: world.typed.trim(), pageNumber: 0 };
    expectPaginate(world);
  } else if (type === ACCOUNTS_LOADED.type) {
    world.shown = await server.accounts();
    world.failure = null;
  } else if (type === ACCOUNTS_FAILED.type) {
    await server.answer(unavailable());
    world.failure = null;
  } else if (type === SWITCHED.type) {
    await server.session(operatorAsAdmin);
    world.ended = 'switched';
  } else if (type === SWITCH_REFUSED.type) {
    await server.answer(switchRefusal('ACCOUNT_DISABLED'));
    world.failure = 'This account is disabled';
    world.expectedToasts.push('This account is disabled');
  } else if (type === RECORDS_LOADED.type) {
    await server.records(world.recordsPage);
    world.records = recordsPage(world.recordsPage);
  } else if (type === RECORDS_FAILED.type) await server.answer(unavailable());
  else throw new Error(`No way to play ${type}`);
}

describeViewPaths('switch account, played in its account dialog', switchAccountMachine, {
  model,
  start,
  play,
  states: {
    'accounts.waiting': (_, world) => {
      accountsShown(world);
      expect(world.server.waiting(), 'nothing asked while typing').toBe(false);
      expect(inDialog().queryByText('Loading accounts…')).toBeNull();
      sentAndSaid(world);
    },
    'accounts.loading': (_, world) => {
      accountsShown(world);
      expect(inDialog().getByText('Loading accounts…')).toBeTruthy();
      expect(world.server.waiting(), 'the table waits for the server').toBe(true);
      sentAndSaid(world);
    },
    'accounts.ready': (_, world) => {
      accountsShown(world);
      expect(alerts()).toEqual(world.failure ? [world.failure] : []);
      expect(inDialog().queryByText('Loading accounts…')).toBeNull();
      expect(world.server.waiting(), 'no call waits').toBe(false);
      sentAndSaid(world);
    },
    'accounts.failed': (_, world) => {
      accountsShown(world);
      expect(alerts()).toEqual(['The accounts could not be loadedTry again']);
      sentAndSaid(world);
    },
    switching: (_, world) => {
      accountsShown(world, { busy: true });
      expect(inDialog().getByRole('status').textContent).toBe('Switching to operator…');
      expect(button('Close').disabled).toBe(true);
      expect(world.server.waiting(), 'the switch waits for the server').toBe(true);
      sentAndSaid(world);
    },
    'records.loading': (_, world) => {
      recordsShown(world);
      expect(inDialog().getByText('Loading the switch history…')).toBeTruthy();
      expect(world.server.waiting(), 'the record waits for the server').toBe(true);
      sentAndSaid(world);
    },
    'records.ready': (_, world) => {
      recordsShown(world);
      expect(alerts()).toEqual([]);
      expect(world.server.waiting(), 'no call waits').toBe(false);
      sentAndSaid(world);
    },
    'records.failed': (_, world) => {
      recordsShown(world);
      expect(alerts()).toEqual(['The switch history could not be loadedTry again']);
      sentAndSaid(world);
    },
    switched: (_, world) => gone(world, 'switched'),
    closed: (_, world) => gone(world, 'closed'),
  },
});
