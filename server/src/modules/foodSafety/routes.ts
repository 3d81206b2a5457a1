import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import {
  CorrectiveActionBody,
  ErrorBody,
  FoodSafetyCase,
  FoodSafetyCasesQuery,
  LimitBody,
  FoodSafetyReport,
  FoodSafetyReportQuery,
  ReportSchedule,
  ReportScheduleInput,
  ReportSchedules,
  ReportSchedulesQuery,
  Review,
  ScheduleParams,
  SignOffBody,
} from '#contracts';
import { contract } from '../../http/contracts';
import type { AccountService } from '../account/service';
import { refuseWhileActingAs, requireGrant } from '../auth/authenticate';
import { reportCsv } from './csv';
import { reportPdf } from './pdf';
import type { ReportSchedules as Schedules } from './schedules';
import type { FoodSafetyService } from './service';
import { wording } from './wording';

type Out<T extends v.GenericSchema> = v.InferOutput<T>;
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const common = { tags: ['food safety'], security: true };

/**
 * Food-safety reports (issue 30). Grants (docs/decisions/food-safety-grants.md): reading reports and writing a
 * corrective action need DEVICES at READ (the staff at the case); limits, sign-offs and schedules DEVICES at
 * WRITE, and a sign-off is done as oneself, never while switched to another account.
 */
export const foodSafetyRoutes: FastifyPluginAsync<{
  foodSafety: FoodSafetyService;
  schedules: Schedules;
  account: Pick<AccountService, 'get'>;
}> = async (app, { foodSafety, schedules, account }) => {
  app.addHook('onRequest', app.authenticate);
  const read = requireGrant('DEVICES', 'READ');
  const write = requireGrant('DEVICES', 'WRITE');

  app.get<{ Querystring: Out<typeof FoodSafetyReportQuery> }>(
    '/api/v2/reports/food-safety',
    {
      preHandler: read,
      schema: contract({
        ...common,
        summary:
          'The HACCP report of a store (businessGroup) or a device over [from, to): per case its limit, days ' +
          '(min, max, avg, time in limits, defrost and unrecorded minutes, gaps) and excursions; format json, ' +
          'csv (a row a case a day) or pdf; days of the timeZone',
        querystring: FoodSafetyReportQuery,
        response: { 200: FoodSafetyReport, ...errors },
      }),
    },
    async (request, reply) => {
      const session = request.session!;
      const { format, timeZone } = request.query;
      const report = await foodSafety.report(session, request.query);
      if (format === 'json') return report;
      const settings = await account.get(session.tenant.id, session.user.id);
      const words = wording({
        languageCode: session.user.languageCode,
        dateFormat: settings.dateFormat,
        timeZone,
      });
      const name = `food-safety-${report.scope.hexacode}-${request.query.from.slice(0, 10)}.${format}`;
      reply
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store');
      if (format === 'csv')
        return reply.type('text/csv; charset=utf-8; header=present').send(reportCsv(report, words));
      return reply.type('application/pdf').send(await reportPdf(report, words));
    },
  );

  app.get<{ Querystring: Out<typeof FoodSafetyCasesQuery> }>(
    '/api/v2/reports/food-safety/cases',
    {
      preHandler: read,
      schema: contract({
        ...common,
        summary:
          'The food cases of a store or device with the limit each is judged by (isDefault: nobody set one)',
        querystring: FoodSafetyCasesQuery,
        response: { 200: v.array(FoodSafetyCase), ...errors },
      }),
    },
    async (request) => foodSafety.cases(request.session!, request.query),
  );

  app.put<{ Body: Out<typeof LimitBody> }>(
    '/api/v2/reports/food-safety/limits',
    {
      preHandler: write,
      schema: contract({
        ...common,
        summary: "Sets a case's food-safety limit (limit null: back to the default); DEVICES at WRITE",
        body: LimitBody,
        response: { 204: v.null(), ...errors },
      }),
    },
    async (request, reply) => {
      const { limit, ...address } = request.body;
      await foodSafety.setLimit(request.session!, address, limit);
      return reply.code(204).send();
    },
  );

  app.put<{ Body: Out<typeof CorrectiveActionBody> }>(
    '/api/v2/reports/food-safety/corrective-actions',
    {
      preHandler: read,
      schema: contract({
        ...common,
        summary: 'Writes what was done about an excursion (replaces an earlier text); DEVICES at READ',
        body: CorrectiveActionBody,
        response: { 200: Review, ...errors },
      }),
    },
    async (request) => foodSafety.correctiveAction(request.session!, request.body),
  );

  app.post<{ Body: Out<typeof SignOffBody> }>(
    '/api/v2/reports/food-safety/sign-offs',
    {
      onRequest: refuseWhileActingAs,
      preHandler: write,
      schema: contract({
        ...common,
        summary:
          "Signs off an excursion or a case's day as the signed-in user; DEVICES at WRITE, not while switched",
        body: SignOffBody,
        response: { 200: Review, ...errors },
      }),
    },
    async (request) => foodSafety.signOff(request.session!, request.body),
  );

  app.get<{ Querystring: Out<typeof ReportSchedulesQuery> }>(
    '/api/v2/reports/schedules',
    {
      preHandler: read,
      schema: contract({
        ...common,
        summary: "The tenant's scheduled reports (of one store with businessGroup)",
        querystring: ReportSchedulesQuery,
        response: { 200: ReportSchedules, ...errors },
      }),
    },
    async (request) => schedules.list(request.session!, request.query.businessGroup),
  );

  app.post<{ Body: Out<typeof ReportScheduleInput> }>(
    '/api/v2/reports/schedules',
    {
      preHandler: write,
      schema: contract({
        ...common,
        summary:
          "E-mails a store's report as PDF every day, week or month to the recipients; DEVICES at WRITE",
        body: ReportScheduleInput,
        response: { 201: ReportSchedule, ...errors },
      }),
    },
    async (request, reply) => {
      const session = request.session!;
      const { dateFormat } = await account.get(session.tenant.id, session.user.id);
      return reply.code(201).send(await schedules.create(session, request.body, dateFormat));
    },
  );

  app.delete<{ Params: Out<typeof ScheduleParams> }>(
    '/api/v2/reports/schedules/:id',
    {
      preHandler: write,
      schema: contract({
        ...common,
        summary: 'Stops a scheduled report; DEVICES at WRITE',
        params: ScheduleParams,
        response: { 204: v.null(), ...errors },
      }),
    },
    async (request, reply) => {
      await schedules.remove(request.session!, request.params.id);
      return reply.code(204).send();
    },
  );
};
