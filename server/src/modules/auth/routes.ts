import type { FastifyPluginAsync } from 'fastify';
import type * as v from 'valibot';
import { ErrorBody, LoginRequest, MfaRequired, Session } from '#contracts';
import { contract } from '../../http/contracts';
import { bearerToken } from './authenticate';
import type { AuthService } from './service';

export const authRoutes: FastifyPluginAsync<{ auth: AuthService }> = async (app, { auth }) => {
  app.post<{ Body: v.InferOutput<typeof LoginRequest> }>(
    '/api/login',
    {
      schema: contract({
        summary:
          'Sign in; 202 asks for the two-factor code, 423 means locked (see the Locked-Message header), 429 too many attempts from this address (see Retry-After)',
        tags: ['auth'],
        body: LoginRequest,
        response: {
          200: Session,
          202: MfaRequired,
          401: ErrorBody,
          403: ErrorBody,
          423: ErrorBody,
          429: ErrorBody,
        },
      }),
    },
    async (request, reply) => {
      const result = await auth.login(request.tenant, request.body, request.ip);
      if (result.kind === 'mfaRequired') return reply.code(202).send({ mfaRequired: true });
      return result.session;
    },
  );

  app.post(
    '/api/logout',
    { schema: contract({ summary: 'Revoke the bearer token (always 204)', tags: ['auth'], security: true }) },
    async (request, reply) => {
      const token = bearerToken(request);
      if (token) await auth.logout(request.tenant, token);
      return reply.code(204).send();
    },
  );
};
