import '../support/fakes/resizeObserver';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import * as v from 'valibot';
import { beforeAll, expect } from 'vitest';
import { SimulatedClock, type InspectionEvent } from 'xstate';
import { STORES_REFRESH_MS, storesMachine } from '../../src/machines/stores/storesMachine';
import { Fleet, type FleetRow } from '#contracts';
import { storeSession } from '../support/dom/renderApp';
import { heldAnswers, type HeldAnswers } from '../support/servers/heldRequests';
import { operatorSession } from '../support/fixtures/fixtures';
import { ODENSE_IN_ALARM, storeRow } from '../support/fixtures/fleetFixtures';
import { modelEvents } from '../support/paths/modelEvents';
import { describeViewPaths, renderProduct } from '../support/paths/viewPaths';
import { server } from '../ui/setup';

const stores = modelEvents<typeof storesMachine>();
const ODENSE = ODENSE_IN_ALARM;
const AARHUS = storeRow('Store 102 Aarhus', { hexacode: 'B2', devicesTotal: 2, oldestValueAgeSeconds: 12 });
/** The first read answers Odense in alarm first; every refresh after it, Aarhus alone. */
const LOADED = stores.done('loadFleet', [ODENSE, AARHUS]);
const REFRESHED = stores.done('loadFleet', [AARHUS]);
const FAILED = stores.failed('loadFleet');
const HALF_A_MINUTE = stores.after('REFRESH', 'stores.shown');

interface StoresWorld {
  user: UserEvent;
  clock: SimulatedClock;
  fleet: HeldAnswers<string>;
  /** The stores the user should see, in order; null before any answer. */
  shown: FleetRow[] | null;
  /** A refresh failed since the last answer. */
  stale: boolean;
  reads: number;
}

type StoresModelEvent = Parameters<typeof storesMachine.transition>[1];

async function start(inspect: (event: InspectionEvent) => void): Promise<StoresWorld> {
  storeSession(operatorSession);
  const fleet = heldAnswers('get', '*/api/v2/fleet', (request) => new URL(request.url).pathname);
  server.use(fleet.handler);
  const clock = new SimulatedClock();
  renderProduct('/stores', { inspect, clock });
  await screen.findByRole('heading', { name: 'Stores', level: 1 }, { timeout: 10_000 });
  return { user: userEvent.setup({ delay: null }), clock, fleet, shown: null, stale: false, reads: 1 };
}

async function play(event: StoresModelEvent, world: StoresWorld) {
  const answer = (rows: FleetRow[]) => () => HttpResponse.json(v.parse(Fleet, { stores: rows }));
  const type: string = event.type;
  if (type === LOADED.type) {
    const rows = (event as unknown as { output: FleetRow[] }).output;
    await world.fleet.answer(answer(rows));
    Object.assign(world, { shown: rows, stale: false });
  } else if (type === FAILED.type) {
    await world.fleet.answer(() => new HttpResponse(null, { status: 503 }));
    world.stale = world.shown !== null;
  } else if (type === HALF_A_MINUTE.type) {
    world.clock.increment(STORES_REFRESH_MS);
    world.reads++;
  } else if (event.type === 'stores.refresh') {
    await world.user.click(screen.getByRole('button', { name: 'Refresh' }));
    world.reads++;
  } else if (event.type === 'stores.retry') {
    await world.user.click(screen.getByRole('button', { name: 'Try again' }));
    world.reads++;
  } else throw new Error(`No way to play ${type}`);
}

/** The screen's own region (the head bar and toasts have statuses and alerts of their own). */
const region = () => within(screen.getByRole('region', { name: 'Stores' }));

/** The cards on screen, top to bottom, with what each says. */
function storesShown(world: StoresWorld) {
  const list = region().getByRole('list', { name: 'Stores, worst first' });
  const cards = within(list).getAllByRole('listitem');
  expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(world.shown!.map((row) => row.name));
  world.shown!.forEach((row, n) => {
    const card = within(cards[n]!);
    expect(card.getByText(`${row.devicesOnline} of ${row.devicesTotal} online`)).toBeTruthy();
    expect(
      card.getByText(`${row.activeAlarms} active, ${row.unacknowledgedAlarms} unacknowledged`),
    ).toBeTruthy();
    const link = card.queryByRole('link', { name: row.name });
    if (row.furthestAboveLimit) {
      expect(link?.getAttribute('href')).toBe('/1C0301/1/0/pages/1');
      expect(card.getByText('Beverage cooler 1.0: 7.5 °C, limit 5 °C')).toBeTruthy();
    } else expect(link, 'a store without a reporting case is no link').toBeNull();
  });
  expect(region().queryByRole('alert')?.textContent ?? null).toBe(
    world.stale ? 'The figures could not be refreshed; they may be out of date' : null,
  );
  expect(world.fleet.received, 'GET /api/v2/fleet each time').toHaveLength(world.reads);
}

beforeAll(
  () =>
    Promise.all([
      import('../../src/machines/app/provideSignedInWorld'),
      import('../../src/ui/layout/MainLayout'),
      import('../../src/ui/stores/StoresScreen'),
    ]),
  60_000,
);

describeViewPaths('the stores at a glance, played on /stores', storesMachine, {
  model: {
    events: [LOADED, REFRESHED, FAILED, HALF_A_MINUTE, { type: 'stores.refresh' }, { type: 'stores.retry' }],
    serializeState: (s) =>
      JSON.stringify({ value: s.value, stale: s.context.stale, n: s.context.stores.length }),
  },
  start,
  play,
  stop: (world) => world.fleet.release(),
  states: {
    loading: (_, world) => {
      expect(region().getByRole('status').textContent).toBe('Loading the stores…');
      expect(world.fleet.waiting(), 'the read waits for the server').toBe(1);
    },
    failed: (_, world) => {
      expect(region().getByRole('alert').textContent).toBe('The stores could not be loaded');
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
      expect(world.fleet.waiting()).toBe(0);
    },
    shown: (_, world) => {
      storesShown(world);
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Refresh' }).disabled).toBe(false);
      expect(world.fleet.waiting()).toBe(0);
    },
    refreshing: (_, world) => {
      storesShown(world);
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Refresh' }).disabled).toBe(true);
      expect(world.fleet.waiting(), 'the refresh waits for the server').toBe(1);
    },
  },
});
