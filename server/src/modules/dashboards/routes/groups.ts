import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import {
  DashboardGroup,
  DashboardGroupSave,
  DashboardGroupUpdate,
  DashboardIdParams,
  ErrorBody,
  GroupNameValidation,
  GroupNameValidationQuery,
} from '#contracts';
import { contract } from '../../../http/contracts';
import type { DashboardsService } from '../service';
import { common, errors, type IdParams, type Out, ownerOf } from './shared';

export const groupRoutes: FastifyPluginAsync<{ dashboards: DashboardsService }> = async (
  app,
  { dashboards },
) => {
  app.post<{ Body: Out<typeof DashboardGroupSave> }>(
    '/api/v2/dashboards/groups',
    {
      schema: contract({
        ...common,
        summary: 'Create a group holding the listed dashboards',
        body: DashboardGroupSave,
        response: { 201: DashboardGroup, ...errors, 409: ErrorBody },
      }),
    },
    async (request, reply) =>
      reply.code(201).send(await dashboards.createGroup(ownerOf(request), request.body)),
  );

  app.put<{ Body: Out<typeof DashboardGroupUpdate> }>(
    '/api/v2/dashboards/groups',
    {
      schema: contract({
        ...common,
        summary: 'Update a group: dashboards left out return to the top level, listed ones join it',
        body: DashboardGroupUpdate,
        response: { 200: DashboardGroup, ...errors, 409: ErrorBody },
      }),
    },
    async (request) => dashboards.updateGroup(ownerOf(request), request.body),
  );

  app.delete<IdParams>(
    '/api/v2/dashboards/groups/:id',
    {
      schema: contract({
        ...common,
        summary: 'Delete a group; its dashboards return to the top level',
        params: DashboardIdParams,
        response: { 204: v.null(), ...errors },
      }),
    },
    async (request, reply) => {
      await dashboards.removeGroup(ownerOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get<{ Querystring: Out<typeof GroupNameValidationQuery> }>(
    '/api/v2/dashboards/groups/validate/name',
    {
      schema: contract({
        ...common,
        summary:
          "Whether a group name is free among the user's groups (case-insensitive, the group itself excepted)",
        querystring: GroupNameValidationQuery,
        response: { 200: GroupNameValidation, 400: ErrorBody, 401: ErrorBody },
      }),
    },
    async (request) => dashboards.validateGroupName(ownerOf(request), request.query.name, request.query.id),
  );
};
