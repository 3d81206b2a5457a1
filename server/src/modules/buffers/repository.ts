import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buffers, type BufferRow } from '../../db/schema';

/** The line a buffer records, in a tenant. */
export interface BufferAddress {
  hexacode: string;
  department: number;
  subDepartment: number;
  page: number;
  line: number;
}

/** The columns of a buffer's address, for the modules that read buffers to record or report their lines. */
export const bufferAddressColumns = {
  hexacode: buffers.hexacode,
  department: buffers.department,
  subDepartment: buffers.subDepartment,
  page: buffers.page,
  line: buffers.line,
};

export interface BufferSpec extends BufferAddress {
  pcNumber: number;
  intervalSeconds: number;
  startAt: Date;
}

/** Every query names its tenant: another tenant's buffers do not exist here. */
export function createBuffersRepository(db: Database) {
  const ofPage = (tenantId: string, a: Omit<BufferAddress, 'line'>) =>
    and(
      eq(buffers.tenantId, tenantId),
      eq(buffers.hexacode, a.hexacode),
      eq(buffers.department, a.department),
      eq(buffers.subDepartment, a.subDepartment),
      eq(buffers.page, a.page),
    );

  return {
    /** The buffers of one device page, optionally only of some PC numbers. */
    async ofPage(
      tenantId: string,
      address: Omit<BufferAddress, 'line'>,
      pcNumbers?: readonly number[],
    ): Promise<BufferRow[]> {
      const where = pcNumbers
        ? and(ofPage(tenantId, address), inArray(buffers.pcNumber, [...pcNumbers]))
        : ofPage(tenantId, address);
      return db.select().from(buffers).where(where).orderBy(buffers.line, buffers.pcNumber);
    },

    async find(tenantId: string, address: BufferAddress, pcNumber: number): Promise<BufferRow | undefined> {
      const [row] = await db
        .select()
        .from(buffers)
        .where(and(ofPage(tenantId, address), eq(buffers.line, address.line), eq(buffers.pcNumber, pcNumber)))
        .limit(1);
      return row;
    },

    /** Creates the buffer, or gives the existing one of that line and PC number this interval and start. */
    async upsert(tenantId: string, spec: BufferSpec, now: Date): Promise<BufferRow> {
      const [row] = await db
        .insert(buffers)
        .values({ tenantId, ...spec, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [
            buffers.tenantId,
            buffers.hexacode,
            buffers.department,
            buffers.subDepartment,
            buffers.page,
            buffers.line,
            buffers.pcNumber,
          ],
          set: { intervalSeconds: spec.intervalSeconds, startAt: spec.startAt, updatedAt: now },
        })
        .returning();
      return row!;
    },
  };
}

export type BuffersRepository = ReturnType<typeof createBuffersRepository>;
