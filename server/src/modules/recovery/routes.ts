import type { FastifyPluginAsync } from 'fastify';
import type * as v from 'valibot';
import {
  ErrorBody,
  PasswordReset,
  RecoveryRequestQuery,
  RecoveryTokenInfo,
  RecoveryTokenQuery,
} from '#contracts';
import { contract } from '../../http/contracts';
import { loopbackOrigin } from '../mail/links';
import type { RecoveryService } from './service';

const PATH = '/api/v2/account/recover-password';

/** Password recovery and setup (SPEC §7): no sign-in, the tenant from the host like everywhere. */
export const recoveryRoutes: FastifyPluginAsync<{ recovery: RecoveryService }> = async (
  app,
  { recovery },
) => {
  app.put<{ Querystring: v.InferOutput<typeof RecoveryRequestQuery> }>(
    PATH,
    {
      schema: contract({
        summary:
          'Ask for a recovery e-mail (204 whether or not an account has the address); 429: too many attempts from this address',
        tags: ['account'],
        querystring: RecoveryRequestQuery,
        response: { 400: ErrorBody, 429: ErrorBody },
      }),
    },
    async (request, reply) => {
      await recovery.requestRecovery(
        request.tenant.id,
        request.query.email,
        request.ip,
        loopbackOrigin(request),
      );
      return reply.code(204).send();
    },
  );

  app.get<{ Querystring: v.InferOutput<typeof RecoveryTokenQuery> }>(
    PATH,
    {
      schema: contract({
        summary: 'Whether a recovery or setup link may still be used, and whose it is',
        tags: ['account'],
        querystring: RecoveryTokenQuery,
        response: { 200: RecoveryTokenInfo, 400: ErrorBody },
      }),
    },
    async (request) => recovery.inspect(request.tenant.id, request.query.token),
  );

  app.post<{
    Querystring: v.InferOutput<typeof RecoveryTokenQuery>;
    Body: v.InferOutput<typeof PasswordReset>;
  }>(
    PATH,
    {
      schema: contract({
        summary: 'Choose a new password through a recovery or setup link; signs the user out everywhere',
        tags: ['account'],
        querystring: RecoveryTokenQuery,
        body: PasswordReset,
        response: { 400: ErrorBody },
      }),
    },
    async (request, reply) => {
      await recovery.resetPassword(request.tenant.id, request.query.token, request.body.password);
      return reply.code(204).send();
    },
  );
};
