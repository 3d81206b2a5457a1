import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  selectIsRefreshing,
  selectIsStale,
  selectStores,
  selectView,
  storePath,
} from '../../src/machines/stores/stores.selectors';
import { STORES_REFRESH_MS, storesMachine } from '../../src/machines/stores/storesMachine';
import type { FleetRow } from '#contracts';
import { ODENSE_IN_ALARM, storeRow } from '../support/fixtures/fleetFixtures';
import { settle } from '../support/dom/settle';

const store = storeRow;
const ODENSE = ODENSE_IN_ALARM;

/** The machine with a server that answers each read with the next of `answers` (an Error rejects). */
function start(answers: (FleetRow[] | Error)[]) {
  const clock = new SimulatedClock();
  const load = vi.fn(() => {
    const next = answers.shift() ?? new Error('no more answers');
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  });
  const actor = createActor(storesMachine.provide({ actors: { loadFleet: fromPromise(load) } }), {
    clock,
  }).start();
  return { actor, clock, load, settle, snapshot: () => actor.getSnapshot() };
}

describe('the stores machine', () => {
  it('shows the stores as the server ordered them, worst first', async () => {
    const { snapshot, settle } = start([[ODENSE, store('aarhus')]]);
    expect(selectView(snapshot())).toBe('loading');
    await settle();
    expect(selectView(snapshot())).toBe('shown');
    expect(selectStores(snapshot()).map((row) => row.name)).toEqual(['Store 103 Odense', 'aarhus']);
  });

  it('may try again after the stores failed to load', async () => {
    const { actor, snapshot, settle, load } = start([new Error('503'), [ODENSE]]);
    await settle();
    expect(selectView(snapshot())).toBe('failed');
    actor.send({ type: 'stores.retry' });
    await settle();
    expect(selectView(snapshot())).toBe('shown');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reads the figures again every half minute, and on request', async () => {
    const { actor, clock, snapshot, settle, load } = start([
      [store('aarhus')],
      [ODENSE],
      [ODENSE, store('aarhus')],
    ]);
    await settle();
    clock.increment(STORES_REFRESH_MS - 1);
    expect(selectIsRefreshing(snapshot())).toBe(false);
    clock.increment(1);
    expect(selectIsRefreshing(snapshot())).toBe(true);
    await settle();
    expect(selectStores(snapshot()).map((row) => row.name)).toEqual(['Store 103 Odense']);
    actor.send({ type: 'stores.refresh' });
    await settle();
    expect(load).toHaveBeenCalledTimes(3);
    expect(selectStores(snapshot())).toHaveLength(2);
  });

  it('keeps the last figures when a refresh fails, and says they are old until one succeeds', async () => {
    const { actor, snapshot, settle } = start([[ODENSE], new Error('offline'), [store('aarhus')]]);
    await settle();
    actor.send({ type: 'stores.refresh' });
    await settle();
    expect(selectView(snapshot())).toBe('shown');
    expect(selectIsStale(snapshot())).toBe(true);
    expect(selectStores(snapshot()).map((row) => row.name)).toEqual(['Store 103 Odense']);
    actor.send({ type: 'stores.refresh' });
    await settle();
    expect(selectIsStale(snapshot())).toBe(false);
  });

  it("opens a store at its worst case's status page; a store without a reporting case has no link", () => {
    expect(storePath(ODENSE)).toBe('/1C0301/1/0/pages/1');
    expect(storePath(store('empty', { furthestAboveLimit: null }))).toBeNull();
  });
});
