import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tenants, type Tenant } from '../../db/schema';

export async function findTenantByName(db: Database, name: string): Promise<Tenant | undefined> {
  const [tenant] = await db.select().from(tenants).where(eq(tenants.name, name)).limit(1);
  return tenant;
}
