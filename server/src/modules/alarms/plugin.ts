import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { AuthService } from '../auth/service';
import type { GatewayAccess } from '../devices/gateway-access';
import { SessionSockets } from '../realtime/session-sockets';
import { ChangeFeed } from './change-feed';
import { createDefrostRecorder } from './defrosts';
import { createAlarmDirectory, type AlarmDirectory } from './directory';
import { AlarmEmitter } from './emitter';
import { createAlarmEntries } from './entries';
import type { AlarmEvents } from './events';
import { alarmHealthRoutes } from './health-routes';
import { createAlarmHolds } from './holds';
import { createAlarmsRepository } from './repository';
import { alarmsRoutes } from './routes';
import { createAlarmsService } from './service';
import { createAlarmStore, type AlarmStore } from './store';
import { AlarmStreams } from './stream';
import { createTranslations } from './translations';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stored alarm changes, for e-mail and push (written and emitted by the one instance that stored each). */
    alarms: AlarmEvents & {
      /** Resolves once every gateway event heard so far is stored (tests). */
      flush(): Promise<void>;
      store: AlarmStore;
      streams: AlarmStreams;
      directory: AlarmDirectory;
      /**
       * Runs `work` in one transaction; when it answers something, a change of the device's alarms is numbered in
       * it and every instance's streams are told once committed (shelving takes an alarm out of the bell this way).
       */
      changeAlarms<T>(
        tenantId: string,
        hexacode: string,
        work: (tx: Database) => Promise<T | undefined>,
      ): Promise<T | undefined>;
    };
  }
}

const CONNECT_RETRY_MS = 500;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** How often held occurrences are looked at: a delay is kept to within this. */
const RELEASE_EVERY_MS = 5_000;
/** How long Last-Event-ID can resume: a browser away for longer reloads the list anyway. */
const CHANGE_LOG_KEEP_MS = 24 * 60 * 60 * 1000;

/** The alarms store on the root instance: app.alarms, the gateway subscription, the change feed, the routes. */
export async function registerAlarms(
  app: FastifyInstance,
  options: {
    db: Database;
    clock: Clock;
    access: GatewayAccess & { readonly started: boolean };
    auth: AuthService;
    ready: () => boolean;
    sessionCheckIntervalMs?: number | undefined;
    /** Alarm streams one session may hold at once; more are refused 429 TOO_MANY_STREAMS. */
    maxStreamsPerSession: number;
  },
): Promise<void> {
  const { db, clock, access, ready } = options;
  const repository = createAlarmsRepository(db);
  const directory = createAlarmDirectory(db, () => access.adfs);
  const translations = createTranslations();
  const emitter = new AlarmEmitter(app.log);
  const feed = new ChangeFeed(db, app.log);
  const holds = createAlarmHolds(() => access.adfs);
  const defrosts = createDefrostRecorder({ db, adfs: () => access.adfs, holds });
  const store = createAlarmStore({
    repository,
    directory,
    feed,
    emitter,
    holds,
    defrosts,
    clock,
    log: app.log,
  });
  const entries = createAlarmEntries({ repository, directory, translations });
  const streams = new AlarmStreams({ entries, repository, log: app.log });
  const alarms = createAlarmsService({
    db,
    repository,
    directory,
    entries,
    store,
    feed,
    emitter,
    translations,
    clock,
  });
  feed.subscribe((change) => streams.onChange(change));

  const sessions = new SessionSockets({
    auth: options.auth,
    intervalMs: options.sessionCheckIntervalMs,
    log: app.log,
    maxPerSession: options.maxStreamsPerSession,
  });

  // The gateway exists once the runtime started (main.ts starts it after migrating): wait for it.
  let unsubscribe: (() => void) | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = () => {
    if (access.started && ready()) unsubscribe = access.gateway.subscribe((event) => store.handle(event));
    else (retry = setTimeout(connect, CONNECT_RETRY_MS)).unref();
  };
  const prune = setInterval(() => {
    if (ready())
      repository
        .pruneChanges(new Date(clock.now().getTime() - CHANGE_LOG_KEEP_MS))
        .catch((error: unknown) => app.log.warn({ err: error }, 'alarms: pruning the change log failed'));
  }, PRUNE_EVERY_MS);
  prune.unref();
  const release = setInterval(() => {
    if (ready() && access.started)
      store
        .release()
        .catch((error: unknown) => app.log.warn({ err: error }, 'alarms: releasing held alarms failed'));
  }, RELEASE_EVERY_MS);
  release.unref();

  app.decorate('alarms', {
    subscribe: (listener) => emitter.subscribe(listener),
    addWriter: (writer) => emitter.addWriter(writer),
    flush: () => store.flush(),
    store,
    streams,
    directory,
    async changeAlarms(tenantId, hexacode, work) {
      const done = await repository.transaction(async (queries, tx) => {
        const result = await work(tx);
        if (result === undefined) return undefined;
        const change = {
          tenantId,
          hexacode,
          id: await queries.recordChange(tenantId, hexacode, clock.now()),
        };
        await feed.notify(change, tx);
        return { result, change };
      });
      if (!done) return undefined;
      feed.deliver(done.change);
      return done.result;
    },
  });
  app.addHook('onReady', async () => {
    await feed.start();
    connect();
  });
  // Streams end before the server closes its connections; the feed's connection goes back before the pool ends.
  app.addHook('preClose', async () => {
    clearTimeout(retry);
    clearInterval(prune);
    clearInterval(release);
    unsubscribe?.();
    sessions.stop();
    streams.close();
  });
  app.addHook('onClose', async () => {
    await store.flush();
    await feed.stop();
  });
  await app.register(alarmsRoutes, { alarms, streams, sessions });
  await app.register(alarmHealthRoutes, { db, clock, translations });
}
