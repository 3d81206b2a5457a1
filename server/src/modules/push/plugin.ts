import type { Agent } from 'node:https';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { AlarmEvents } from '../alarms/events';
import type { Outbox } from '../mail/outbox';
import { OutboxSender, type RetryPolicy } from '../mail/sender';
import { createPushDelivery } from './delivery';
import { createPushRepository, type PushRepository } from './repository';
import { pushRoutes } from './routes';
import { createPushService, type PushService } from './service';
import { vapidKeySource, type VapidKeys } from './vapid';

export interface PushSettings {
  /** VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY; unset: made once and kept in the database. */
  vapidKeys: VapidKeys | undefined;
  subject: string;
  ttlSeconds: number;
  pollMs: number;
  retry: RetryPolicy;
  agent?: Agent | undefined;
}

/** A push older than its TTL would be dropped by the push service anyway: stop retrying it then. */
const DEFAULT_PUSH_TTL_SECONDS = 24 * 60 * 60;
const DEFAULT_PUSH_RETRY: RetryPolicy = {
  baseMs: 10_000,
  maxMs: 10 * 60_000,
  giveUpAfterMs: DEFAULT_PUSH_TTL_SECONDS * 1000,
};

/** VAPID_SUBJECT, else PUBLIC_URL when it is https (push services want a way to reach the operator). */
const vapidSubjectOf = (subject: string | undefined, publicUrl: string | undefined) =>
  subject ?? (publicUrl?.startsWith('https://') ? publicUrl : 'mailto:alarms@coldwatch.invalid');

/** The settings of the configuration (defaults where the app is built without them, as in tests). */
export function pushSettingsOf(
  config: Partial<Pick<Config, 'vapidKeys' | 'vapidSubject' | 'publicUrl'>>,
): PushSettings {
  return {
    vapidKeys: config.vapidKeys,
    subject: vapidSubjectOf(config.vapidSubject, config.publicUrl),
    ttlSeconds: DEFAULT_PUSH_TTL_SECONDS,
    pollMs: 5_000,
    retry: DEFAULT_PUSH_RETRY,
  };
}

export interface PushOptions {
  db: Database;
  clock: Clock;
  outbox: Outbox;
  ready: () => boolean;
  settings: PushSettings;
}

/** app.push: pushes of raised alarms, their sending loop, and the push routes. */
export interface PushApi extends PushService {
  listenTo(events: AlarmEvents): () => void;
  repository: PushRepository;
  publicKey(): Promise<string>;
  sender: OutboxSender;
}

declare module 'fastify' {
  interface FastifyInstance {
    push: PushApi;
  }
}

export async function registerPush(app: FastifyInstance, options: PushOptions): Promise<PushApi> {
  const { db, clock, outbox, settings } = options;
  const keys = vapidKeySource(db, settings.vapidKeys);
  const repository = createPushRepository(db);
  const deliver = createPushDelivery({
    keys,
    subject: settings.subject,
    ttlSeconds: settings.ttlSeconds,
    agent: settings.agent,
  });
  const service = createPushService({ repository, outbox, deliver, clock });
  const sender = new OutboxSender({
    outbox,
    channel: 'push',
    clock,
    log: app.log,
    ready: options.ready,
    pollMs: settings.pollMs,
    retry: settings.retry,
    deliver: (item) => service.deliverQueued(item),
  });
  const api: PushApi = {
    ...service,
    repository,
    sender,
    publicKey: async () => (await keys()).publicKey,
    listenTo(events) {
      // Only raises are pushed; queued in the transaction that stores them, sent once committed.
      const stopWriting = events.addWriter(async (event, tx) => {
        if (event.type === 'alarm.raised') await service.queueAlarm(event.occurrence, tx);
      });
      const stopListening = events.subscribe((event) => {
        if (event.type === 'alarm.raised') sender.wake();
      });
      return () => {
        stopWriting();
        stopListening();
      };
    },
  };
  app.decorate('push', api);
  app.addHook('onReady', async () => sender.start());
  app.addHook('onClose', async () => sender.stop());
  await app.register(pushRoutes, { keys, repository, push: service });
  return api;
}
