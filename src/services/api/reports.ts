import * as v from 'valibot';
import { HTTPError, type KyInstance } from 'ky';
import {
  CorrectiveActionBody,
  FoodSafetyReport,
  LimitBody,
  ReportSchedule,
  ReportScheduleInput,
  ReportSchedules,
  Review,
  SignOffBody,
  type ReportFormat,
} from '#contracts';
import { errorBodyOf, failingAs } from './failures';
import { fileNameOf, params } from './helpers';

/**
 * Why a food-safety call failed: refused as invalid (400), not allowed (403: `switched` while acting as another
 * account), not found (404), or no usable answer (5xx, network).
 */
export type ReportsFailure =
  | { kind: 'invalid' }
  | { kind: 'forbidden'; switched: boolean }
  | { kind: 'notFound' }
  | { kind: 'unavailable' };

/** Which report: a store (business group) over [from, to), its days those of the browser's time zone. */
interface ReportRequest {
  businessGroup: string;
  from: string;
  to: string;
  timeZone: string;
}

/** GET /api/v2/reports/food-safety (json, csv, pdf), PUT …/corrective-actions, POST …/sign-offs. */
export interface ReportsApi {
  /** Rejects with a ReportsFailure. */
  loadReport(request: ReportRequest): Promise<FoodSafetyReport>;
  /** The report as a document to save; rejects with a ReportsFailure. */
  downloadReport(
    request: ReportRequest,
    format: Exclude<ReportFormat, 'json'>,
  ): Promise<{ fileName: string; blob: Blob }>;
  /** Rejects with a ReportsFailure. */
  writeCorrectiveAction(body: CorrectiveActionBody): Promise<Review>;
  /** Rejects with a ReportsFailure. */
  signOff(body: SignOffBody): Promise<Review>;
  /** PUT /api/v2/reports/food-safety/limits (limit null: the default again); rejects with a ReportsFailure. */
  saveLimit(body: LimitBody): Promise<void>;
  /** GET /api/v2/reports/schedules; rejects with a ReportsFailure. */
  listSchedules(): Promise<ReportSchedule[]>;
  /** POST /api/v2/reports/schedules; rejects with a ReportsFailure. */
  createSchedule(input: ReportScheduleInput): Promise<ReportSchedule>;
  /** DELETE /api/v2/reports/schedules/{id}; rejects with a ReportsFailure. */
  removeSchedule(id: string): Promise<void>;
}

const PATH = 'v2/reports/food-safety';
const SCHEDULES = 'v2/reports/schedules';

async function toReportsFailure(error: unknown): Promise<ReportsFailure> {
  if (!(error instanceof HTTPError)) return { kind: 'unavailable' };
  const { status } = error.response;
  if (status === 400) return { kind: 'invalid' };
  if (status === 404) return { kind: 'notFound' };
  if (status !== 403) return { kind: 'unavailable' };
  const body = await errorBodyOf(error.response);
  return { kind: 'forbidden', switched: body?.code === 'NOT_WHILE_SWITCHED' };
}

const failing = failingAs(toReportsFailure);

export function createReportsApi(http: KyInstance): ReportsApi {
  const query = (request: ReportRequest, format: ReportFormat) => params({ ...request, format });
  return {
    loadReport: (request) =>
      failing(async () =>
        v.parse(FoodSafetyReport, await http.get(PATH, { searchParams: query(request, 'json') }).json()),
      ),
    downloadReport: (request, format) =>
      failing(async () => {
        const response = await http.get(PATH, { searchParams: query(request, format) });
        const fallback = `food-safety-${request.businessGroup}.${format}`;
        return {
          fileName: fileNameOf(response.headers.get('content-disposition'), fallback),
          blob: await response.blob(),
        };
      }),
    writeCorrectiveAction: (body) =>
      failing(async () =>
        v.parse(
          Review,
          await http.put(`${PATH}/corrective-actions`, { json: v.parse(CorrectiveActionBody, body) }).json(),
        ),
      ),
    signOff: (body) =>
      failing(async () =>
        v.parse(Review, await http.post(`${PATH}/sign-offs`, { json: v.parse(SignOffBody, body) }).json()),
      ),
    saveLimit: (body) =>
      failing(async () => {
        await http.put(`${PATH}/limits`, { json: v.parse(LimitBody, body) });
      }),
    listSchedules: () => failing(async () => v.parse(ReportSchedules, await http.get(SCHEDULES).json())),
    createSchedule: (input) =>
      failing(async () =>
        v.parse(
          ReportSchedule,
          await http.post(SCHEDULES, { json: v.parse(ReportScheduleInput, input) }).json(),
        ),
      ),
    removeSchedule: (id) =>
      failing(async () => {
        await http.delete(`${SCHEDULES}/${encodeURIComponent(id)}`);
      }),
  };
}
