import type { PushPayload, TestNotificationResult } from '#contracts';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { notFound } from '../../errors';
import type { AlarmOccurrence } from '../alarms/events';
import type { AuthSession } from '../auth/service';
import type { Outbox, OutboxItem } from '../mail/outbox';
import { maySeeDevices } from '../mail/recipients';
import { SubscriptionGone, type createPushDelivery } from './delivery';
import { alarmPush, testPush } from './payload';
import { createPushRepository, type PushRepository } from './repository';

export interface PushServiceDeps {
  repository: PushRepository;
  outbox: Outbox;
  deliver: ReturnType<typeof createPushDelivery>;
  clock: Clock;
}

/** The rules of web push: who gets an alarm's push, the outbox's delivery of one, the test notification. */
export function createPushService({ repository, outbox, deliver, clock }: PushServiceDeps) {
  return {
    /**
     * Queues one push per browser of every user of the tenant who may see the device, in `tx`: the transaction
     * that stores the alarm.
     */
    async queueAlarm(occurrence: AlarmOccurrence, tx: Database): Promise<void> {
      const subscriptions = (await createPushRepository(tx).ofTenant(occurrence.tenantId)).filter((s) =>
        maySeeDevices(s.authorities),
      );
      await outbox.enqueue(
        subscriptions.map((s) => ({
          tenantId: occurrence.tenantId,
          channel: 'push' as const,
          pushSubscriptionId: s.id,
          message: {
            ...alarmPush(occurrence, s.settings.language?.code ?? s.languageCode, s.settings.dateFormat),
          },
        })),
        tx,
      );
    },

    /** Sends a queued push; a subscription reported gone is removed (and with it the row) instead of retried. */
    async deliverQueued(item: OutboxItem): Promise<void> {
      const subscription = item.pushSubscriptionId && (await repository.byId(item.pushSubscriptionId));
      if (!subscription) return;
      try {
        await deliver(subscription, item.message as unknown as PushPayload);
      } catch (error) {
        if (!(error instanceof SubscriptionGone)) throw error;
        await repository.removeGone(subscription.id);
      }
    },

    /** A push to each of the user's browsers now (not queued: the user waits for the answer). */
    async sendTest(session: AuthSession): Promise<TestNotificationResult> {
      const subscriptions = await repository.ofUser(session.tenant.id, session.user.id);
      if (subscriptions.length === 0) {
        throw notFound('PUSH_NOT_SUBSCRIBED', 'No browser of yours is subscribed to notifications');
      }
      const payload = testPush(session.user.languageCode, clock.now());
      const result = { delivered: 0, failed: 0, removed: 0 };
      await Promise.all(
        subscriptions.map(async (subscription) => {
          try {
            await deliver(subscription, payload);
            result.delivered++;
          } catch (error) {
            if (!(error instanceof SubscriptionGone)) return void result.failed++;
            await repository.removeGone(subscription.id);
            result.removed++;
          }
        }),
      );
      return result;
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
