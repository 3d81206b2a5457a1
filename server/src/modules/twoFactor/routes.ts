import type { FastifyPluginAsync } from 'fastify';
import type * as v from 'valibot';
import { ErrorBody, TwoFactorCodeQuery, TwoFactorSetupKey, TwoFactorVerifyBody } from '#contracts';
import { contract } from '../../http/contracts';
import type { TwoFactorService } from './service';

/** SPEC §7's two calls of the two-factor setup dialog; both for the signed-in user only. */
export const twoFactorRoutes: FastifyPluginAsync<{ twoFactor: TwoFactorService }> = async (
  app,
  { twoFactor },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/v2/account/settings/2fa',
    {
      // Makes a new pending secret.
      config: { changesState: true },
      schema: contract({
        summary: 'Start a two-factor setup: a new secret, pending until a code of it is verified',
        tags: ['account'],
        security: true,
        response: { 200: TwoFactorSetupKey, 401: ErrorBody },
      }),
    },
    async (request, reply) => {
      // The secret is a credential: no cache along the way keeps it.
      reply.header('Cache-Control', 'no-store');
      return twoFactor.beginSetup(request.session!);
    },
  );

  app.post<{
    Querystring: v.InferOutput<typeof TwoFactorCodeQuery>;
    Body: v.InferOutput<typeof TwoFactorVerifyBody>;
  }>(
    '/api/v2/account/verify-2fa',
    {
      schema: contract({
        summary:
          'Confirm the pending secret with a code of it: two-factor is on (204). 423: locked, 429: too many attempts from this address',
        tags: ['account'],
        security: true,
        querystring: TwoFactorCodeQuery,
        body: TwoFactorVerifyBody,
        response: { 400: ErrorBody, 401: ErrorBody, 423: ErrorBody, 429: ErrorBody },
      }),
    },
    async (request, reply) => {
      const { secret, email } = request.body;
      await twoFactor.confirm(request.session!, secret, request.query.code, email, request.ip);
      return reply.code(204).send();
    },
  );
};
