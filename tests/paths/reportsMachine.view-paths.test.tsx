import '../support/fakes/resizeObserver';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeAll, expect, vi } from 'vitest';
import type { InspectionEvent } from 'xstate';
import type { FoodSafetyReport } from '#contracts';
import { mergeReview } from '../../src/machines/reports/reviews';
import { reportsMachine } from '../../src/machines/reports/reportsMachine';
import { storeSession } from '../support/dom/renderApp';
import { dayAsUserWrites, instantAsUserWrites } from '../support/dom/userDates';
import { recordDownloads } from '../support/worlds/dashboardsPathWorld';
import { operatorSession } from '../support/fixtures/fixtures';
import { storeRow } from '../support/fixtures/fleetFixtures';
import { modelEvents } from '../support/paths/modelEvents';
import { AARHUS, COPENHAGEN, EXCURSION_ID, REPORT, REVIEW, SIGNED } from '../support/fixtures/reportFixtures';
import { refusedWith, reportsServer, type ReportsServer } from '../support/servers/reportsPathServer';
import { describeViewPaths } from '../support/paths/viewPaths';
import { renderProduct } from '../support/paths/viewPaths';
import { server as msw } from '../ui/setup';

const reports = modelEvents<typeof reportsMachine>();
const PERIOD = { from: '2026-01-14', to: '2026-01-15' };
const STORES = [COPENHAGEN, AARHUS];
const DAY = { hexacode: '1A0102', department: 1, subDepartment: 0, date: '2026-01-15' };

const LINKED = reports.done('loadChoices', { stores: STORES, choice: { store: 'B1', ...PERIOD } });
const UNLINKED = reports.done('loadChoices', { stores: STORES, choice: { store: null, ...PERIOD } });
const NO_STORES = reports.failed('loadChoices', { kind: 'unavailable' });
const LOADED = reports.done('loadReport', REPORT);
const LOAD_FORBIDDEN = reports.failed('loadReport', { kind: 'forbidden', switched: false });
const LOAD_FAILED = reports.failed('loadReport', { kind: 'unavailable' });
const DOWNLOADED = reports.done('downloadReport', { fileName: 'report.pdf', blob: new Blob(['%PDF']) });
const DOWNLOAD_FAILED = reports.failed('downloadReport', { kind: 'unavailable' });
const ACTION_SAVED = reports.done('writeCorrectiveAction', REVIEW);
const ACTION_REFUSED = reports.failed('writeCorrectiveAction', { kind: 'invalid' });
const SIGNED_OFF = reports.done('signOff', SIGNED);
const SIGN_OFF_SWITCHED = reports.failed('signOff', { kind: 'forbidden', switched: true });

interface ReportsWorld {
  user: UserEvent;
  server: ReportsServer;
  downloads: { name: string; text: Promise<string> }[];
  restore: () => void;
  /** The store the user should see chosen ('' none). */
  store: string;
  from: string;
  /** The report on screen, with the reviews stored since. */
  shown: FoodSafetyReport | null;
  /** What the notice should say (null: none). */
  notice: string | null;
  /** The last sign-off asked for. */
  signing: { excursion: string } | typeof DAY | null;
}

type ReportsModelEvent = Parameters<typeof reportsMachine.transition>[1];

async function start(inspect: (event: InspectionEvent) => void): Promise<ReportsWorld> {
  storeSession(operatorSession);
  const server = reportsServer();
  msw.use(...server.handlers);
  const downloads: ReportsWorld['downloads'] = [];
  const restore = recordDownloads(downloads);
  renderProduct('/reports', { inspect });
  await screen.findByRole('heading', { name: 'Food-safety reports', level: 1 }, { timeout: 10_000 });
  const user = userEvent.setup({ delay: null });
  return {
    user,
    server,
    downloads,
    restore,
    store: '',
    from: PERIOD.from,
    shown: null,
    notice: null,
    signing: null,
  };
}

const json = (body: object) => () => HttpResponse.json(body as Record<string, unknown>);
const fleet = json({ stores: STORES.map((s) => storeRow(s.name, { hexacode: s.hexacode })) });
const failed = (what: string, why: string) => `${what}: ${why}`;
const UNAVAILABLE = 'the server could not be reached; try again';

/** Plays the server's answers (and the address the choices are read from). */
async function answer(event: ReportsModelEvent, world: ReportsWorld): Promise<boolean> {
  const { server } = world;
  const type: string = event.type;
  if (type === LINKED.type) {
    const output = (event as unknown as { output: { choice: { store: string | null } } }).output;
    const linked = output.choice.store !== null;
    const store = linked ? `store=${COPENHAGEN.hexacode}&` : '';
    window.history.replaceState(null, '', `/reports?${store}from=${PERIOD.from}&to=${PERIOD.to}`);
    await server.answer('fleet', fleet);
    world.store = linked ? COPENHAGEN.hexacode : '';
  } else if (type === NO_STORES.type) await server.answer('fleet', () => refusedWith(503));
  else return false;
  return true;
}

async function play(event: ReportsModelEvent, world: ReportsWorld) {
  const { server, user } = world;
  const type: string = event.type;
  const region = () => within(screen.getByRole('region', { name: 'Food-safety reports' }));
  if (await answer(event, world)) return;
  if (type === LOADED.type) {
    await server.answer('report', json(REPORT));
    Object.assign(world, { shown: REPORT, notice: null });
  } else if (type === LOAD_FORBIDDEN.type) {
    await server.answer('report', () => refusedWith(403));
    world.notice = failed('The report could not be made', 'you are not allowed to do this');
  } else if (type === LOAD_FAILED.type) {
    await server.answer('report', () => refusedWith(503));
    world.notice = failed('The report could not be made', UNAVAILABLE);
  } else if (type === DOWNLOADED.type) {
    const pdf = new HttpResponse('%PDF-1.7 report', {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="report.pdf"',
      },
    });
    await server.answer('download', () => pdf);
  } else if (type === DOWNLOAD_FAILED.type) {
    await server.answer('download', () => refusedWith(503));
    world.notice = failed('The document could not be downloaded', UNAVAILABLE);
  } else if (type === ACTION_SAVED.type) {
    await server.answer('action', json(REVIEW));
    world.shown = mergeReview(world.shown!, { excursion: EXCURSION_ID }, REVIEW);
    world.notice = 'The corrective action was saved';
  } else if (type === ACTION_REFUSED.type) {
    await server.answer('action', () => refusedWith(400, 'BAD_REQUEST'));
    world.notice = failed(
      'The corrective action could not be saved',
      'the server refused the request as invalid',
    );
  } else if (type === SIGNED_OFF.type) {
    await server.answer('signOff', json(SIGNED));
    world.shown = mergeReview(world.shown!, world.signing!, SIGNED);
    world.notice = 'Signed off';
  } else if (type === SIGN_OFF_SWITCHED.type) {
    await server.answer('signOff', () => refusedWith(403, 'NOT_WHILE_SWITCHED'));
    world.notice = failed(
      'The sign-off could not be saved',
      'not while switched to another account: a sign-off is made as yourself',
    );
  } else if (event.type === 'report.retried') {
    await user.click(region().getByRole('button', { name: 'Try again' }));
    world.notice = null;
  } else if (event.type === 'report.storeChosen') {
    await user.selectOptions(region().getByRole('combobox', { name: 'Store' }), event.store);
    world.store = event.store;
  } else if (event.type === 'report.periodChosen') {
    fireEvent.change(region().getByLabelText('First day'), { target: { value: event.from } });
    world.from = event.from;
  } else if (event.type === 'report.requested') {
    await user.click(region().getByRole('button', { name: 'Show report' }));
  } else if (event.type === 'report.limitsChanged') {
    await user.click(region().getByRole('button', { name: 'Change the limit of Dairy: Evaporator' }));
    fireEvent.change(region().getByRole('textbox', { name: 'High limit (°C)' }), { target: { value: '4' } });
    await user.click(region().getByRole('button', { name: 'Save limit' }));
    await vi.waitFor(() => expect(server.sent.at(-1)?.call).toBe('report'));
    expect(server.sent.at(-2)!.body).toMatchObject({
      hexacode: '1A0102',
      limit: { high: 4, class: 'chilled' },
    });
    world.notice = null;
  } else if (event.type === 'report.downloadRequested') {
    await user.click(region().getByRole('button', { name: 'Download PDF' }));
    world.notice = null;
  } else if (event.type === 'excursion.actionSubmitted') {
    const field = region().getByRole('textbox', { name: 'Corrective action' });
    await user.clear(field);
    await user.type(field, event.text);
    await user.click(region().getByRole('button', { name: 'Save action' }));
    world.notice = null;
  } else if (event.type === 'excursion.signOffRequested') {
    await user.click(region().getByRole('button', { name: /^Sign off the excursion/ }));
    Object.assign(world, { notice: null, signing: { excursion: event.excursion } });
  } else if (event.type === 'day.signOffRequested') {
    await user.click(
      region().getByRole('button', { name: `Sign off ${dayAsUserWrites(event.date)} of Evaporator` }),
    );
    Object.assign(world, { notice: null, signing: DAY });
  } else throw new Error(`No way to play ${type}`);
}

const region = () => within(screen.getByRole('region', { name: 'Food-safety reports' }));

/** The notice the world expects, and no other. */
function noticeShown(world: ReportsWorld) {
  const said = [...region().queryAllByRole('alert'), ...region().queryAllByRole('status')].map(
    (n) => n.textContent,
  );
  expect(said).toEqual(world.notice ? [world.notice] : []);
}

/** The form, the report's case, its days and its excursion as the world has them. */
function reportShown(world: ReportsWorld) {
  expect(region().getByRole<HTMLSelectElement>('combobox', { name: 'Store' }).value).toBe(world.store);
  expect(region().getByRole('heading', { level: 2, name: world.shown!.scope.name })).toBeTruthy();
  const department = world.shown!.departments[0]!;
  const section = within(region().getByRole('region', { name: 'Dairy: Evaporator' }));
  expect(section.getByText('Limit (default): Chilled, Air temperature: at most 5 °C')).toBeTruthy();
  // The chart: a bar an hour with values, named by their span and the limit.
  const chart = section.getByRole('img', {
    name: 'Dairy: Evaporator: hourly lowest and highest temperatures of the period, 3.1 °C to 7.5 °C. Limit: Chilled, Air temperature: at most 5 °C',
  });
  expect(chart.querySelector('path')!.getAttribute('d')!.match(/M/g)).toHaveLength(department.chart.length);
  const rows = within(
    section.getByRole('region', { name: 'Daily figures of Dairy: Evaporator' }),
  ).getAllByRole('row');
  expect(rows).toHaveLength(1 + department.days.length);
  expect(
    within(rows[0]!)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual([
    'Date',
    'Min °C',
    'Max °C',
    'Average °C',
    'In limits %',
    'Out of limits (min)',
    'Defrost (min)',
    'Without data (min)',
    'Excursions',
    'Sign off',
  ]);
  const figures = within(rows[1]!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
  expect(figures.slice(4, 8), 'out of limits, defrost, without data').toEqual(['60', '30', '60 (gap)', '1']);
  department.days.forEach((day, n) => {
    expect(within(rows[n + 1]!).getByRole('rowheader').textContent, "the day in the user's format").toBe(
      dayAsUserWrites(day.date),
    );
    const signButton = within(rows[n + 1]!).queryByRole('button', {
      name: `Sign off ${dayAsUserWrites(day.date)} of Evaporator`,
    });
    expect(signButton === null, `${day.date} signed`).toBe(day.reviewedBy !== null);
  });
  const excursion = department.excursions[0]!;
  const item = within(section.getByRole('list', { name: 'Excursions of Dairy: Evaporator' }));
  const when = `${instantAsUserWrites(excursion.start)} – ${instantAsUserWrites(excursion.end)}`;
  expect(item.getByRole('listitem', { name: when }), "its times in the user's format").toBeTruthy();
  expect(item.getByText('60 min, 72.5 °C·min beyond the limit')).toBeTruthy();
  const alarm = excursion.alarm!;
  expect(
    item.getByText(`Alarm raised: High temperature at ${instantAsUserWrites(alarm.raisedAt)}`),
  ).toBeTruthy();
  expect(
    item.getByText(
      excursion.correctiveAction
        ? `Corrective action: ${excursion.correctiveAction} (operator)`
        : 'No corrective action recorded',
    ),
  ).toBeTruthy();
  expect(item.queryByRole('button', { name: /^Sign off the excursion/ }) === null).toBe(
    excursion.reviewedBy !== null,
  );
}

const sentLast = (world: ReportsWorld) => world.server.sent.at(-1)!;

beforeAll(
  () =>
    Promise.all([
      import('../../src/machines/app/provideSignedInWorld'),
      import('../../src/ui/layout/MainLayout'),
      import('../../src/ui/reports/ReportsScreen'),
    ]),
  60_000,
);

describeViewPaths('the food-safety reports, played on /reports', reportsMachine, {
  model: {
    events: [
      LINKED,
      UNLINKED,
      NO_STORES,
      LOADED,
      LOAD_FORBIDDEN,
      LOAD_FAILED,
      DOWNLOADED,
      DOWNLOAD_FAILED,
      ACTION_SAVED,
      ACTION_REFUSED,
      SIGNED_OFF,
      SIGN_OFF_SWITCHED,
      { type: 'report.retried' },
      { type: 'report.storeChosen', store: 'B2' },
      { type: 'report.periodChosen', from: '2026-01-13', to: PERIOD.to },
      { type: 'report.requested' },
      { type: 'report.downloadRequested', format: 'pdf' },
      { type: 'report.limitsChanged' },
      { type: 'excursion.actionSubmitted', excursion: EXCURSION_ID, text: 'Moved to the cold room' },
      { type: 'excursion.signOffRequested', excursion: EXCURSION_ID },
      { type: 'day.signOffRequested', ...DAY },
    ],
    serializeState: (s) =>
      JSON.stringify({
        value: s.value,
        choice: s.context.choice,
        notice: s.context.notice,
        report: s.context.report?.departments.map((d) => [
          d.excursions.map((e) => [e.correctiveAction, e.reviewedBy]),
          d.days.map((day) => day.reviewedBy),
        ]),
      }),
  },
  start,
  play,
  stop: (world) => {
    world.server.release();
    world.restore();
  },
  states: {
    starting: (_, world) => {
      expect(region().getByRole('status').textContent).toBe('Loading the stores…');
      expect(world.server.waiting()).toBe('fleet');
    },
    unavailable: (_, world) => {
      expect(region().getByRole('alert').textContent).toBe('The stores could not be loaded');
      expect(region().getByRole('button', { name: 'Try again' })).toBeTruthy();
      expect(world.server.waiting()).toBeNull();
    },
    'ready.choosing': (_, world) => {
      expect(region().getByText('Choose a store and a period to see its report')).toBeTruthy();
      expect(region().getByRole<HTMLSelectElement>('combobox', { name: 'Store' }).value).toBe(world.store);
      const show = region().getByRole<HTMLButtonElement>('button', { name: 'Show report' });
      expect(show.disabled).toBe(world.store === '');
      expect(region().getByLabelText<HTMLInputElement>('First day').value).toBe(world.from);
    },
    'ready.loading': (_, world) => {
      expect(region().getByRole('status').textContent).toBe('Making the report…');
      expect(world.server.waiting()).toBe('report');
      const query = sentLast(world).url.searchParams;
      expect([query.get('businessGroup'), query.get('format')]).toEqual([world.store, 'json']);
      expect(window.location.search).toContain(`store=${world.store}`);
    },
    'ready.failed': (_, world) => {
      noticeShown(world);
      expect(region().getByRole('button', { name: 'Try again' })).toBeTruthy();
    },
    'ready.shown.idle': (_, world) => {
      reportShown(world);
      noticeShown(world);
      expect(world.server.waiting()).toBeNull();
      const saved = world.downloads.map((d) => d.name);
      expect(saved.every((name) => name === 'report.pdf')).toBe(true);
    },
    'ready.shown.downloading': (_, world) => {
      expect(region().getByRole('status').textContent).toBe('Preparing the document…');
      expect(region().getByRole<HTMLButtonElement>('button', { name: 'Download PDF' }).disabled).toBe(true);
      expect(sentLast(world).url.searchParams.get('format')).toBe('pdf');
    },
    'ready.shown.writingAction': (_, world) => {
      reportShown(world);
      expect(world.server.waiting()).toBe('action');
      expect(sentLast(world).body).toEqual({ excursion: EXCURSION_ID, text: 'Moved to the cold room' });
      expect(region().getByRole<HTMLButtonElement>('button', { name: 'Save action' }).disabled).toBe(true);
    },
    'ready.shown.signingOff': (_, world) => {
      reportShown(world);
      expect(world.server.waiting()).toBe('signOff');
      expect(sentLast(world).body).toEqual(world.signing);
    },
  },
});
