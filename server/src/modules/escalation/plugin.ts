import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { tenantBaseUrl } from '../mail/links';
import type { Outbox } from '../mail/outbox';
import { createPolicies, type Policies } from './policies';
import { escalationRoutes } from './routes';
import { createEscalationRunner } from './runner';
import { createEscalationService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    escalation: {
      /** One escalation round now (tests drive it with their clock); answers the notifications it queued. */
      tick(): Promise<number>;
      /** Rounds this instance has completed since it started, whether the timer or a test ran them. */
      rounds(): number;
      policies: Policies;
    };
  }
}

/** How often each instance looks for alarms to escalate: delays are in seconds, so a drill runs in a minute. */
export const ESCALATION_POLL_MS = 5_000;

/** Escalation of unacknowledged alarms (after app.alarms, app.mail and app.push): the runner and the policy routes. */
export async function registerEscalation(
  app: FastifyInstance,
  options: {
    db: Database;
    clock: Clock;
    outbox: Outbox;
    ready: () => boolean;
    links: { publicUrl: string | undefined; port: number };
    pollMs?: number | undefined;
  },
): Promise<void> {
  const { db, clock } = options;
  const policies = createPolicies(db);
  const runner = createEscalationRunner({
    db,
    clock,
    outbox: options.outbox,
    policies,
    directory: app.alarms.directory,
    baseUrlOf: (tenant) => tenantBaseUrl(tenant, options.links.publicUrl, options.links.port),
    describe: async (tenant, row) => {
      // A device deleted since the raise is described by what the alarm stored of it.
      const device = (await app.alarms.directory.device(row.tenantId, row.hexacode)) ?? {
        tenantId: row.tenantId,
        hexacode: row.hexacode,
        name: row.deviceName,
        model: '',
        group: null,
      };
      return app.alarms.store.occurrenceOf(tenant, device, row);
    },
  });
  let rounds = 0;
  const tick = async () => {
    const queued = await runner.tick();
    rounds += 1;
    if (queued > 0) {
      app.mail.sender.wake();
      app.push.sender.wake();
    }
    return queued;
  };
  // One round at a time per instance; a round that fails is logged and the next one tries again.
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    if (!options.ready()) return;
    running = running
      .then(tick)
      .catch((error: unknown) => app.log.error({ err: error }, 'escalation: a round failed'));
  }, options.pollMs ?? ESCALATION_POLL_MS);
  timer.unref();
  app.decorate('escalation', { tick, rounds: () => rounds, policies });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
  await app.register(escalationRoutes, { escalation: createEscalationService({ db, policies, clock }) });
}
