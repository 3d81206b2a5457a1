import { and, eq, sql } from 'drizzle-orm';
import { hasGrant } from '#contracts';
import type { Database } from '../../db/client';
import { users, type StoredAuthority } from '../../db/schema';

/**
 * Who may see a device of the tenant: the device routes' rule (modules/devices/routes.ts, access-checks.ts) is
 * "a device of the caller's tenant, with DEVICES at READ"; there are no per-device grants.
 */
export const maySeeDevices = (authorities: readonly StoredAuthority[]) =>
  hasGrant(
    authorities.map((a) => ({ ...a, domain: '' })),
    'DEVICES',
    'READ',
  );

export interface MailRecipient {
  userId: string;
  addresses: string[];
  languageCode: string;
  dateFormat: string | undefined;
}

/** The tenant's users with alarm e-mail export on and addresses to send to, who may see its devices. */
export async function alarmMailRecipients(db: Database, tenantId: string): Promise<MailRecipient[]> {
  const rows = await db
    .select({
      id: users.id,
      authorities: users.authorities,
      settings: users.settings,
      languageCode: users.languageCode,
    })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), sql`${users.settings} ->> 'enableAlarmEmailExport' = 'true'`));
  return rows.flatMap((row) => {
    const addresses = row.settings.alarmEmailExportAddresses ?? [];
    if (addresses.length === 0 || !maySeeDevices(row.authorities)) return [];
    return [
      {
        userId: row.id,
        addresses: [...new Set(addresses)],
        languageCode: row.settings.language?.code ?? row.languageCode,
        dateFormat: row.settings.dateFormat,
      },
    ];
  });
}
