import { asc, eq } from 'drizzle-orm';
import type { AlarmDelays } from '#contracts';
import type { Database } from '../../db/client';
import { alarmDelays } from '../../db/schema';
import { badRequest } from '../../errors';

type Delay = AlarmDelays['delays'][number];

/** A tenant's own alarm delays by code, over the ADF's defaults (holds.ts reads them at each raise). */
export function createAlarmDelays(db: Database) {
  const list = async (tenantId: string): Promise<Delay[]> =>
    db
      .select({ code: alarmDelays.code, delaySeconds: alarmDelays.delaySeconds })
      .from(alarmDelays)
      .where(eq(alarmDelays.tenantId, tenantId))
      .orderBy(asc(alarmDelays.code));

  return {
    list,
    /** Replaces them all at once; a code listed twice is refused (delays[i].code names the second). */
    async replace(tenantId: string, delays: readonly Delay[]): Promise<Delay[]> {
      const seen = new Set<string>();
      delays.forEach((delay, i) => {
        if (seen.has(delay.code))
          throw badRequest('INVALID_DELAYS', `delays[${i}].code ${delay.code} is listed twice`);
        seen.add(delay.code);
      });
      await db.transaction(async (tx) => {
        await tx.delete(alarmDelays).where(eq(alarmDelays.tenantId, tenantId));
        if (delays.length > 0) await tx.insert(alarmDelays).values(delays.map((d) => ({ tenantId, ...d })));
      });
      return list(tenantId);
    },
  };
}
