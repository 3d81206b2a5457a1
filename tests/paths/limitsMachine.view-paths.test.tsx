import '../support/fakes/resizeObserver';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeAll, expect } from 'vitest';
import type { InspectionEvent } from 'xstate';
import type { FoodSafetyReport } from '#contracts';
import { limitsMachine } from '../../src/machines/reports/limitsMachine';
import { storeSession } from '../support/dom/renderApp';
import { operatorSession } from '../support/fixtures/fixtures';
import { storeRow } from '../support/fixtures/fleetFixtures';
import { modelEvents } from '../support/paths/modelEvents';
import { AARHUS, COPENHAGEN, REPORT } from '../support/fixtures/reportFixtures';
import { refusedWith, reportsServer, type ReportsServer } from '../support/servers/reportsPathServer';
import { describeViewPaths, renderProduct } from '../support/paths/viewPaths';
import { server as msw } from '../ui/setup';

const limits = modelEvents<typeof limitsMachine>();
const CASE = { hexacode: '1A0102', department: 1, subDepartment: 0 };
/** The report with a limit someone set, so it may be set back to the default. */
const SET: FoodSafetyReport = {
  ...REPORT,
  departments: REPORT.departments.map((d) => ({ ...d, isDefault: false })),
};
const LIMIT = SET.departments[0]!.limit;
const SAVED = limits.done('saveLimit');
const SAVE_FORBIDDEN = limits.failed('saveLimit', { kind: 'forbidden', switched: false });
const SAVE_FAILED = limits.failed('saveLimit', { kind: 'unavailable' });
const NAME = 'Dairy: Evaporator';

interface LimitsWorld {
  user: UserEvent;
  server: ReportsServer;
  /** The high limit typed in the open form (null: no form). */
  high: string | null;
  problem: boolean;
  failure: string | null;
  /** What the last save sent (null: a reset). */
  resetting: boolean;
}

type LimitsModelEvent = Parameters<typeof limitsMachine.transition>[1];
const region = () => within(screen.getByRole('region', { name: NAME }));

async function start(inspect: (event: InspectionEvent) => void): Promise<LimitsWorld> {
  storeSession(operatorSession);
  const server = reportsServer({ holdLimits: true });
  msw.use(...server.handlers);
  renderProduct(`/reports?store=${COPENHAGEN.hexacode}&from=2026-01-14&to=2026-01-15`, { inspect });
  const stores = [COPENHAGEN, AARHUS].map((s) => storeRow(s.name, { hexacode: s.hexacode }));
  await server.answer('fleet', () => HttpResponse.json({ stores }));
  await server.answer('report', () => HttpResponse.json(SET));
  await screen.findByRole('region', { name: NAME }, { timeout: 10_000 });
  const user = userEvent.setup({ delay: null });
  return { user, server, high: null, problem: false, failure: null, resetting: false };
}

async function play(event: LimitsModelEvent, world: LimitsWorld) {
  const { user, server } = world;
  const type: string = event.type;
  if (type === SAVED.type) {
    await server.answer('limit', () => new HttpResponse(null, { status: 204 }));
    // The report is made again with the new limit.
    await server.answer('report', () => HttpResponse.json(SET));
    Object.assign(world, { high: null, failure: null });
  } else if (type === SAVE_FORBIDDEN.type || type === SAVE_FAILED.type) {
    const forbidden = type === SAVE_FORBIDDEN.type;
    await server.answer('limit', () => refusedWith(forbidden ? 403 : 503));
    world.failure = forbidden ? 'you are not allowed to do this' : 'The limit could not be saved; try again';
    if (world.resetting) world.high = null;
  } else if (event.type === 'limit.editStarted') {
    await user.click(region().getByRole('button', { name: `Change the limit of ${NAME}` }));
    Object.assign(world, { high: String(LIMIT.high), problem: false, failure: null, resetting: false });
  } else if (event.type === 'limit.draftChanged') {
    fireEvent.change(region().getByRole('textbox', { name: 'High limit (°C)' }), {
      target: { value: event.change.high },
    });
    Object.assign(world, { high: event.change.high, problem: false });
  } else if (event.type === 'limit.saveRequested') {
    await user.click(region().getByRole('button', { name: 'Save limit' }));
    world.problem = world.high === '';
  } else if (event.type === 'limit.editCancelled') {
    await user.click(region().getByRole('button', { name: 'Cancel' }));
    Object.assign(world, { high: null, failure: null });
  } else if (event.type === 'limit.resetRequested') {
    await user.click(region().getByRole('button', { name: `Use the default limit for ${NAME}` }));
    Object.assign(world, { failure: null, resetting: true });
  } else throw new Error(`No way to play ${type}`);
}

const alertShown = (world: LimitsWorld) =>
  expect(region().queryByRole('alert')?.textContent ?? null).toBe(world.failure);

beforeAll(
  () =>
    Promise.all([
      import('../../src/machines/app/provideSignedInWorld'),
      import('../../src/ui/layout/MainLayout'),
      import('../../src/ui/reports/ReportsScreen'),
    ]),
  60_000,
);

/** The model walks the editor alone: its word to the report goes nowhere (the product's parent hears it). */
const model = limitsMachine.provide({ actions: { announceChange: () => {} } });

describeViewPaths("a case's limit, changed on /reports", model, {
  model: {
    events: [
      SAVED,
      SAVE_FORBIDDEN,
      SAVE_FAILED,
      { type: 'limit.editStarted', address: CASE, limit: LIMIT },
      { type: 'limit.draftChanged', change: { high: '' } },
      { type: 'limit.draftChanged', change: { high: '4' } },
      { type: 'limit.saveRequested' },
      { type: 'limit.editCancelled' },
      { type: 'limit.resetRequested', address: CASE },
    ],
    serializeState: (s) =>
      JSON.stringify({
        value: s.value,
        high: s.context.draft.high,
        problem: s.context.problem,
        failure: s.context.failure?.kind,
        reset: s.context.saving?.limit === null,
      }),
  },
  start,
  play,
  stop: (world) => world.server.release(),
  states: {
    idle: (_, world) => {
      expect(region().queryByRole('form')).toBeNull();
      expect(region().getByRole('button', { name: `Change the limit of ${NAME}` })).toBeTruthy();
      alertShown(world);
      expect(world.server.waiting()).toBeNull();
    },
    editing: (_, world) => {
      const form = within(region().getByRole('form', { name: `Change the limit of ${NAME}` }));
      const high = form.getByRole<HTMLInputElement>('textbox', { name: 'High limit (°C)' });
      expect(high.value).toBe(world.high);
      expect(high.getAttribute('aria-invalid')).toBe(world.problem ? 'true' : null);
      expect(form.queryByText('Give a temperature between −60 and 60 °C') !== null).toBe(world.problem);
      alertShown(world);
      expect(world.server.waiting()).toBeNull();
    },
    saving: (_, world) => {
      expect(world.server.waiting()).toBe('limit');
      const body = world.server.sent.at(-1)!.body as { limit: { high: number } | null };
      expect(body.limit === null ? null : body.limit.high).toBe(world.resetting ? null : Number(world.high));
      for (const button of region().getAllByRole<HTMLButtonElement>('button', { name: /limit/ }))
        expect(button.disabled, button.textContent!).toBe(true);
    },
  },
});
