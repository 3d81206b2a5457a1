import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { AccountService } from '../account/service';
import type { GatewayAccess } from '../devices/gateway-access';
import { historyStore } from '../history/store';
import type { Outbox } from '../mail/outbox';
import type { ReportDeps } from './report';
import { createFoodSafetyRepository } from './repository';
import { foodSafetyRoutes } from './routes';
import { createReportSchedules, type ReportSchedules } from './schedules';
import { createFoodSafetyService } from './service';

/** How often each instance looks for due scheduled reports. */
const SCHEDULE_POLL_MS = 60_000;

export interface FoodSafetyOptions {
  db: Database;
  clock: Clock;
  account: AccountService;
  access: GatewayAccess;
  outbox: Outbox;
  wakeMail: () => void;
  mailFrom: string;
  ready: () => boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The scheduled reports' job (tests run it on their own clock). */
    reportSchedules: ReportSchedules;
  }
}

/** What a report reads: the stored limits and reviews, the recorded history, the ADFs, the departments live. */
export const reportDeps = (db: Database, access: GatewayAccess): ReportDeps => ({
  repository: createFoodSafetyRepository(db),
  store: historyStore(db),
  adfs: () => access.adfs,
  reported: async (tenant, hexacode) => {
    const { departments } = await access.gateway.departments(tenant, hexacode);
    return new Set(departments.map((d) => `${d.department}.${d.subDepartment}`));
  },
});

/** Food-safety limits, reports, reviews and scheduled reports (issue 30). */
export async function registerFoodSafety(app: FastifyInstance, options: FoodSafetyOptions): Promise<void> {
  const { db, clock, access } = options;
  const report = reportDeps(db, access);
  const foodSafety = createFoodSafetyService({ ...report, db, clock });
  const schedules = createReportSchedules({
    db,
    clock,
    outbox: options.outbox,
    report,
    from: options.mailFrom,
    wakeMail: options.wakeMail,
  });
  app.decorate('reportSchedules', schedules);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (!options.ready()) return;
      running = running
        .then(() => schedules.runDue())
        .catch((error: unknown) => app.log.error({ err: error }, 'scheduled reports failed'));
    }, SCHEDULE_POLL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
  await app.register(foodSafetyRoutes, { foodSafety, schedules, account: options.account });
}
