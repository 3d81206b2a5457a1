import { randomBytes } from 'node:crypto';
import type * as v from 'valibot';
import {
  auditTarget,
  grantsWithin,
  USER_ERROR_STATUS,
  USER_ERRORS,
  type UserCreate,
  type UserSummary,
} from '#contracts';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { refusalsOf } from '../../errors';
import { recordAudit } from '../audit/trail';
import { hashPassword } from '../auth/passwords';
import type { AuthSession } from '../auth/service';
import type { RecoveryService } from '../recovery/service';
import type { ListedUser, UsersRepository } from './repository';
import { ROLE_GRANTS, roleOfGrants } from './roles';

const refused = refusalsOf(USER_ERROR_STATUS, USER_ERRORS);

type UserAuditAction = 'user.create' | 'user.disable' | 'user.enable';

const summaryOf = ({ authorities, ...user }: ListedUser): UserSummary => ({
  ...user,
  role: roleOfGrants(authorities),
});

export interface UsersServiceOptions {
  repository: UsersRepository;
  /** Sends the new user the link to choose a password (modules/recovery). */
  recovery: Pick<RecoveryService, 'issueSetupToken'>;
  /** Disabling a user signs them out everywhere, closing their live sockets (modules/auth). */
  sessions: { endSessionsOf(tenantId: string, userId: string): Promise<void> };
  /** Where user administration is put on record (the audit trail) and when. */
  db: Database;
  clock: Clock;
}

/** The administrators' user list: who the tenant's users are, new users, and disabling them. */
export function createUsersService({ repository, recovery, sessions, db, clock }: UsersServiceOptions) {
  /** Puts a change of `user` on record, with the grants it holds after it. */
  const audit = (session: AuthSession, action: UserAuditAction, user: ListedUser, before: unknown) =>
    recordAudit(db, {
      by: session,
      action,
      target: auditTarget.user(user.username),
      before,
      after: {
        ...summaryOf(user),
        grants: user.authorities.map((grant) => `${grant.authority}:${grant.type}`),
      },
      at: clock.now(),
    });

  /** A user of the caller's tenant whose grants the caller holds too: an administrator never acts above their own. */
  async function manageable(session: AuthSession, userId: string): Promise<ListedUser> {
    const user = await repository.find(session.tenant.id, userId);
    if (!user) throw refused('USER_NOT_FOUND');
    if (!grantsWithin(user.authorities, session.user.authorities)) throw refused('GRANTS_EXCEEDED');
    return user;
  }

  return {
    async list(session: AuthSession): Promise<UserSummary[]> {
      return (await repository.list(session.tenant.id)).map(summaryOf);
    },

    /**
     * Creates a user with the grants of the role and e-mails them a setup link. Until they follow it the account has
     * a password nobody knows (the hash of random bytes, so sign-in spends the same time on it as on any other).
     */
    /** `origin`: where the administrator works, when that is this machine (links then lead there). */
    async create(
      session: AuthSession,
      body: v.InferOutput<typeof UserCreate>,
      origin: string | null,
    ): Promise<UserSummary> {
      const authorities = ROLE_GRANTS[body.role];
      if (!grantsWithin(authorities, session.user.authorities)) throw refused('GRANTS_EXCEEDED');
      const created = await repository.create({
        tenantId: session.tenant.id,
        username: body.username,
        email: body.email,
        passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
        authorities,
      });
      if (!created) throw refused('USERNAME_TAKEN');
      try {
        await recovery.issueSetupToken(session.tenant.id, created.id, origin);
      } catch (error) {
        // Without its e-mail nobody could ever use the account: take it back, so creating it again works.
        await repository.remove(session.tenant.id, created.id);
        throw error;
      }
      await audit(session, 'user.create', created, null);
      return summaryOf(created);
    },

    /** Disabling ends every session of the user; a disabled user cannot sign in (see the auth service). */
    async setDisabled(session: AuthSession, userId: string, disabled: boolean): Promise<UserSummary> {
      // The stored id: the one in the path may differ in case.
      const user = await manageable(session, userId);
      const { id } = user;
      if (disabled && id === session.user.id) throw refused('CANNOT_DISABLE_SELF');
      const changed = await repository.setDisabled(session.tenant.id, id, disabled);
      if (!changed) throw refused('USER_NOT_FOUND');
      if (disabled) await sessions.endSessionsOf(session.tenant.id, id);
      await audit(session, disabled ? 'user.disable' : 'user.enable', changed, { disabled: user.disabled });
      return summaryOf(changed);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
