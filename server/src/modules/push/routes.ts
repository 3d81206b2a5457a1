import type { FastifyPluginAsync } from 'fastify';
import type * as v from 'valibot';
import {
  ErrorBody,
  PushSubscription,
  PushSubscriptionRequest,
  PushUnsubscribeQuery,
  TestNotificationResult,
  VapidPublicKey,
} from '#contracts';
import { AppError } from '../../errors';
import { contract } from '../../http/contracts';
import type { AuthSession } from '../auth/service';
import type { PushRepository } from './repository';
import type { PushService } from './service';
import type { VapidKeys } from './vapid';

export interface PushRoutesOptions {
  keys: () => Promise<VapidKeys>;
  repository: PushRepository;
  push: PushService;
}

/** SPEC §7's push calls, under the API's base path. */
export const pushRoutes: FastifyPluginAsync<PushRoutesOptions> = async (app, { keys, repository, push }) => {
  app.addHook('onRequest', app.authenticate);
  const tags = ['push'];
  const who = (session: AuthSession) => ({
    tenantId: session.tenant.id,
    userId: session.user.id,
    tokenHash: session.tokenHash,
  });

  app.get(
    '/api/v2/key',
    {
      schema: contract({
        summary: 'The VAPID public key browsers subscribe with',
        tags,
        security: true,
        response: { 200: VapidPublicKey, 401: ErrorBody },
      }),
    },
    async () => ({ publicKey: (await keys()).publicKey }),
  );

  app.post<{ Body: v.InferOutput<typeof PushSubscriptionRequest> }>(
    '/api/v2/subscribe',
    {
      schema: contract({
        summary:
          "Keep this browser's push subscription for the user; answers it (the session's vapidSubscription). 409: the endpoint is another account's (another tenant's, or another user's with other keys)",
        tags,
        security: true,
        body: PushSubscriptionRequest,
        response: { 200: PushSubscription, 400: ErrorBody, 401: ErrorBody, 409: ErrorBody },
      }),
    },
    async (request) => {
      const subscription = { endpoint: request.body.endpoint, keys: request.body.keys };
      if (!(await repository.save(who(request.session!), subscription))) {
        throw new AppError(
          409,
          'PUSH_SUBSCRIPTION_TAKEN',
          "This push subscription is another account's; subscribe this browser again",
        );
      }
      return subscription;
    },
  );

  app.get<{ Querystring: v.InferOutput<typeof PushUnsubscribeQuery> }>(
    '/api/v2/unsubscribe',
    {
      config: { changesState: true },
      schema: contract({
        summary: "Forget the user's subscription of `endpoint`, or the one this session made (always 204)",
        tags,
        security: true,
        querystring: PushUnsubscribeQuery,
        response: { 400: ErrorBody, 401: ErrorBody },
      }),
    },
    async (request, reply) => {
      await repository.remove(who(request.session!), request.query.endpoint);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/v2/test-notification',
    {
      config: { changesState: true },
      schema: contract({
        summary:
          "Send a test push to each of the user's subscribed browsers; 404 PUSH_NOT_SUBSCRIBED without one",
        tags,
        security: true,
        response: { 200: TestNotificationResult, 401: ErrorBody, 404: ErrorBody },
      }),
    },
    async (request) => push.sendTest(request.session!),
  );
};
