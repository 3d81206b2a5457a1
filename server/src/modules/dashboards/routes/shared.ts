import type { FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import { type DashboardIdParams, ErrorBody } from '#contracts';
import type { Owner } from '../owner';

export type Out<T extends v.GenericSchema> = v.InferOutput<T>;
export type IdParams = { Params: Out<typeof DashboardIdParams> };

/** Routes here run after app.authenticate: the dashboards are the signed-in user's, in the host's tenant. */
export const ownerOf = (request: FastifyRequest): Owner => ({
  tenantId: request.tenant.id,
  userId: request.session!.user.id,
});

/** Every dashboards route is documented under one tag and needs the bearer token. */
export const common = { tags: ['dashboards'], security: true };
/** The failures most routes can answer: a bad request, no session, not the user's (or no such) dashboard. */
export const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
