import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { AccountService } from '../account/service';
import { rememberLists } from './remembered-lists';
import { createDashboardsRepository } from './repository';
import { dashboardsRoutes, type DashboardsRoutesOptions } from './routes';
import { createDashboardsService } from './service';

/**
 * The signed-in user's dashboards, groups and widgets (the buffers a save asks for are made on its route); each
 * user's list remembered until the database says it changed.
 */
export async function registerDashboards(
  app: FastifyInstance,
  options: Omit<DashboardsRoutesOptions, 'dashboards'> & { db: Database; account: AccountService },
): Promise<void> {
  const { db, account, ...routes } = options;
  const repository = createDashboardsRepository(db);
  const dashboards = createDashboardsService(
    { ...repository, listView: rememberLists(app, db, repository.listView) },
    account,
  );
  await app.register(dashboardsRoutes, { ...routes, dashboards });
}
