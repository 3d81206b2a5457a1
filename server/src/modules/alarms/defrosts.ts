import { and, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { departmentDefrosts } from '../../db/schema';
import type { AdfRegistry } from '../../gateway/adf/loader';
import type { RawLineValue } from '../../gateway/events';
import { placeOf, type AlarmHolds } from './holds';
import type { AlarmPlace } from './repository';

/**
 * Records each department's defrosts from its controller's defrost state line (the ADF kind's `defrost.line`):
 * 0 is off, any other state (heating, dripping, fan delay) is part of the defrost. Every instance hears every
 * value and runs the same statements; the open-defrost index makes each start and end count once.
 */
export function createDefrostRecorder(deps: { db: Database; adfs: () => AdfRegistry; holds: AlarmHolds }) {
  const { db, adfs, holds } = deps;

  /** The department's defrost state among `changes`: true on, false off, undefined when not reported. */
  function defrostStateOf(
    model: string,
    place: AlarmPlace,
    changes: readonly RawLineValue[],
  ): boolean | undefined {
    const kind = adfs().get(model)?.kindOf(place.department, place.subDepartment);
    const key = kind?.doc.defrost?.line;
    const line = key === undefined ? undefined : kind?.byKey.get(key);
    if (!line) return undefined;
    const change = changes.find((c) => c.page === line.page && c.line === line.line.number);
    return change === undefined || change.raw === null ? undefined : change.raw !== 0;
  }

  async function record(
    model: string,
    place: AlarmPlace,
    changes: readonly RawLineValue[],
    at: Date,
  ): Promise<void> {
    const defrosting = defrostStateOf(model, place, changes);
    if (defrosting === undefined) return;
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      if (defrosting) {
        const started = await tx
          .insert(departmentDefrosts)
          .values({ ...place, startedAt: at })
          .onConflictDoNothing({
            target: [
              departmentDefrosts.tenantId,
              departmentDefrosts.hexacode,
              departmentDefrosts.department,
              departmentDefrosts.subDepartment,
            ],
            where: isNull(departmentDefrosts.endedAt),
          })
          .returning({ id: departmentDefrosts.id });
        if (started.length > 0) await holds.defrostStarted(tx, model, place);
        return;
      }
      const ended = await tx
        .update(departmentDefrosts)
        .set({ endedAt: at })
        .where(
          and(
            placeOf(departmentDefrosts, place),
            isNull(departmentDefrosts.endedAt),
            lte(departmentDefrosts.startedAt, at),
          ),
        )
        .returning({ id: departmentDefrosts.id });
      if (ended.length > 0) await holds.defrostEnded(tx, model, place, at);
    });
  }

  return { record };
}

export type DefrostRecorder = ReturnType<typeof createDefrostRecorder>;
