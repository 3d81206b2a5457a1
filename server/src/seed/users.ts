import { ROLE_GRANTS } from '../modules/users/roles';
import type { StoredAuthority } from '../db/schema';

export interface DemoUser {
  username: string;
  password: string;
  email: string | null;
  mfaSecret: string | null;
  authorities: StoredAuthority[];
  /** What the start banner says about the account. */
  note: string;
}

const ADMIN_GRANTS = ROLE_GRANTS.administrator;
const OPERATOR_GRANTS = ROLE_GRANTS.operator;

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
