import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import { AlarmIdParams, AlarmShelve, ErrorBody, ShelvedAlarms } from '#contracts';
import { contract } from '../../http/contracts';
import { requireGrant } from '../auth/authenticate';
import type { ShelvingService } from './service';

const session = (request: FastifyRequest) => request.session!;
type IdRequest = { Params: v.InferOutput<typeof AlarmIdParams> };

/** ISA-18.2 shelving: operators who may acknowledge (DEVICES at WRITE) shelve; everyone who sees alarms lists. */
export const shelvingRoutes: FastifyPluginAsync<{ shelving: ShelvingService }> = async (
  app,
  { shelving },
) => {
  app.addHook('onRequest', app.authenticate);
  const common = { tags: ['alarms'], security: true };
  const write = { preHandler: requireGrant('DEVICES', 'WRITE') };

  app.get(
    '/api/v2/alarms/shelved',
    {
      preHandler: requireGrant('DEVICES', 'READ'),
      schema: contract({
        ...common,
        summary: 'The alarms shelved now: who shelved each, when, until when and why',
        response: { 200: ShelvedAlarms, 401: ErrorBody, 403: ErrorBody },
      }),
    },
    async (request) => shelving.list(session(request)),
  );

  app.post<IdRequest & { Body: v.InferOutput<typeof AlarmShelve> }>(
    '/api/v2/alarms/:id/shelve',
    {
      ...write,
      schema: contract({
        ...common,
        summary:
          "Shelves an active alarm for `minutes` (at most the tenant's maximum, 8 h unless set) with a reason: it leaves the bell and escalation until then",
        params: AlarmIdParams,
        body: AlarmShelve,
        response: { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      }),
    },
    async (request, reply) => {
      await shelving.shelve(session(request), request.params.id, request.body);
      return reply.code(204).send();
    },
  );

  app.delete<IdRequest>(
    '/api/v2/alarms/:id/shelve',
    {
      ...write,
      schema: contract({
        ...common,
        summary: 'Unshelves an alarm: it is back in the bell and escalation at once',
        params: AlarmIdParams,
        response: { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      }),
    },
    async (request, reply) => {
      await shelving.unshelve(session(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
