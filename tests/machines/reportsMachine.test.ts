import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  selectBusy,
  selectCanRequest,
  selectDepartments,
  selectNoticeKind,
  selectNoticeStep,
  selectNoticeWhileSwitched,
  selectStore,
  selectView,
} from '../../src/machines/reports/reports.selectors';
import { reportsMachine } from '../../src/machines/reports/reportsMachine';
import type { ReportChoice } from '../../src/machines/reports/reports.events';
import { choiceOf, reportsPath } from '../../src/services/reportAddress';
import { AARHUS, COPENHAGEN, EXCURSION_ID, REPORT, REVIEW, SIGNED } from '../support/fixtures/reportFixtures';
import { settle } from '../support/dom/settle';

const PERIOD = { from: '2026-01-14', to: '2026-01-15' };

/** Each service answers with the next of its answers (an Error or a failure object rejects). */
function start(choice: ReportChoice, answers: Partial<Record<string, unknown[]>> = {}) {
  const next =
    <T>(name: string, fallback: T) =>
    (_input?: unknown): Promise<T> => {
      const answer = answers[name]?.shift() ?? fallback;
      return answer instanceof Error || (typeof answer === 'object' && answer !== null && 'kind' in answer)
        ? Promise.reject(answer)
        : Promise.resolve(answer as T);
    };
  const services = {
    loadChoices: vi.fn(next('loadChoices', { stores: [COPENHAGEN, AARHUS], choice })),
    loadReport: vi.fn(next('loadReport', REPORT)),
    downloadReport: vi.fn(next('downloadReport', { fileName: 'r.pdf', blob: new Blob(['%PDF']) })),
    writeCorrectiveAction: vi.fn(next('writeCorrectiveAction', REVIEW)),
    signOff: vi.fn(next('signOff', SIGNED)),
  };
  const rememberChoice = vi.fn();
  const saveFile = vi.fn();
  const machine = reportsMachine.provide({
    actors: {
      loadChoices: fromPromise(services.loadChoices),
      loadReport: fromPromise(({ input }) => services.loadReport(input)),
      downloadReport: fromPromise(({ input }) => services.downloadReport(input)),
      writeCorrectiveAction: fromPromise(({ input }) => services.writeCorrectiveAction(input)),
      signOff: fromPromise(({ input }) => services.signOff(input)),
    },
    actions: {
      rememberChoice: (_, choice) => rememberChoice(choice),
      saveFile: (_, file) => saveFile(file),
    },
  });
  const actor = createActor(machine).start();
  return { actor, services, rememberChoice, saveFile, snapshot: () => actor.getSnapshot() };
}

/** Started on Copenhagen's report, shown. */
async function shown(answers: Partial<Record<string, unknown[]>> = {}) {
  const started = start({ store: COPENHAGEN.hexacode, ...PERIOD }, answers);
  await settle();
  expect(selectView(started.snapshot())).toBe('shown');
  return started;
}

describe('the reports machine', () => {
  it('opens the report the address names at once', async () => {
    const { snapshot, services } = await shown();
    expect(services.loadReport).toHaveBeenCalledWith({
      businessGroup: 'B1',
      from: new Date(2026, 0, 14).toISOString(),
      to: new Date(2026, 0, 16).toISOString(),
    });
    expect(selectDepartments(snapshot())).toHaveLength(1);
  });

  it('waits for a store to be chosen, then keeps the choice in the address', async () => {
    const { actor, snapshot, rememberChoice } = start({ store: null, ...PERIOD });
    expect(selectView(snapshot())).toBe('starting');
    await settle();
    expect(selectView(snapshot())).toBe('choosing');
    expect(selectCanRequest(snapshot())).toBe(false);
    actor.send({ type: 'report.storeChosen', store: AARHUS.hexacode });
    actor.send({ type: 'report.periodChosen', from: '2026-01-20', to: '2026-01-10' });
    expect(selectCanRequest(snapshot()), 'a period that ends before it starts').toBe(false);
    actor.send({ type: 'report.periodChosen', ...PERIOD });
    expect(selectStore(snapshot())).toBe('B2');
    actor.send({ type: 'report.requested' });
    expect(selectView(snapshot())).toBe('loading');
    expect(rememberChoice).toHaveBeenCalledWith({ store: 'B2', ...PERIOD });
    await settle();
    expect(selectView(snapshot())).toBe('shown');
  });

  it('may try again when the stores or the report fail to load, and says why', async () => {
    const { actor, snapshot } = start(
      { store: 'B1', ...PERIOD },
      { loadChoices: [new Error('offline')], loadReport: [{ kind: 'forbidden', switched: false }] },
    );
    await settle();
    expect(selectView(snapshot())).toBe('unavailable');
    actor.send({ type: 'report.retried' });
    await settle();
    expect(selectView(snapshot())).toBe('failed');
    expect([selectNoticeStep(snapshot()), selectNoticeKind(snapshot())]).toEqual(['load', 'forbidden']);
    actor.send({ type: 'report.retried' });
    await settle();
    expect(selectView(snapshot())).toBe('shown');
    expect(selectNoticeKind(snapshot())).toBe('');
  });

  it('downloads the report as PDF or CSV and hands it to the browser; a failure is said', async () => {
    const { actor, snapshot, services, saveFile } = await shown({
      downloadReport: [{ kind: 'unavailable' }],
    });
    actor.send({ type: 'report.downloadRequested', format: 'csv' });
    expect(selectBusy(snapshot())).toBe('downloading');
    await settle();
    expect([selectNoticeStep(snapshot()), selectNoticeKind(snapshot())]).toEqual(['download', 'unavailable']);
    actor.send({ type: 'report.downloadRequested', format: 'pdf' });
    await settle();
    expect(services.downloadReport).toHaveBeenLastCalledWith(expect.objectContaining({ format: 'pdf' }));
    expect(saveFile).toHaveBeenCalledWith({ fileName: 'r.pdf', blob: expect.any(Blob) });
    expect(selectBusy(snapshot())).toBe('idle');
  });

  it('stores a corrective action, trimmed, and shows it on its excursion; blank text is not sent', async () => {
    const { actor, snapshot, services } = await shown({ writeCorrectiveAction: [{ kind: 'invalid' }] });
    actor.send({ type: 'excursion.actionSubmitted', excursion: EXCURSION_ID, text: '   ' });
    expect(selectBusy(snapshot())).toBe('idle');
    actor.send({ type: 'excursion.actionSubmitted', excursion: EXCURSION_ID, text: ' x ' });
    expect(selectBusy(snapshot())).toBe('writingAction');
    await settle();
    expect(selectNoticeKind(snapshot())).toBe('invalid');
    actor.send({
      type: 'excursion.actionSubmitted',
      excursion: EXCURSION_ID,
      text: ' Moved to the cold room ',
    });
    await settle();
    expect(services.writeCorrectiveAction).toHaveBeenLastCalledWith({
      excursion: EXCURSION_ID,
      text: 'Moved to the cold room',
    });
    expect(selectDepartments(snapshot())[0]!.excursions[0]).toMatchObject(REVIEW);
    expect([selectNoticeStep(snapshot()), selectNoticeKind(snapshot())]).toEqual(['action', 'stored']);
  });

  it("signs off an excursion or a case's day; a 403 while switched is told apart", async () => {
    const switched = { kind: 'forbidden', switched: true };
    const { actor, snapshot, services } = await shown({ signOff: [switched] });
    actor.send({ type: 'excursion.signOffRequested', excursion: EXCURSION_ID });
    expect(selectBusy(snapshot())).toBe('signingOff');
    await settle();
    expect(selectNoticeWhileSwitched(snapshot())).toBe(true);
    actor.send({ type: 'excursion.signOffRequested', excursion: EXCURSION_ID });
    await settle();
    expect(selectDepartments(snapshot())[0]!.excursions[0]!.reviewedBy).toBe('operator');
    const day = { hexacode: '1A0102', department: 1, subDepartment: 0, date: '2026-01-15' };
    actor.send({ type: 'day.signOffRequested', ...day });
    await settle();
    expect(services.signOff).toHaveBeenLastCalledWith(day);
    const days = selectDepartments(snapshot())[0]!.days;
    expect(days.map((d) => d.reviewedBy)).toEqual([null, 'operator']);
    expect([selectNoticeStep(snapshot()), selectNoticeKind(snapshot())]).toEqual(['signOff', 'stored']);
  });

  it('shows another report when asked while one is shown', async () => {
    const { actor, snapshot, services } = await shown();
    actor.send({ type: 'report.storeChosen', store: AARHUS.hexacode });
    actor.send({ type: 'report.requested' });
    expect(selectView(snapshot())).toBe('loading');
    await settle();
    expect(services.loadReport).toHaveBeenLastCalledWith(expect.objectContaining({ businessGroup: 'B2' }));
  });
});

describe('the report address', () => {
  const now = new Date(2026, 0, 20, 15);
  it('reads a store and a period, else the last 7 days', () => {
    expect(choiceOf('?store=b1&from=2026-01-01&to=2026-01-31', now)).toEqual({
      store: 'B1',
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(choiceOf('?store=nothex&from=2026-02-01&to=2026-01-01', now)).toEqual({
      store: null,
      from: '2026-01-14',
      to: '2026-01-20',
    });
  });
  it('writes what is chosen', () => {
    expect(reportsPath({ store: 'B1' })).toBe('/reports?store=B1');
    expect(reportsPath({})).toBe('/reports');
  });
});
