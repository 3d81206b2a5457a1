import type * as v from 'valibot';
import { USER_ERROR_STATUS, USER_ERRORS, type Authority, type LoginRequest, type Session } from '#contracts';
import type { Clock } from '../../clock';
import type { Tenant, User } from '../../db/schema';
import { AppError, unauthorized } from '../../errors';
import { createExpiringCache } from '../../expiringCache';
import { createAttemptGate } from './attempts';
import { hashPassword, verifyPassword } from './passwords';
import type { AuthRepository } from './repository';
import { totpStepOf } from './totp';
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
  /** The administrator acting as `user` (switch account), or null for the user's own sign-in. */
  sourceUserId: string | null;
}

export const authoritiesOf = (user: User, tenant: Tenant): Authority[] =>
  user.authorities.map((grant) => ({ ...grant, domain: tenant.name }));

/**
 * How long this instance trusts a session it looked up, so a burst of calls costs one query, not one each. A
 * session ended through this instance is forgotten at once; one ended through another instance (which shares
 * only the database) still opens calls here for at most this long.
 */
export const SESSION_CACHE_MS = 2_000;
const SESSION_CACHE_ENTRIES = 10_000;

type FoundSession = NonNullable<Awaited<ReturnType<AuthRepository['findSession']>>>;
type Known = FoundSession & { authorities: Authority[] };

export function createAuthService(repository: AuthRepository, clock: Clock) {
  const revokedListeners = new Set<(tokenHash: string) => void>();
  const endedHereListeners = new Set<(tokenHash: string) => void>();
  const changedHereListeners = new Set<(userId: string) => void>();
  const known = createExpiringCache<string, Known>(SESSION_CACHE_MS, SESSION_CACHE_ENTRIES);
  const forget = (tokenHash: string) => {
    known.delete(tokenHash);
    for (const listener of revokedListeners) listener(tokenHash);
  };
  /** The user's row changed (their language): their sessions are read afresh on their next request. */
  const reread = (userId: string) => known.deleteWhere((entry) => entry.user.id === userId);
  const revoked = (tokenHash: string) => {
    forget(tokenHash);
    for (const listener of endedHereListeners) listener(tokenHash);
  };

  /**
   * The session row of a token on this tenant, from the cache while it is fresh and the session has not expired,
   * with its authorities, made once per lookup rather than once per call.
   */
  async function findSession(tenantId: string, tokenHash: string, now: Date): Promise<Known | undefined> {
    const cached = known.get(tokenHash);
    if (cached && cached.session.tenantId === tenantId && cached.session.expiresAt > now) return cached;
    const found = await repository.findSession(tenantId, tokenHash, now);
    if (!found) return undefined;
    const entry = { ...found, authorities: authoritiesOf(found.user, found.tenant) };
    known.set(tokenHash, entry);
    return entry;
  }

  // Unknown usernames are checked against this hash so they cost as much time as known ones.
  let decoyHash: Promise<string> | undefined;
  const decoy = () => (decoyHash ??= hashPassword('decoy password that matches nothing'));

  const attempts = createAttemptGate(repository, clock);

  async function startSession(
    tenant: Tenant,
    user: User,
    rememberMe: boolean,
    now: Date,
    source: User | null = null,
  ): Promise<Session> {
    const token = newToken();
    const lifetime = rememberMe ? REMEMBERED_SESSION_MS : SESSION_MS;
    await repository.createSession(
      {
        tokenHash: hashToken(token),
        tenantId: tenant.id,
        userId: user.id,
        sourceUserId: source?.id ?? null,
        rememberMe,
        expiresAt: new Date(now.getTime() + lifetime),
        createdAt: now,
      },
      now,
    );
    return {
      token: { id: token, authorities: authoritiesOf(user, tenant), source: source?.username ?? null },
      metadata: {
        username: user.username,
        languageCode: user.languageCode.toLowerCase(),
        vapidSubscription: null,
      },
    };
  }

  return {
    /** `clientIp`: the caller's address as Fastify sees it (request.ip, TRUST_PROXY), which is throttled. */
    async login(
      tenant: Tenant,
      request: v.InferOutput<typeof LoginRequest>,
      clientIp: string,
    ): Promise<LoginResult> {
      const now = clock.now();
      const username = request.username.toLowerCase();
      const attempt = await attempts.admit(tenant, username, clientIp, now);

      const user = await repository.findUser(tenant.id, username);
      const passwordMatches = await verifyPassword(request.password, user?.passwordHash ?? (await decoy()));
      if (!user || !passwordMatches) {
        throw attempts.refusalAfter(
          attempt.failures,
          now,
          unauthorized('Invalid credentials', 'INVALID_CREDENTIALS'),
        );
      }
      if (user.disabled) {
        // Said only to someone who knows the password, so it reveals nothing a stranger could use.
        await repository.releaseAttempt(attempt.ids);
        throw new AppError(
          USER_ERROR_STATUS.ACCOUNT_DISABLED,
          'ACCOUNT_DISABLED',
          USER_ERRORS.ACCOUNT_DISABLED,
        );
      }
      if (user.mfaEnabled) {
        // The password was right: the client must now ask for the code (not a failure).
        if (!request.mfaCode) {
          await repository.releaseAttempt(attempt.ids);
          return { kind: 'mfaRequired' };
        }
        const step = user.mfaSecret ? await totpStepOf(user.mfaSecret, request.mfaCode, now) : null;
        // A code signs in once: a replay (or a code older than the last one used) is a wrong code.
        if (step === null || !(await repository.claimTotpStep(user.id, step))) {
          throw attempts.refusalAfter(
            attempt.failures,
            now,
            unauthorized('Invalid MFA code', 'INVALID_MFA_CODE'),
          );
        }
      }
      // A success is no guess: the address keeps no count of it, the user's series is over.
      await repository.releaseAttempt(attempt.ids);
      await repository.clearFailures(tenant.id, username);
      return { kind: 'signedIn', session: await startSession(tenant, user, request.rememberMe, now) };
    },

    async logout(tenant: Tenant, token: string): Promise<void> {
      const tokenHash = hashToken(token);
      if (await repository.deleteSession(tenant.id, tokenHash)) revoked(tokenHash);
    },

    /**
     * A new session of `user` without a password (switch account and switch back, decided by the caller): with
     * `source`, the administrator acting as `user`, whom token.source names.
     */
    openSession(tenant: Tenant, user: User, source: User | null): Promise<Session> {
      return startSession(tenant, user, false, clock.now(), source);
    },

    /** Signs a user out everywhere (a new password): like logout, for each of their sessions. */
    async endSessionsOf(tenantId: string, userId: string): Promise<void> {
      for (const tokenHash of await repository.deleteSessionsOf(tenantId, userId)) revoked(tokenHash);
    },

    /** Forgets the user's failed sign-ins, lifting a lockout (a new password was chosen through e-mail). */
    clearLockout(tenantId: string, username: string): Promise<void> {
      return repository.clearFailures(tenantId, username.toLowerCase());
    },

    /**
     * One check of a two-factor code outside sign-in (its setup), limited like sign-in: it counts toward the
     * user's lockout (423 once locked) and the client address's throttle (429), and a check that says no is
     * refused with `refusal`.
     */
    async limitCodeAttempt(
      tenant: Tenant,
      username: string,
      clientIp: string,
      check: () => Promise<boolean>,
      refusal: AppError,
    ): Promise<void> {
      const now = clock.now();
      const attempt = await attempts.admit(tenant, username.toLowerCase(), clientIp, now);
      if (!(await check())) throw attempts.refusalAfter(attempt.failures, now, refusal);
      await repository.releaseAttempt(attempt.ids);
    },

    /** A request that may be guessing but is no sign-in (a recovery request): see attempts.ts. */
    countAddressAttempt: attempts.countAddressAttempt,

    /**
     * Tells `listener` (the live sockets) of each session ended, through this instance or (told through the
     * database, revocations.ts) another; returns the unsubscribe function.
     */
    onSessionRevoked(listener: (tokenHash: string) => void): () => void {
      revokedListeners.add(listener);
      return () => revokedListeners.delete(listener);
    },

    /** Tells `listener` of each session ended through this instance only (to tell the other instances). */
    onSessionEndedHere(listener: (tokenHash: string) => void): () => void {
      endedHereListeners.add(listener);
      return () => endedHereListeners.delete(listener);
    },

    /** A session another instance ended: no longer trusted here, and its live sockets here are closed. */
    sessionEndedElsewhere: forget,

    /**
     * The user changed their own settings through this instance (the language the server names lines in): the
     * next request of each of their sessions reads them afresh, here and, told through the database, elsewhere.
     */
    userChanged(userId: string): void {
      reread(userId);
      for (const listener of changedHereListeners) listener(userId);
    },

    /** Tells `listener` of each user changed through this instance only (to tell the other instances). */
    onUserChangedHere(listener: (userId: string) => void): () => void {
      changedHereListeners.add(listener);
      return () => changedHereListeners.delete(listener);
    },

    /** A user another instance changed: their sessions are read afresh here too. */
    userChangedElsewhere: reread,

    /** Which of these sessions (token hashes) are still valid now: not revoked, not expired. */
    liveSessions(tokenHashes: readonly string[]): Promise<Set<string>> {
      return repository.liveTokenHashes(tokenHashes, clock.now());
    },

    /** The session of a bearer token on this tenant's host, or null when it is unknown, expired or another's. */
    async authenticate(tenant: Tenant, token: string): Promise<AuthSession | null> {
      const tokenHash = hashToken(token);
      const found = await findSession(tenant.id, tokenHash, clock.now());
      // Disabling ends the user's sessions; this also refuses one that began while it was being disabled.
      if (!found || found.user.disabled) return null;
      return {
        user: found.user,
        tenant: found.tenant,
        authorities: found.authorities,
        tokenHash,
        sourceUserId: found.session.sourceUserId,
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
