import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import {
  AlarmDelays,
  AlarmHealth,
  AlarmHealthQuery,
  AlarmMarks,
  AlarmMarksQuery,
  ErrorBody,
} from '#contracts';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { badRequest } from '../../errors';
import { contract } from '../../http/contracts';
import { refuseWhileActingAs, requireGrant } from '../auth/authenticate';
import { createAlarmDelays } from './delays';
import { alarmHealth } from './health';
import { createAlarmMarks } from './marks';
import type { Translations } from './translations';

const session = (request: FastifyRequest) => request.session!;
const MAX_RANGE_MS = 366 * 24 * 3_600_000;

/** A range of the query: `to` after `from`, at most a year (400 naming the field otherwise). */
function rangeOf(query: { from: string; to: string }): { from: Date; to: Date } {
  const from = new Date(query.from);
  const to = new Date(query.to);
  if (to <= from) throw badRequest('INVALID_RANGE', 'to must be after from');
  if (to.getTime() - from.getTime() > MAX_RANGE_MS)
    throw badRequest('INVALID_RANGE', 'to must be within a year of from');
  return { from, to };
}

/**
 * Issue 31 beyond the alarm list: the tenant's alarm delays and the alarm system's health (administrators,
 * SYSTEM at WRITE), and the marks a device chart draws (DEVICES at READ).
 */
export const alarmHealthRoutes: FastifyPluginAsync<{
  db: Database;
  clock: Clock;
  translations: Translations;
}> = async (app, { db, clock, translations }) => {
  app.addHook('onRequest', app.authenticate);
  const admin = { preHandler: requireGrant('SYSTEM', 'WRITE') };
  const common = { tags: ['alarms'], security: true };
  const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
  const delays = createAlarmDelays(db);
  const marks = createAlarmMarks(db, translations);

  app.get(
    '/api/v2/alarms/delays',
    {
      ...admin,
      schema: contract({
        ...common,
        summary: "The tenant's own alarm delays by code (codes not listed keep their ADF's delay)",
        response: { 200: AlarmDelays, ...refusals },
      }),
    },
    async (request) => ({ delays: await delays.list(session(request).tenant.id) }),
  );

  app.put<{ Body: v.InferOutput<typeof AlarmDelays> }>(
    '/api/v2/alarms/delays',
    {
      ...admin,
      onRequest: refuseWhileActingAs,
      schema: contract({
        ...common,
        summary:
          "Replaces the tenant's own alarm delays: a code's alarm is raised once its condition lasts that long",
        body: AlarmDelays,
        response: { 200: AlarmDelays, ...refusals },
      }),
    },
    async (request) => ({ delays: await delays.replace(session(request).tenant.id, request.body.delays) }),
  );

  app.get<{ Querystring: v.InferOutput<typeof AlarmHealthQuery> }>(
    '/api/v2/alarms/health',
    {
      ...admin,
      schema: contract({
        ...common,
        summary:
          'The alarm system measured against EEMUA 191 over a range: rate, peak, floods, standing, chattering and top offenders',
        querystring: AlarmHealthQuery,
        response: { 200: AlarmHealth, ...refusals },
      }),
    },
    async (request) => {
      const { tenant, user } = session(request);
      return alarmHealth(db, tenant.id, { ...rangeOf(request.query), now: clock.now() }, (code, adfName) =>
        translations.translate(user.languageCode, code, adfName),
      );
    },
  );

  app.get<{ Querystring: v.InferOutput<typeof AlarmMarksQuery> }>(
    '/api/v2/alarms/marks',
    {
      preHandler: requireGrant('DEVICES', 'READ'),
      schema: contract({
        ...common,
        summary: 'What a device chart marks: alarm periods, acknowledgements, setpoint changes and defrosts',
        querystring: AlarmMarksQuery,
        response: { 200: AlarmMarks, ...refusals },
      }),
    },
    async (request) => {
      const { hexacode, department } = request.query;
      const [number, sub] = department?.split('.').map(Number) ?? [];
      return marks(
        {
          tenantId: session(request).tenant.id,
          hexacode,
          department:
            number === undefined || sub === undefined
              ? undefined
              : { department: number, subDepartment: sub },
          ...rangeOf(request.query),
        },
        session(request).user.languageCode,
      );
    },
  );
};
