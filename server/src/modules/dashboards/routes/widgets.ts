import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import {
  Dashboard,
  DashboardVersionConflict,
  HistoryResult,
  MarkAreaElements,
  MarkAreaElementsQuery,
  WidgetDownloadBody,
  WidgetDownloadQuery,
  WidgetSave,
  WidgetValues,
} from '#contracts';
import type { Clock } from '../../../clock';
import type { WidgetExport } from '../../history/widget-export';
import { contract } from '../../../http/contracts';
import { attachmentDisposition } from '../file-names';
import type { DashboardsService } from '../service';
import {
  contentTypeOf,
  downloadFileName,
  toCsv,
  type WidgetLineReader,
  widgetValueRows,
} from '../widget-download';
import { common, errors, type Out, ownerOf } from './shared';
import type { BuffersOnSave } from '../buffer-requests';

export interface WidgetRoutesOptions {
  dashboards: DashboardsService;
  /** Creates the buffers a saved widget's elements ask for (buffer-requests.ts). */
  onSave: BuffersOnSave;
  /** Without it every element of a download is NO_DATA. */
  lines: WidgetLineReader | undefined;
  /** Without it widgets of history download their current values too. */
  history: { exportWidget: WidgetExport } | undefined;
  clock: Clock;
}

export const widgetRoutes: FastifyPluginAsync<WidgetRoutesOptions> = async (
  app,
  { dashboards, onSave, lines, history, clock },
) => {
  app.post<{ Body: Out<typeof WidgetSave> }>(
    '/api/v2/dashboards/widgets',
    {
      preHandler: onSave.saveWidget,
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
      config: { changesState: false },
      schema: contract({
        ...common,
        summary:
          "The widget's elements with their current values (label, device, department, page, line, value, unit, " +
          'status) as a CSV or JSON attachment (?exportType=CSV|JSON&fileName=, default the widget name); a widget ' +
          'of history gives its history over the range (from, to) instead: CSV one row a time in the timeZone, ' +
          'one column an element of bucket averages, JSON the history result',
        querystring: WidgetDownloadQuery,
        body: WidgetDownloadBody,
        response: { 200: v.union([WidgetValues, HistoryResult]), ...errors },
      }),
    },
    async (request, reply) => {
      const { dashboardId, widgetId } = request.body;
      const { exportType, fileName } = request.query;
      const widget = await dashboards.widget(ownerOf(request), dashboardId, widgetId);
      const ofHistory = await history?.exportWidget(request.session!, widget, request.body, exportType);
      const elements = ofHistory ? [] : await widgetValueRows(lines, request.session!, widget);
      const name = downloadFileName(fileName, widget.name, exportType);
      reply
        .header('content-disposition', attachmentDisposition(name))
        .header('cache-control', 'no-store')
        .type(contentTypeOf(exportType));
      if (ofHistory) return reply.send(ofHistory);
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
