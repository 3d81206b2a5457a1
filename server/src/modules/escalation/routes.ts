import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import { ErrorBody, EscalationPolicy, EscalationTestRuns } from '#contracts';
import { contract } from '../../http/contracts';
import { refuseWhileActingAs, requireGrant } from '../auth/authenticate';
import type { EscalationService } from './service';

const PATH = '/api/v2/alarms/escalation';
const session = (request: FastifyRequest) => request.session!;

/** The tenant's escalation policy: administrators (SYSTEM at WRITE), as themselves (NOT_WHILE_SWITCHED). */
export const escalationRoutes: FastifyPluginAsync<{ escalation: EscalationService }> = async (
  app,
  { escalation },
) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', refuseWhileActingAs);
  app.addHook('preHandler', requireGrant('SYSTEM', 'WRITE'));
  const common = { tags: ['alarms'], security: true };
  const refusals = { 401: ErrorBody, 403: ErrorBody };

  app.get(
    PATH,
    {
      schema: contract({
        ...common,
        summary: "The tenant's escalation policy (the default, without levels, until one is saved)",
        response: { 200: EscalationPolicy, ...refusals },
      }),
    },
    async (request) => escalation.get(session(request)),
  );

  app.put<{ Body: v.InferOutput<typeof EscalationPolicy> }>(
    PATH,
    {
      schema: contract({
        ...common,
        summary:
          'Saves the escalation policy: levels told after afterSeconds until acknowledged, repeated every repeatSeconds; per priority, time bands, shelving maximum, weekly test alarm',
        body: EscalationPolicy,
        response: { 200: EscalationPolicy, 400: ErrorBody, ...refusals },
      }),
    },
    async (request) => escalation.put(session(request), request.body),
  );

  app.get(
    `${PATH}/tests`,
    {
      schema: contract({
        ...common,
        summary: 'The weekly test alarms, newest first, with whom each reached',
        response: { 200: EscalationTestRuns, ...refusals },
      }),
    },
    async (request) => escalation.testRuns(session(request)),
  );
};
