import { GRANT_AREAS, type GrantArea } from '../../../../src/services/contracts';
import type { StoredAuthority } from '../schema';

export interface DemoUser {
  username: string;
  password: string;
  email: string | null;
  mfaSecret: string | null;
  authorities: StoredAuthority[];
  /** What the start banner says about the account. */
  note: string;
}

const grant = (area: GrantArea, type: StoredAuthority['type']): StoredAuthority => ({
  authority: `GRANT_${area}`,
  type,
});

const ADMIN_GRANTS = GRANT_AREAS.map((area) => grant(area, 'WRITE'));

/** An operator runs stores, not the system: no SYSTEM, APPLY_ACL or RND grant at all. */
const OPERATOR_EXCLUDED: readonly GrantArea[] = ['SYSTEM', 'APPLY_ACL', 'RND'];
const OPERATOR_GRANTS = GRANT_AREAS.filter((area) => !OPERATOR_EXCLUDED.includes(area)).map((area) =>
  grant(area, area === 'DEVICES' ? 'WRITE' : 'READ'),
);

/** Published in the README for the demo only; a production database is never seeded. */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

export const demoUsers = (tenantName: string): DemoUser[] => [
  {
    username: 'admin',
    password: 'Admin123',
    email: `admin@${tenantName}.example`,
    mfaSecret: null,
    authorities: ADMIN_GRANTS,
    note: 'every grant',
  },
  {
    username: 'operator',
    password: 'Operator123',
    email: null,
    mfaSecret: null,
    authorities: OPERATOR_GRANTS,
    note: 'devices, no admin',
  },
  {
    username: 'secure',
    password: 'Secure123',
    email: `secure@${tenantName}.example`,
    mfaSecret: DEMO_TOTP_SECRET,
    authorities: OPERATOR_GRANTS,
    note: `two-factor, TOTP secret ${DEMO_TOTP_SECRET}`,
  },
];
