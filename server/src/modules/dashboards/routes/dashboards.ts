import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  Dashboard,
  DashboardCreate,
  DashboardDeleted,
  DashboardIdParams,
  DashboardImport,
  DashboardRenameQuery,
  DashboardsList,
  DashboardsSorting,
  DashboardSummary,
  DashboardUpdate,
  DashboardVersionConflict,
  ErrorBody,
} from '#contracts';
import { contract } from '../../../http/contracts';
import { attachmentDisposition } from '../file-names';
import type { DashboardsService } from '../service';
import { common, errors, type IdParams, type Out, ownerOf } from './shared';
import type { BuffersOnSave } from '../buffer-requests';
import { type LineNamer, withLineNames } from '../line-names';

/** The list URL answers with and without its trailing slash; the OpenAPI document shows the SPEC's form. */
const both = (url: string) => [url, url.slice(0, -1)] as const;
const hiddenUnless = (url: string) => (url.endsWith('/') ? {} : { hide: true });

export const dashboardRoutes: FastifyPluginAsync<{
  dashboards: DashboardsService;
  onSave: BuffersOnSave;
  names: LineNamer | undefined;
}> = async (app, { dashboards, onSave, names }) => {
  /** A dashboard as the signed-in user reads it: its lines named in their language. */
  const named = (request: FastifyRequest, dashboard: Dashboard) =>
    withLineNames(names, request.session!, dashboard);

  for (const url of both('/api/v2/dashboards/')) {
    app.get(
      url,
      {
        schema: {
          ...contract({
            ...common,
            summary: "The user's dashboards (without widgets), groups and dashboards sort settings",
            response: { 200: DashboardsList, 401: ErrorBody },
          }),
          ...hiddenUnless(url),
        },
      },
      async (request) => dashboards.list(ownerOf(request)),
    );

    app.post<{ Body: Out<typeof DashboardCreate> }>(
      url,
      {
        schema: {
          ...contract({
            ...common,
            summary: 'Create an empty dashboard; it becomes the favorite when there is none',
            body: DashboardCreate,
            response: { 201: Dashboard, 400: ErrorBody, 401: ErrorBody },
          }),
          ...hiddenUnless(url),
        },
      },
      async (request, reply) => reply.code(201).send(await dashboards.create(ownerOf(request), request.body)),
    );

    app.put<{ Body: Out<typeof DashboardUpdate> }>(
      url,
      {
        preHandler: onSave.saveDashboard,
        schema: {
          ...contract({
            ...common,
            summary:
              'Save the whole dashboard; 409 DASHBOARD_VERSION_CONFLICT when it was saved elsewhere first',
            body: DashboardUpdate,
            response: { 200: Dashboard, ...errors, 409: DashboardVersionConflict },
          }),
          ...hiddenUnless(url),
        },
      },
      async (request) => dashboards.save(ownerOf(request), request.body),
    );
  }

  app.get<IdParams>(
    '/api/v2/dashboards/:id',
    {
      schema: contract({
        ...common,
        summary: 'One dashboard with its widgets',
        params: DashboardIdParams,
        response: { 200: Dashboard, ...errors },
      }),
    },
    async (request) => named(request, await dashboards.get(ownerOf(request), request.params.id)),
  );

  app.delete<IdParams>(
    '/api/v2/dashboards/:id',
    {
      schema: contract({
        ...common,
        summary: 'Delete a dashboard; deleting the favorite makes the first remaining one favorite',
        params: DashboardIdParams,
        response: { 200: DashboardDeleted, ...errors },
      }),
    },
    async (request) => dashboards.remove(ownerOf(request), request.params.id),
  );

  app.post<IdParams>(
    '/api/v2/dashboards/:id/favorite',
    {
      schema: contract({
        ...common,
        summary: 'Make this the only favorite dashboard',
        params: DashboardIdParams,
        response: { 200: DashboardSummary, ...errors },
      }),
    },
    async (request) => dashboards.favorite(ownerOf(request), request.params.id),
  );

  app.post<IdParams & { Querystring: Out<typeof DashboardRenameQuery> }>(
    '/api/v2/dashboards/:id/rename',
    {
      schema: contract({
        ...common,
        summary: 'Rename a dashboard (?name=)',
        params: DashboardIdParams,
        querystring: DashboardRenameQuery,
        response: { 200: Dashboard, ...errors },
      }),
    },
    async (request) =>
      named(request, await dashboards.rename(ownerOf(request), request.params.id, request.query.name)),
  );

  app.get<IdParams>(
    '/api/v2/dashboards/:id/export',
    {
      schema: contract({
        ...common,
        summary: 'The dashboard as a JSON file named after it',
        params: DashboardIdParams,
        response: { 200: Dashboard, ...errors },
      }),
    },
    async (request, reply) => {
      const { dashboard, fileName } = await dashboards.export(ownerOf(request), request.params.id);
      return reply
        .header('content-disposition', attachmentDisposition(fileName))
        .type('application/json; charset=utf-8')
        .send(await named(request, dashboard));
    },
  );

  app.post<{ Body: Out<typeof DashboardImport> }>(
    '/api/v2/dashboards/import',
    {
      preHandler: onSave.importDashboard,
      schema: contract({
        ...common,
        summary:
          'Import a dashboard: a new one with the (device-mapped) widgets of an exported file, under new ids; ' +
          'it becomes the favorite when there is none',
        body: DashboardImport,
        response: { 201: Dashboard, 400: ErrorBody, 401: ErrorBody },
      }),
    },
    async (request, reply) =>
      reply.code(201).send(await named(request, await dashboards.import(ownerOf(request), request.body))),
  );

  app.post<{ Body: Out<typeof DashboardsSorting> }>(
    '/api/v2/dashboards/update-sorting-settings',
    {
      schema: contract({
        ...common,
        summary: 'Store the orders of dashboards and groups and the sort mode and direction',
        body: DashboardsSorting,
        response: { 200: DashboardsList, 400: ErrorBody, 401: ErrorBody },
      }),
    },
    async (request) => dashboards.sort(ownerOf(request), request.body),
  );
};
