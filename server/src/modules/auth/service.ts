import type * as v from 'valibot';
import {
  LOCKED_MESSAGE_HEADER,
  type Authority,
  type LoginRequest,
  type Session,
} from '../../../../src/services/contracts';
import type { Clock } from '../../clock';
import type { Tenant, User } from '../../db/schema';
import { AppError, unauthorized } from '../../errors';
import { FAILURE_MEMORY_MS, lockedMessage, lockedUntil } from './lockout';
import { hashPassword, verifyPassword } from './passwords';
import type { AuthRepository } from './repository';
import { totpMatches } from './totp';
import { hashToken, newToken } from './tokens';

const SESSION_MS = 12 * 60 * 60_000;
const REMEMBERED_SESSION_MS = 30 * 24 * 60 * 60_000;

export type LoginResult = { kind: 'mfaRequired' } | { kind: 'signedIn'; session: Session };

/** Who is calling, as the authenticate hook found it. */
export interface AuthSession {
  user: User;
  tenant: Tenant;
  authorities: Authority[];
  tokenHash: string;
}

export const authoritiesOf = (user: User, tenant: Tenant): Authority[] =>
  user.authorities.map((grant) => ({ ...grant, domain: tenant.name }));

export function createAuthService(repository: AuthRepository, clock: Clock) {
  const revokedListeners = new Set<(tokenHash: string) => void>();

  // Unknown usernames are checked against this hash so they cost as much time as known ones.
  let decoyHash: Promise<string> | undefined;
  const decoy = () => (decoyHash ??= hashPassword('decoy password that matches nothing'));

  async function refuseIfLocked(tenant: Tenant, username: string, now: Date): Promise<void> {
    const since = new Date(now.getTime() - FAILURE_MEMORY_MS);
    const until = lockedUntil(await repository.failuresSince(tenant.id, username, since), now);
    if (until) {
      throw new AppError(423, 'ACCOUNT_LOCKED', lockedMessage(until, now), {
        [LOCKED_MESSAGE_HEADER]: lockedMessage(until, now),
      });
    }
  }

  /** Records the failure; the attempt that completes the series is answered 423 at once, the others `refusal`. */
  async function fail(tenant: Tenant, username: string, now: Date, refusal: AppError): Promise<never> {
    await repository.recordFailure(tenant.id, username, now, new Date(now.getTime() - FAILURE_MEMORY_MS));
    await refuseIfLocked(tenant, username, now);
    throw refusal;
  }

  async function startSession(tenant: Tenant, user: User, rememberMe: boolean, now: Date): Promise<Session> {
    const token = newToken();
    const lifetime = rememberMe ? REMEMBERED_SESSION_MS : SESSION_MS;
    await repository.createSession(
      {
        tokenHash: hashToken(token),
        tenantId: tenant.id,
        userId: user.id,
        rememberMe,
        expiresAt: new Date(now.getTime() + lifetime),
        createdAt: now,
      },
      now,
    );
    return {
      token: { id: token, authorities: authoritiesOf(user, tenant), source: null },
      metadata: {
        username: user.username,
        languageCode: user.languageCode.toLowerCase(),
        vapidSubscription: null,
      },
    };
  }

  return {
    async login(tenant: Tenant, request: v.InferOutput<typeof LoginRequest>): Promise<LoginResult> {
      const now = clock.now();
      const username = request.username.toLowerCase();
      await refuseIfLocked(tenant, username, now);

      const user = await repository.findUser(tenant.id, username);
      const passwordMatches = await verifyPassword(request.password, user?.passwordHash ?? (await decoy()));
      if (!user || !passwordMatches) {
        return fail(tenant, username, now, unauthorized('Invalid credentials', 'INVALID_CREDENTIALS'));
      }
      if (user.mfaEnabled) {
        // The password was right: the client must now ask for the code (not a failure).
        if (!request.mfaCode) return { kind: 'mfaRequired' };
        if (!user.mfaSecret || !(await totpMatches(user.mfaSecret, request.mfaCode, now))) {
          return fail(tenant, username, now, unauthorized('Invalid MFA code', 'INVALID_MFA_CODE'));
        }
      }
      await repository.clearFailures(tenant.id, username);
      return { kind: 'signedIn', session: await startSession(tenant, user, request.rememberMe, now) };
    },

    async logout(tenant: Tenant, token: string): Promise<void> {
      const tokenHash = hashToken(token);
      if (await repository.deleteSession(tenant.id, tokenHash)) {
        for (const listener of revokedListeners) listener(tokenHash);
      }
    },

    /**
     * Tells `listener` (the live socket) of each session revoked through this instance; returns the unsubscribe
     * function. Other instances learn of it when they next ask liveSessions().
     */
    onSessionRevoked(listener: (tokenHash: string) => void): () => void {
      revokedListeners.add(listener);
      return () => revokedListeners.delete(listener);
    },

    /** Which of these sessions (token hashes) are still valid now: not revoked, not expired. */
    liveSessions(tokenHashes: readonly string[]): Promise<Set<string>> {
      return repository.liveTokenHashes(tokenHashes, clock.now());
    },

    /** The session of a bearer token on this tenant's host, or null when it is unknown, expired or another's. */
    async authenticate(tenant: Tenant, token: string): Promise<AuthSession | null> {
      const tokenHash = hashToken(token);
      const found = await repository.findSession(tenant.id, tokenHash, clock.now());
      if (!found) return null;
      return {
        user: found.user,
        tenant: found.tenant,
        authorities: authoritiesOf(found.user, found.tenant),
        tokenHash,
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
