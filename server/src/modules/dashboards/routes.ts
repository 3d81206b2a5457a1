import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import {
  Dashboard,
  DashboardCreate,
  DashboardDeleted,
  DashboardGroup,
  DashboardGroupSave,
  DashboardGroupUpdate,
  DashboardIdParams,
  DashboardImport,
  DashboardRenameQuery,
  DashboardsList,
  DashboardsSorting,
  DashboardSummary,
  DashboardUpdate,
  DashboardVersionConflict,
  ErrorBody,
  GroupNameValidation,
  GroupNameValidationQuery,
  MarkAreaElements,
  MarkAreaElementsQuery,
  WidgetDownloadBody,
  WidgetDownloadQuery,
  WidgetSave,
  WidgetValues,
} from '../../../../src/services/contracts';
import type { Clock } from '../../clock';
import { contract } from '../../http/contracts';
import type { DashboardsService, Owner } from './service';
import {
  contentTypeOf,
  downloadFileName,
  toCsv,
  type WidgetLineReader,
  widgetValueRows,
} from './widget-download';

type Out<T extends v.GenericSchema> = v.InferOutput<T>;
type IdParams = { Params: Out<typeof DashboardIdParams> };

/** Routes here run after app.authenticate: the dashboards are the signed-in user's, in the host's tenant. */
const ownerOf = (request: FastifyRequest): Owner => ({
  tenantId: request.tenant.id,
  userId: request.session!.user.id,
});

export interface DashboardsRoutesOptions {
  dashboards: DashboardsService;
  /** Reads widget elements' lines for the widget download; without it every element is NO_DATA. */
  lines?: WidgetLineReader;
  clock?: Clock;
}

export const dashboardsRoutes: FastifyPluginAsync<DashboardsRoutesOptions> = async (
  app,
  { dashboards, lines, clock = { now: () => new Date() } },
) => {
  app.addHook('onRequest', app.authenticate);
  const common = { tags: ['dashboards'], security: true };
  const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };
  /** The list URL answers with and without its trailing slash; the OpenAPI document shows the SPEC's form. */
  const both = (url: string) => [url, url.slice(0, -1)] as const;
  const hiddenUnless = (url: string) => (url.endsWith('/') ? {} : { hide: true });

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
      async (request) => dashboards.update(ownerOf(request), request.body),
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
    async (request) => dashboards.get(ownerOf(request), request.params.id),
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
    async (request) => dashboards.rename(ownerOf(request), request.params.id, request.query.name),
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
        .header(
          'content-disposition',
          `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        )
        .type('application/json; charset=utf-8')
        .send(dashboard);
    },
  );

  app.post<{ Body: Out<typeof DashboardImport> }>(
    '/api/v2/dashboards/import',
    {
      schema: contract({
        ...common,
        summary:
          'Import a dashboard: a new one with the (device-mapped) widgets of an exported file, under new ids; ' +
          'it becomes the favorite when there is none',
        body: DashboardImport,
        response: { 201: Dashboard, 400: ErrorBody, 401: ErrorBody },
      }),
    },
    async (request, reply) => reply.code(201).send(await dashboards.import(ownerOf(request), request.body)),
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

  app.post<{ Body: Out<typeof WidgetSave> }>(
    '/api/v2/dashboards/widgets',
    {
      schema: contract({
        ...common,
        summary: 'Add a widget or replace the one with its id; answers the dashboard',
        body: WidgetSave,
        response: { 200: Dashboard, ...errors, 409: DashboardVersionConflict },
      }),
    },
    async (request) => dashboards.saveWidget(ownerOf(request), request.body),
  );

  app.post<{ Querystring: Out<typeof MarkAreaElementsQuery>; Body: Out<typeof MarkAreaElements> }>(
    '/api/v2/dashboards/widgets/mark-area-elements',
    {
      schema: contract({
        ...common,
        summary: "Replace a widget's annotations (?dashboard&widget); answers the saved list",
        querystring: MarkAreaElementsQuery,
        body: MarkAreaElements,
        response: { 200: MarkAreaElements, ...errors },
      }),
    },
    async (request) =>
      dashboards.saveMarkAreaElements(
        ownerOf(request),
        request.query.dashboard,
        request.query.widget,
        request.body,
      ),
  );

  app.post<{ Querystring: Out<typeof WidgetDownloadQuery>; Body: Out<typeof WidgetDownloadBody> }>(
    '/api/v2/dashboards/widgets/download',
    {
      schema: contract({
        ...common,
        summary:
          "The widget's elements with their current values (label, device, department, page, line, value, unit, " +
          'status) as a CSV or JSON attachment (?exportType=CSV|JSON&fileName=, default the widget name)',
        querystring: WidgetDownloadQuery,
        body: WidgetDownloadBody,
        response: { 200: WidgetValues, ...errors },
      }),
    },
    async (request, reply) => {
      const { dashboardId, widgetId } = request.body;
      const { exportType, fileName } = request.query;
      const widget = await dashboards.widget(ownerOf(request), dashboardId, widgetId);
      const elements = await widgetValueRows(lines, request.session!, widget);
      const name = downloadFileName(fileName, widget.name, exportType);
      reply
        .header(
          'content-disposition',
          `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .header('cache-control', 'no-store')
        .type(contentTypeOf(exportType));
      if (exportType === 'CSV') return reply.send(toCsv(elements));
      const body: WidgetValues = {
        dashboardId,
        widget: { id: widget.id, name: widget.name, type: widget.type },
        exportedAt: clock.now().toISOString(),
        elements,
      };
      return reply.send(JSON.stringify(body, null, 2));
    },
  );
};
