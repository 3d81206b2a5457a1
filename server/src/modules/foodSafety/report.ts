import {
  caseKey,
  type FoodSafetyDepartment,
  type FoodSafetyExcursion,
  type FoodSafetyReport,
} from '#contracts';
import type { AdfRegistry } from '../../gateway/adf/loader';
import { DAY_MS, HOUR_MS } from '../history/packing';
import type { HistoryStore } from '../history/store';
import { alarmName, translatorFor } from '../mail/messages';
import { caseShown, casesOf, limitOf, type ReportCase } from './cases';
import { dayWindows } from './days';
import {
  chartBuckets,
  dailyFigures,
  defrostMask,
  excursions,
  type ExcursionFigures,
  type SampleSeries,
} from './figures';
import type { FoodSafetyRepository, ReportScope, ReviewRow } from './repository';
import { readSeries } from './samples';

export interface ReportRequest {
  scope: ReportScope;
  tenantId: string;
  language: string;
  from: number;
  to: number;
  timeZone: string;
  now: number;
}

export interface ReportDeps {
  repository: FoodSafetyRepository;
  store: Pick<HistoryStore, 'chunks' | 'staged'>;
  adfs: () => AdfRegistry;
  /** The departments a device reports now ("1.0"), from the live gateway. */
  reported: (tenant: string, hexacode: string) => Promise<ReadonlySet<string>>;
}

/** An excursion that began before the period is found from its true start: this much history is read before. */
const LOOKBACK_MS = DAY_MS;
/** About this many chart points a case at most. */
const CHART_POINTS = 400;

const excursionId = (c: ReportCase, start: number) => `${caseKey(c)}.${start}`;

/** The cases of a scope with their limits (the limits editor), judged on the last day's recorded setpoint. */
export async function casesWithLimits(
  deps: ReportDeps,
  request: Omit<ReportRequest, 'from' | 'to' | 'timeZone'> & { tenant: string },
) {
  const cases = await loadCases(deps, request);
  const setpoints = await readSeries(deps.store, ids(cases, ['setpoint']), request.now - DAY_MS, request.now);
  return cases.map((c) => ({ report: c, ...limitOf(c, mean(setpoints.get(c.buffers.setpoint?.id ?? -1))) }));
}

async function loadCases(
  deps: ReportDeps,
  request: { scope: ReportScope; tenantId: string; language: string; tenant: string },
) {
  const hexacodes = request.scope.devices.map((d) => d.hexacode);
  const [buffers, limits] = await Promise.all([
    deps.repository.buffers(request.tenantId, hexacodes),
    deps.repository.limits(request.tenantId, hexacodes),
  ]);
  const reported = new Map(
    await Promise.all(hexacodes.map(async (h) => [h, await deps.reported(request.tenant, h)] as const)),
  );
  return casesOf(
    request.scope,
    deps.adfs(),
    request.language,
    buffers,
    limits,
    (h) => reported.get(h) ?? new Set(),
  );
}

const ids = (cases: ReportCase[], keys: (keyof ReportCase['buffers'])[]) => [
  ...new Set(cases.flatMap((c) => keys.flatMap((k) => (c.buffers[k] ? [c.buffers[k].id] : [])))),
];

function mean(series: SampleSeries | undefined): number | null {
  if (!series || series.values.length === 0) return null;
  let sum = 0;
  for (const x of series.values) sum += x;
  return sum / series.values.length;
}

/** The HACCP report of a store or a device over [from, to) (clipped to now), computed from the recorded history. */
export async function buildReport(
  deps: ReportDeps,
  request: ReportRequest & { tenant: string },
): Promise<FoodSafetyReport> {
  const { from, timeZone } = request;
  const to = Math.min(request.to, request.now);
  const cases = await loadCases(deps, request);
  const hexacodes = request.scope.devices.map((d) => d.hexacode);
  const [series, alarms, reviews] = await Promise.all([
    readSeries(deps.store, ids(cases, ['air', 'product', 'defrost', 'setpoint']), from - LOOKBACK_MS, to),
    deps.repository.alarms(request.tenantId, hexacodes, new Date(from - LOOKBACK_MS), new Date(to)),
    deps.repository.reviews(request.tenantId, hexacodes),
  ]);
  const reviewOf = indexReviews(reviews);
  const intl = translatorFor(request.language);
  const named = alarms.map((a) => ({ ...a, translation: alarmName(intl, a.code, a.adfName) }));
  const days = dayWindows(from, Math.max(from + 1, to), timeZone);
  const width = Math.max(HOUR_MS, Math.ceil((to - from) / CHART_POINTS / HOUR_MS) * HOUR_MS);

  const departments = cases.map((c): FoodSafetyDepartment => {
    const { limit, isDefault } = limitOf(c, mean(series.get(c.buffers.setpoint?.id ?? -1)));
    const recorded = limit.line === 'product' ? c.buffers.product : c.buffers.air;
    const temperature = recorded ? (series.get(recorded.id) ?? empty()) : null;
    const defrost = defrostMask(
      temperature ?? empty(),
      c.buffers.defrost ? (series.get(c.buffers.defrost.id) ?? null) : null,
    );
    const inPeriod = temperature && withinFrom(temperature, defrost, from);
    const found = excursions(temperature, defrost, limit).filter((e) => e.end > from && e.start < to);
    return {
      ...caseShown(c, { limit, isDefault }),
      interval: recorded?.intervalSeconds ?? null,
      days: dailyFigures(inPeriod?.series ?? null, inPeriod?.defrost ?? new Uint8Array(), limit, days).map(
        (day, k) => ({
          ...day,
          excursions: found.filter((e) => e.start >= days[k]!.start && e.start < days[k]!.end).length,
          ...signOf(reviewOf(c, 'day', day.date)),
        }),
      ),
      excursions: found.map((e) => excursionOf(c, e, named, reviewOf)),
      chart: chartBuckets(temperature, from, to, width),
    };
  });
  return {
    scope: { kind: request.scope.kind, hexacode: request.scope.hexacode, name: request.scope.name },
    from: new Date(from).toISOString(),
    to: new Date(request.to).toISOString(),
    timeZone,
    generatedAt: new Date(request.now).toISOString(),
    departments,
  };
}

const empty = (): SampleSeries => ({
  ats: new Float64Array(),
  values: new Float32Array(),
  spans: new Float64Array(),
});

/** The samples from `from` on (the lookback only serves excursions), with their defrost flags. */
function withinFrom(series: SampleSeries, defrost: Uint8Array, from: number) {
  let i = 0;
  while (i < series.ats.length && series.ats[i]! + series.spans[i]! <= from) i++;
  return {
    series: {
      ats: series.ats.subarray(i),
      values: series.values.subarray(i),
      spans: series.spans.subarray(i),
    },
    defrost: defrost.subarray(i),
  };
}

type ReviewLookup = (c: ReportCase, kind: 'excursion' | 'day', key: string) => ReviewRow | undefined;

function indexReviews(rows: ReviewRow[]): ReviewLookup {
  const byKey = new Map(rows.map((r) => [`${caseKey(r)}|${r.subject}|${r.subjectKey}`, r]));
  return (c, kind, key) => byKey.get(`${caseKey(c)}|${kind}|${key}`);
}

const signOf = (review: ReviewRow | undefined) => ({
  reviewedBy: review?.reviewedBy ?? null,
  reviewedAt: review?.reviewedAt?.toISOString() ?? null,
});

function excursionOf(
  c: ReportCase,
  e: ExcursionFigures,
  alarms: (Awaited<ReturnType<FoodSafetyRepository['alarms']>>[number] & { translation: string })[],
  reviewOf: ReviewLookup,
): FoodSafetyExcursion {
  const id = excursionId(c, e.start);
  const review = reviewOf(c, 'excursion', id);
  const alarm = alarms.find(
    (a) =>
      caseKey(a) === caseKey(c) &&
      a.raisedAt.getTime() < e.end &&
      (a.clearedAt === null || a.clearedAt.getTime() > e.start),
  );
  return {
    id,
    start: new Date(e.start).toISOString(),
    end: new Date(e.end).toISOString(),
    peak: e.peak,
    peakAt: new Date(e.peakAt).toISOString(),
    minutes: e.minutes,
    degreeMinutes: e.degreeMinutes,
    direction: e.direction,
    interruptedByGap: e.interruptedByGap,
    alarm: alarm
      ? {
          id: alarm.id,
          code: alarm.code,
          translation: alarm.translation,
          raisedAt: alarm.raisedAt.toISOString(),
        }
      : null,
    correctiveAction: review?.correctiveAction ?? null,
    correctiveActionBy: review?.correctiveActionBy ?? null,
    ...signOf(review),
  };
}
