import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../clock';
import type { BuffersService } from '../buffers/service';
import type { WidgetExport } from '../history/widget-export';
import { buffersOnSave } from './buffer-requests';
import { dashboardRoutes } from './routes/dashboards';
import { groupRoutes } from './routes/groups';
import { widgetRoutes } from './routes/widgets';
import type { DashboardsService } from './service';
import type { LineNamer } from './line-names';
import type { WidgetLineReader } from './widget-download';

export interface DashboardsRoutesOptions {
  dashboards: DashboardsService;
  /**
   * Reads widget elements' lines: their values for the widget download (without it every element is NO_DATA),
   * their names in the reader's language for a dashboard read (without it the names it was saved with).
   */
  lines?: WidgetLineReader & LineNamer;
  /** Creates the buffers elements ask for when a save or an import stores them; without it they stay asked. */
  buffers?: BuffersService;
  /** Downloads widgets of history over their range; without it they download their current values. */
  history?: { exportWidget: WidgetExport };
  clock?: Clock;
}

/** The dashboards API: every route is the signed-in user's, so all of them sit behind app.authenticate. */
export const dashboardsRoutes: FastifyPluginAsync<DashboardsRoutesOptions> = async (
  app,
  { dashboards, lines, buffers, history, clock = { now: () => new Date() } },
) => {
  app.addHook('onRequest', app.authenticate);
  const onSave = buffersOnSave(buffers);
  await app.register(dashboardRoutes, { dashboards, onSave, names: lines });
  await app.register(groupRoutes, { dashboards });
  await app.register(widgetRoutes, { dashboards, onSave, lines, history, clock });
};
