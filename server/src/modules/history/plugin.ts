import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { AccountService } from '../account/service';
import type { GatewayAccess } from '../devices/gateway-access';
import { HistoryMaintenance } from './maintenance';
import { HistoryRecorder } from './recorder';
import { createHistoryRepository } from './repository';
import { historyRoutes } from './routes';
import { createHistoryService, type HistoryService } from './service';
import { historyStore } from './store';
import { createWidgetExport, type WidgetExport } from './widget-export';

/** What the rest of the server uses of history (app.history). */
export interface HistoryApi extends HistoryService {
  /** Picks up created, changed or deleted buffers at once (they are reloaded every few seconds anyway). */
  reloadBuffers(): Promise<void>;
  /** Resolves once every sample recorded so far is committed. */
  flush(): Promise<void>;
  /** Without the device runtime there is nothing to record. */
  recorder: HistoryRecorder | undefined;
  /** The download of a widget of history (null for other widgets). */
  exportWidget: WidgetExport;
}

declare module 'fastify' {
  interface FastifyInstance {
    history: HistoryApi;
  }
}

export interface HistoryOptions {
  db: Database;
  clock: Clock;
  account: AccountService;
  /** Broker and gateway: without them there is no recording and no query route (like the device routes). */
  access: (GatewayAccess & { readonly started: boolean }) | undefined;
  retentionDays: number;
  /** False while the database is migrated. */
  ready: () => boolean;
}

/** History on the root instance: app.history, the recorder and the storage jobs with the app's life, the route. */
export async function registerHistory(app: FastifyInstance, options: HistoryOptions): Promise<HistoryApi> {
  const { db, clock, access, ready } = options;
  const repository = createHistoryRepository(db);
  const service = createHistoryService({
    db,
    repository,
    account: options.account,
    adfs: () => access?.adfs ?? new Map(),
    clock,
    retentionDays: options.retentionDays,
  });
  const recorder =
    access &&
    new HistoryRecorder({ repository, stage: historyStore(db).stage, access, clock, log: app.log, ready });
  const maintenance = new HistoryMaintenance(service, app.log, ready);
  const api: HistoryApi = {
    ...service,
    recorder,
    exportWidget: createWidgetExport({ query: service.query, account: options.account, clock }),
    reloadBuffers: async () => recorder?.reloadBuffers(),
    flush: async () => recorder?.flush(),
  };
  app.decorate('history', api);
  app.addHook('onReady', async () => {
    recorder?.start();
    maintenance.start();
  });
  // Nothing recorded is lost on a clean stop: the queue is written before the database closes.
  app.addHook('onClose', async () => {
    await maintenance.stop();
    await recorder?.stop();
  });
  if (access) await app.register(historyRoutes, { history: service });
  return api;
}
