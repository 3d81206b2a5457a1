import type { FastifyPluginAsync } from 'fastify';
import type * as v from 'valibot';
import {
  ErrorBody,
  SUPPORT_KINDS,
  SUPPORT_PATHS,
  SupportReceipt,
  SupportRequest,
  SupportRequestQuery,
} from '#contracts';
import { contract } from '../../http/contracts';
import type { SupportService } from './service';

const SUMMARY = { bugReport: 'Report a bug', featureRequest: 'Request a feature' } as const;

/** SPEC §7: POST /api/v2/support/bug-report and /feature-request, for any signed-in user. */
export const supportRoutes: FastifyPluginAsync<{ support: SupportService }> = async (app, { support }) => {
  app.addHook('onRequest', app.authenticate);

  for (const kind of SUPPORT_KINDS) {
    app.post<{
      Querystring: v.InferOutput<typeof SupportRequestQuery>;
      Body: v.InferOutput<typeof SupportRequest>;
    }>(
      `/api/${SUPPORT_PATHS[kind]}`,
      {
        schema: contract({
          summary: `${SUMMARY[kind]}: stored, e-mailed to the tenant's support address, a copy to the sender on request`,
          tags: ['support'],
          security: true,
          querystring: SupportRequestQuery,
          body: SupportRequest,
          response: { 201: SupportReceipt, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
        }),
      },
      async (request, reply) => {
        const receipt = await support.submit(request.session!, kind, request.body, request.query.sendMeACopy);
        return reply.code(201).send(receipt);
      },
    );
  }
};
