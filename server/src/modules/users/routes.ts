import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import { ErrorBody, UserCreate, UserIdParams, UserList, UserSummary } from '#contracts';
import { contract } from '../../http/contracts';
import { refuseWhileActingAs, requireGrant } from '../auth/authenticate';
import type { UsersService } from './service';
import { loopbackOrigin } from '../mail/links';

const PATH = '/api/v2/admin/users';

/** Routes here run after app.authenticate, so the session is there. */
const session = (request: FastifyRequest) => request.session!;

type IdRequest = FastifyRequest<{ Params: v.InferOutput<typeof UserIdParams> }>;

/**
 * The administrators' user list (SYSTEM at WRITE), always within the host's tenant. Changes are refused while acting
 * as another user (NOT_WHILE_SWITCHED).
 */
export const usersRoutes: FastifyPluginAsync<{ users: UsersService }> = async (app, { users }) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('preHandler', requireGrant('SYSTEM', 'WRITE'));
  const common = { tags: ['admin'], security: true };
  const refusals = { 401: ErrorBody, 403: ErrorBody };

  app.get(
    PATH,
    {
      schema: contract({
        ...common,
        summary: "The tenant's users, by username",
        response: { 200: UserList, ...refusals },
      }),
    },
    async (request) => users.list(session(request)),
  );

  app.post<{ Body: v.InferOutput<typeof UserCreate> }>(
    PATH,
    {
      onRequest: refuseWhileActingAs,
      schema: contract({
        ...common,
        summary: "Creates a user with the role's grants and e-mails them a link to choose their password",
        body: UserCreate,
        response: { 201: UserSummary, 400: ErrorBody, ...refusals, 409: ErrorBody },
      }),
    },
    async (request, reply) =>
      reply.code(201).send(await users.create(session(request), request.body, loopbackOrigin(request))),
  );

  for (const [action, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    app.post<{ Params: v.InferOutput<typeof UserIdParams> }>(
      `${PATH}/:id/${action}`,
      {
        onRequest: refuseWhileActingAs,
        schema: contract({
          ...common,
          summary: disabled
            ? 'Disables a user (never yourself): they are signed out everywhere and cannot sign in'
            : 'Lets a disabled user sign in again',
          params: UserIdParams,
          response: { 200: UserSummary, 400: ErrorBody, ...refusals, 404: ErrorBody, 409: ErrorBody },
        }),
      },
      async (request: IdRequest) => users.setDisabled(session(request), request.params.id, disabled),
    );
  }
};
