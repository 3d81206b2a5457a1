import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../clock';
import { dashboardRoutes } from './routes/dashboards';
import { groupRoutes } from './routes/groups';
import { widgetRoutes } from './routes/widgets';
import type { DashboardsService } from './service';
import type { WidgetLineReader } from './widget-download';

export interface DashboardsRoutesOptions {
  dashboards: DashboardsService;
  /** Reads widget elements' lines for the widget download; without it every element is NO_DATA. */
  lines?: WidgetLineReader;
  clock?: Clock;
}

/** The dashboards API: every route is the signed-in user's, so all of them sit behind app.authenticate. */
export const dashboardsRoutes: FastifyPluginAsync<DashboardsRoutesOptions> = async (
  app,
  { dashboards, lines, clock = { now: () => new Date() } },
) => {
  app.addHook('onRequest', app.authenticate);
  await app.register(dashboardRoutes, { dashboards });
  await app.register(groupRoutes, { dashboards });
  await app.register(widgetRoutes, { dashboards, lines, clock });
};
