import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import {
  ALARM_HISTORY_CSV_MAX,
  ALARM_CHANGE_ID_HEADER,
  ALARM_STREAM_PATH,
  AlarmAcknowledge,
  AlarmEntries,
  AlarmHistoryPage,
  AlarmHistoryQuery,
  AlarmIdParams,
  ErrorBody,
  TOO_MANY_STREAMS,
} from '#contracts';
import { AppError } from '../../errors';
import { contract } from '../../http/contracts';
import { requireGrant } from '../auth/authenticate';
import type { SessionSockets } from '../realtime/session-sockets';
import type { AlarmsService } from './service';
import type { AlarmStreams } from './stream';

const session = (request: FastifyRequest) => request.session!;

/** Last-Event-ID: a change id the client saw; anything else is ignored (the stream then starts afresh). */
const lastEventIdOf = (request: FastifyRequest): number | undefined => {
  const raw = request.headers['last-event-id'];
  return typeof raw === 'string' && /^\d{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : undefined;
};

export const alarmsRoutes: FastifyPluginAsync<{
  alarms: AlarmsService;
  streams: AlarmStreams;
  sessions: SessionSockets;
}> = async (app, { alarms, streams, sessions }) => {
  app.addHook('onRequest', app.authenticate);
  const read = { preHandler: requireGrant('DEVICES', 'READ') };
  const common = { tags: ['alarms'], security: true };

  app.get(
    '/api/v2/alarms/',
    {
      ...read,
      schema: contract({
        ...common,
        summary: 'The active alarms: one entry per standalone device or business group in alarm (SPEC §3)',
        response: { 200: AlarmEntries, 401: ErrorBody, 403: ErrorBody },
      }),
    },
    async (request, reply) => {
      const { entries, changeId } = await alarms.entries(session(request));
      reply.header(ALARM_CHANGE_ID_HEADER, String(changeId));
      return entries;
    },
  );

  app.get(
    ALARM_STREAM_PATH,
    {
      ...read,
      schema: contract({
        ...common,
        summary:
          'Server-Sent Events: `alarm-entry` replaces the entry of its hexacode (empty: removed); resumable with Last-Event-ID; 429 TOO_MANY_STREAMS past the streams a session may hold',
        response: { 401: ErrorBody, 403: ErrorBody, 406: ErrorBody, 429: ErrorBody },
      }),
    },
    async (request, reply) => {
      // Only a client that asks for events gets a never-ending answer (a plain GET, e.g. a script, is told why not).
      if (!(request.headers.accept ?? '').includes('text/event-stream'))
        throw new AppError(
          406,
          'EVENT_STREAM_NOT_ACCEPTED',
          'Ask for text/event-stream in the Accept header',
        );
      const user = session(request);
      // A place among the session's streams is taken before anything is read, so parallel requests cannot all
      // pass; it is given back when the stream ends (or, below, when it never opens).
      const stream: { ended: boolean; end?: () => void } = { ended: false };
      const forget = sessions.add(user.tokenHash, () => {
        stream.ended = true;
        stream.end?.();
      });
      if (!forget) {
        throw new AppError(
          429,
          TOO_MANY_STREAMS,
          'This session holds as many alarm streams as it may; close another tab first',
        );
      }
      const viewer = await alarms.viewerOf(user).catch((error: unknown) => {
        forget();
        throw error;
      });
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // Proxies (nginx) must pass events on as they come.
        'x-accel-buffering': 'no',
      });
      stream.end = streams.open(response, viewer, lastEventIdOf(request));
      response.on('close', forget);
      // The session ended while its viewer was read.
      if (stream.ended) stream.end();
    },
  );

  app.get<{ Querystring: v.InferOutput<typeof AlarmHistoryQuery> }>(
    '/api/v2/alarms/history',
    {
      ...read,
      schema: contract({
        ...common,
        summary: `Alarm occurrences, filtered, sorted and paged on the server (SPEC §9); with format=csv, every occurrence the filters match (at most ${ALARM_HISTORY_CSV_MAX.toLocaleString('en')}) as a CSV file`,
        querystring: AlarmHistoryQuery,
        response: { 200: AlarmHistoryPage, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      }),
    },
    async (request, reply) => {
      if (request.query.format !== 'csv') return alarms.history(session(request), request.query);
      return reply
        .type('text/csv; charset=utf-8; header=present')
        .header('content-disposition', 'attachment; filename="alarm-history.csv"')
        .send(await alarms.historyCsv(session(request), request.query));
    },
  );

  app.post<{ Params: v.InferOutput<typeof AlarmIdParams>; Body: v.InferOutput<typeof AlarmAcknowledge> }>(
    '/api/v2/alarms/:id/acknowledge',
    {
      preHandler: requireGrant('DEVICES', 'WRITE'),
      schema: contract({
        ...common,
        summary: 'Acknowledges an active or cleared alarm once, with an optional comment (ISA-18.2)',
        params: AlarmIdParams,
        body: AlarmAcknowledge,
        response: { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      }),
    },
    async (request, reply) => {
      await alarms.acknowledge(session(request), request.params.id, request.body.comment);
      return reply.code(204).send();
    },
  );
};
