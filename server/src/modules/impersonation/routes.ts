import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import {
  AccountIdParams,
  AccountPage,
  AccountPageRequest,
  ErrorBody,
  Session,
  SwitchRecordPage,
  SwitchRecordQuery,
} from '#contracts';
import { contract } from '../../http/contracts';
import { bearerToken, requireGrant } from '../auth/authenticate';
import type { Caller, ImpersonationService } from './service';

const administrator = requireGrant('SYSTEM', 'WRITE');
const REFUSALS = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** The signed-in caller of an authenticated route (app.authenticate ran, so session and token are there). */
const callerOf = (request: FastifyRequest): Caller => ({
  session: request.session!,
  token: bearerToken(request)!,
  clientAddress: request.ip,
});

/** SPEC §7 switch account and switch back, and the record of both for administrators. */
export const impersonationRoutes: FastifyPluginAsync<{ impersonation: ImpersonationService }> = async (
  app,
  { impersonation },
) => {
  app.addHook('onRequest', app.authenticate);

  app.post<{ Body: v.InferOutput<typeof AccountPageRequest> }>(
    '/api/v2/account/paginate',
    {
      onRequest: administrator,
      config: { changesState: false },
      schema: contract({
        summary: "A page of the tenant's accounts to switch to (SYSTEM at WRITE)",
        tags: ['account'],
        security: true,
        body: AccountPageRequest,
        response: { 200: AccountPage, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      }),
    },
    async (request) => impersonation.accounts(request.tenant, request.body),
  );

  app.post<{ Params: v.InferOutput<typeof AccountIdParams> }>(
    '/api/v2/account/switch/:id',
    {
      onRequest: administrator,
      schema: contract({
        summary:
          "Sign in as another account of the tenant (never one with grants above the caller's); recorded",
        tags: ['account'],
        security: true,
        params: AccountIdParams,
        response: { 200: Session, ...REFUSALS },
      }),
    },
    async (request) => impersonation.switchTo(callerOf(request), request.params.id),
  );

  app.post(
    '/api/v2/account/switch-back',
    {
      // Recorded as a switch back of its own, not as an action of the switch.
      config: { changesState: false },
      schema: contract({
        summary: "End acting as another account: the administrator's own session again; recorded",
        tags: ['account'],
        security: true,
        response: { 200: Session, 401: ErrorBody, 409: ErrorBody },
      }),
    },
    async (request) => impersonation.switchBack(callerOf(request)),
  );

  app.get<{ Querystring: v.InferOutput<typeof SwitchRecordQuery> }>(
    '/api/v2/account/switch-records',
    {
      onRequest: administrator,
      schema: contract({
        summary: 'Every switch and switch back of the tenant, newest first (SYSTEM at WRITE)',
        tags: ['account'],
        security: true,
        querystring: SwitchRecordQuery,
        response: { 200: SwitchRecordPage, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      }),
    },
    async (request) => impersonation.records(request.tenant, request.query.pageNumber),
  );
};
