import { and, count, eq, gt } from 'drizzle-orm';
import type { SupportKind } from '#contracts';
import type { Database } from '../../db/client';
import { supportRequests } from '../../db/schema';

export interface NewSupportRequest {
  tenantId: string;
  userId: string;
  username: string;
  kind: SupportKind;
  title: string;
  description: string;
  email: string | null;
  sendMeACopy: boolean;
  createdAt: Date;
}

/** Every query names its tenant. */
export function createSupportRepository(db: Database) {
  return {
    /** Stores a request (status OPEN); answers its id. */
    async insert(request: NewSupportRequest): Promise<string> {
      const [row] = await db.insert(supportRequests).values(request).returning({ id: supportRequests.id });
      return row!.id;
    },

    /** How many requests the user sent after `since` (the sending limit). */
    async countSentSince(tenantId: string, userId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(supportRequests)
        .where(
          and(
            eq(supportRequests.tenantId, tenantId),
            eq(supportRequests.userId, userId),
            gt(supportRequests.createdAt, since),
          ),
        );
      return row?.n ?? 0;
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
