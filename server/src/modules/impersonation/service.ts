import {
  auditTarget,
  GRANT_LEVELS,
  SWITCH_ACTIONS_SHOWN,
  SWITCH_ERROR_STATUS,
  SWITCH_ERRORS,
  hasGrant,
  SWITCH_RECORD_PAGE_LENGTH,
  type AccountPage,
  type AccountPageRequest,
  type Session,
  type SwitchRecordPage,
} from '#contracts';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { StoredAuthority, Tenant, User } from '../../db/schema';
import { refusalsOf } from '../../errors';
import { recordAudit } from '../audit/trail';
import { authoritiesOf, type AuthService, type AuthSession } from '../auth/service';
import { hashToken } from '../auth/tokens';
import { roleOfGrants } from '../users/roles';
import type { ImpersonationKind } from '../../db/schema';
import type { ImpersonationRepository } from './repository';

export interface ImpersonationServiceOptions {
  repository: ImpersonationRepository;
  auth: Pick<AuthService, 'openSession' | 'logout'>;
  clock: Clock;
  /** Where switches are put in the audit trail. */
  db: Database;
}

/** Who asks, from where, with which bearer token (the session that ends when they switch). */
export interface Caller {
  session: AuthSession;
  token: string;
  clientAddress: string;
}

const refused = refusalsOf(SWITCH_ERROR_STATUS, SWITCH_ERRORS);

const rank = (level: StoredAuthority['type'] | undefined) => (level ? GRANT_LEVELS.indexOf(level) : 0);

/** True when `target` holds some grant at a higher level than `holder` does (a grant not held counts as DENY). */
function outranks(target: User, holder: User): boolean {
  const held = new Map(holder.authorities.map((grant) => [grant.authority, grant.type]));
  return target.authorities.some((grant) => rank(grant.type) > rank(held.get(grant.authority)));
}

/**
 * Switch account and switch back (SPEC §4, §6). The routes let only SYSTEM at WRITE in; the rules here decide which
 * account may be entered, and every switch and switch back is recorded before its session is handed out.
 */
export function createImpersonationService({ repository, auth, clock, db }: ImpersonationServiceOptions) {
  /** Recorded twice: the switch record (with the actions of the switch) and the tenant's audit trail. */
  const record = async (
    tenant: Tenant,
    kind: ImpersonationKind,
    administrator: User,
    account: User,
    from: string,
    session: Session | null = null,
  ) => {
    await repository.record({
      tenantId: tenant.id,
      kind,
      administratorId: administrator.id,
      administratorUsername: administrator.username,
      accountId: account.id,
      accountUsername: account.username,
      clientAddress: from,
      at: clock.now(),
      sessionTokenHash: session ? hashToken(session.token.id) : null,
    });
    // The administrator did it; as the account from the switch until the switch back (that one included).
    const switching = kind === 'switch';
    await recordAudit(db, {
      by: {
        tenantId: tenant.id,
        userId: administrator.id,
        username: administrator.username,
        actingAs: switching ? null : { id: account.id, username: account.username },
      },
      action: switching ? 'account.switch' : 'account.switchBack',
      target: auditTarget.user(account.username),
      before: { actingAs: switching ? null : account.username },
      after: { actingAs: switching ? account.username : null, from },
      at: clock.now(),
    });
  };

  return {
    async accounts(tenant: Tenant, request: AccountPageRequest): Promise<AccountPage> {
      const { rows, total } = await repository.pageAccounts(tenant.id, request);
      return {
        data: rows.map((user) => ({
          id: user.id,
          username: user.username,
          email: user.email,
          roles: [roleOfGrants(user.authorities)],
          domains: [tenant.name],
        })),
        recordsFiltered: total,
        draw: request.draw,
      };
    },

    /** Signs the caller in as account `id`; their own session ends (the SPA reloads with the new one). */
    async switchTo({ session, token, clientAddress }: Caller, id: string): Promise<Session> {
      const { tenant, user: administrator } = session;
      if (session.sourceUserId !== null) throw refused('ALREADY_SWITCHED');
      const account = await repository.findAccount(tenant.id, id);
      if (!account) throw refused('ACCOUNT_NOT_FOUND');
      if (account.id === administrator.id) throw refused('SWITCH_TO_SELF');
      if (outranks(account, administrator)) throw refused('SWITCH_ABOVE_OWN_GRANTS');
      // Another administrator can do nothing the caller cannot do as themselves: acting as them would only hide
      // who did it, and put the caller's own account in reach of their administration.
      if (hasGrant(authoritiesOf(account, tenant), 'SYSTEM', 'WRITE'))
        throw refused('SWITCH_TO_ADMINISTRATOR');
      if (account.disabled) throw refused('ACCOUNT_DISABLED');
      const switched = await auth.openSession(tenant, account, administrator);
      // Recorded before its token is handed out, with the session whose requests are the switch's actions.
      await record(tenant, 'switch', administrator, account, clientAddress, switched);
      await auth.logout(tenant, token);
      return switched;
    },

    /** Ends the session acting as someone else and gives the administrator a fresh session of their own. */
    async switchBack({ session, token, clientAddress }: Caller): Promise<Session> {
      const { tenant, user: account } = session;
      const administrator =
        session.sourceUserId === null
          ? undefined
          : await repository.findAccount(tenant.id, session.sourceUserId);
      if (!administrator) throw refused('NOT_SWITCHED');
      // Disabled while acting as someone else: the way back is closed too.
      if (administrator.disabled) throw refused('ACCOUNT_DISABLED');
      await record(tenant, 'switchBack', administrator, account, clientAddress);
      const own = await auth.openSession(tenant, administrator, null);
      await auth.logout(tenant, token);
      return own;
    },

    async records(tenant: Tenant, pageNumber: number): Promise<SwitchRecordPage> {
      const { rows, total } = await repository.pageRecords(tenant.id, pageNumber, SWITCH_RECORD_PAGE_LENGTH);
      const actions = await repository.actionsOf(
        tenant.id,
        rows.map((row) => row.id),
        SWITCH_ACTIONS_SHOWN,
      );
      return {
        data: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          administrator: row.administratorUsername,
          account: row.accountUsername,
          at: row.at.toISOString(),
          clientAddress: row.clientAddress,
          actions: (actions.get(row.id)?.shown ?? []).map((action) => ({
            at: action.at.toISOString(),
            method: action.method,
            path: action.path,
            statusCode: action.statusCode,
          })),
          actionsTotal: actions.get(row.id)?.total ?? 0,
        })),
        recordsTotal: total,
      };
    },
  };
}

export type ImpersonationService = ReturnType<typeof createImpersonationService>;
