import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { AlarmEvent, AlarmEvents } from '../alarms/events';
import { alarmMail } from './alarm-mail';
import { tenantBaseUrl } from './links';
import type { Outbox } from './outbox';
import { alarmMailRecipients } from './recipients';
import { OutboxSender, type RetryPolicy } from './sender';
import { createMailTransport, type MailMessage } from './transport';

/** What main.ts takes from the configuration (tests point it at their own SMTP server or directory). */
export interface MailSettings {
  smtpUrl: string | undefined;
  /** DATA_DIR/outbox: where mail goes without SMTP_URL. */
  outboxDir: string;
  /** The sender of alarm e-mail (MAIL_FROM). */
  from: string;
  /** The sender of account e-mail (password links) and of support requests: answers reach nobody. */
  noReplyFrom: string;
  publicUrl: string | undefined;
  port: number;
  pollMs: number;
  retry: RetryPolicy;
}

const DEFAULT_MAIL_RETRY: RetryPolicy = { baseMs: 30_000, maxMs: 30 * 60_000 };
const POLL_MS = 5_000;

/** The settings of the configuration (defaults where the app is built without them, as in tests). */
export function mailSettingsOf(
  config: Partial<Pick<Config, 'dataDir' | 'port' | 'smtpUrl' | 'mailFrom' | 'publicUrl'>>,
): MailSettings {
  const host = config.publicUrl ? new URL(config.publicUrl).hostname : 'localhost';
  // Every sender is of the mail domain MAIL_FROM names (the one its SPF and DKIM are set up for), else the host's.
  const domain = config.mailFrom ? /@([^@\s>]+)>?\s*$/.exec(config.mailFrom)![1]! : host;
  return {
    smtpUrl: config.smtpUrl,
    outboxDir: join(config.dataDir ?? './data', 'outbox'),
    from: config.mailFrom ?? `Coldwatch alarms <alarms@${domain}>`,
    noReplyFrom: `Coldwatch <no-reply@${domain}>`,
    publicUrl: config.publicUrl,
    port: config.port ?? 8080,
    pollMs: POLL_MS,
    retry: DEFAULT_MAIL_RETRY,
  };
}

export interface MailOptions {
  clock: Clock;
  outbox: Outbox;
  ready: () => boolean;
  settings: MailSettings;
}

/** app.mail: alarm e-mails queued from alarm events, and the loop that sends them. */
export interface MailApi {
  /** Sends e-mails for the alarm events of `events`; returns the unsubscribe function. */
  listenTo(events: AlarmEvents): () => void;
  sender: OutboxSender;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailApi;
  }
}

const compactTime = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');

export function registerMail(app: FastifyInstance, options: MailOptions): MailApi {
  const { clock, outbox, settings } = options;
  const transport = createMailTransport(settings);
  const sender = new OutboxSender({
    outbox,
    channel: 'mail',
    clock,
    log: app.log,
    ready: options.ready,
    pollMs: settings.pollMs,
    retry: settings.retry,
    deliver: (item) =>
      transport.send(item.message as unknown as MailMessage, `${compactTime(item.createdAt)}-${item.id}`),
  });

  /** Queues the e-mails of one raise or clear in `tx`, the transaction that stores it. */
  async function queue(event: AlarmEvent, tx: Database): Promise<void> {
    if (event.type === 'alarm.acknowledged') return;
    const kind = event.type === 'alarm.raised' ? 'raised' : 'cleared';
    const occurrence = event.occurrence;
    const recipients = await alarmMailRecipients(tx, occurrence.tenantId);
    const baseUrl = tenantBaseUrl(occurrence.tenant, settings.publicUrl, settings.port);
    await outbox.enqueue(
      recipients.map((recipient) => ({
        tenantId: occurrence.tenantId,
        channel: 'mail' as const,
        message: { ...alarmMail(kind, occurrence, recipient, baseUrl) },
      })),
      tx,
    );
  }

  const api: MailApi = {
    sender,
    listenTo(events) {
      const stopWriting = events.addWriter(queue);
      // Committed: send now rather than at the next poll.
      const stopListening = events.subscribe((event) => {
        if (event.type !== 'alarm.acknowledged') sender.wake();
      });
      return () => {
        stopWriting();
        stopListening();
      };
    },
  };
  app.decorate('mail', api);
  app.addHook('onReady', async () => {
    app.log.info({ target: transport.target }, 'alarm e-mail goes here');
    sender.start();
  });
  app.addHook('onClose', async () => {
    await sender.stop();
    transport.close();
  });
  return api;
}
