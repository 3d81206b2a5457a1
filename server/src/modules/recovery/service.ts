import { RECOVERY_ERRORS, RECOVERY_TOKEN_TTL_MINUTES, type RecoveryTokenInfo } from '#contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { PasswordTokenKind } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { hashPassword } from '../auth/passwords';
import { hashToken, newToken } from '../auth/tokens';
import { linkBaseOf } from '../mail/links';
import type { Outbox } from '../mail/outbox';
import { createAfterAnswerQueue } from './afterAnswer';
import { passwordLinkOf, passwordMail } from './mail';
import type { RecoveryRepository, TokenOwner } from './repository';

const TTL_MS = RECOVERY_TOKEN_TTL_MINUTES * 60_000;
/** At most one recovery e-mail a minute per account: the form cannot be used to flood someone's mailbox. */
const RECOVERY_MAIL_INTERVAL_MS = 60_000;

const ERROR_OF: Record<PasswordTokenKind, keyof typeof RECOVERY_ERRORS> = {
  recover: 'RECOVERY_TOKEN_INVALID',
  setup: 'SETUP_TOKEN_INVALID',
};

/** The link's token cannot be used: its kind says which message (an unknown token reads as a recovery one). */
const invalidToken = (kind: PasswordTokenKind = 'recover') =>
  badRequest(ERROR_OF[kind], RECOVERY_ERRORS[ERROR_OF[kind]]);

export interface RecoveryServiceOptions {
  repository: RecoveryRepository;
  clock: Clock;
  outbox: Outbox;
  /** The mail loop: told something was queued. */
  wakeMail: () => void;
  /** Where links lead (see mail/links.ts), and who account e-mail comes from (nobody reads answers to it). */
  links: { publicUrl: string | undefined; port: number; noReplyFrom: string };
  /** A new password ends the user's sessions (closing their sockets) and lifts their lockout. */
  sessions: {
    endSessionsOf(tenantId: string, userId: string): Promise<void>;
    clearLockout(tenantId: string, username: string): Promise<void>;
  };
  /** Recovery requests count against the client's address like failed sign-ins (auth/throttle.ts). */
  throttle: { countAddressAttempt(clientIp: string): Promise<void> };
  /** Where a request that failed after its answer went out is reported. */
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

export function createRecoveryService(options: RecoveryServiceOptions) {
  const { repository, clock, outbox, log } = options;
  const afterAnswer = createAfterAnswerQueue(log);

  /**
   * Stores a new token and queues its e-mail to `to`, its link where the request came from when that is this
   * machine (`origin`, mail/links.ts); false when `allowed` refused (nothing sent).
   */
  async function sendToken(
    kind: PasswordTokenKind,
    user: TokenOwner,
    to: string,
    origin: string | null,
    allowed: (latest: Date | null, now: Date) => boolean = () => true,
  ): Promise<boolean> {
    const now = clock.now();
    const token = newToken();
    const stored = await repository.createToken(
      {
        tokenHash: hashToken(token),
        tenantId: user.tenantId,
        userId: user.id,
        kind,
        expiresAt: new Date(now.getTime() + TTL_MS),
        createdAt: now,
      },
      (latest) => allowed(latest, now),
    );
    if (!stored) return false;
    const baseUrl = linkBaseOf(user.tenantName, options.links, origin);
    const message = {
      ...passwordMail(kind, user, to, passwordLinkOf(kind, baseUrl, token)),
      from: options.links.noReplyFrom,
    };
    await outbox.enqueue([{ tenantId: user.tenantId, channel: 'mail', message: { ...message } }]);
    options.wakeMail();
    return true;
  }

  /** A live token's row, else the coded error of its kind. */
  async function liveToken(tenantId: string, token: string) {
    const found = await repository.findToken(tenantId, hashToken(token));
    if (!found) throw invalidToken();
    if (found.usedAt || found.expiresAt <= clock.now()) throw invalidToken(found.kind);
    return found;
  }

  return {
    /**
     * Asks for a recovery link to the tenant's users with this address, its link where the request came from when
     * that is this machine (`origin`). Only what does not depend on the address is done before the answer
     * (counting the client's attempt, which may refuse it 429); the lookup, the token and the e-mail come after it,
     * so neither the answer nor its time says whether an account has the address.
     */
    async requestRecovery(
      tenantId: string,
      email: string,
      clientIp: string,
      origin: string | null,
    ): Promise<void> {
      await options.throttle.countAddressAttempt(clientIp);
      afterAnswer.add(async () => {
        for (const user of await repository.usersWithEmail(tenantId, email)) {
          await sendToken(
            'recover',
            user,
            user.email ?? email,
            origin,
            (latest, now) => !latest || now.getTime() - latest.getTime() >= RECOVERY_MAIL_INTERVAL_MS,
          );
        }
      });
    },

    /** Resolves once every recovery request answered so far has been handled (tests, shutdown). */
    idle: () => afterAnswer.idle(),

    /** For an administrator who created the account: a setup link to the user's address. */
    async issueSetupToken(tenantId: string, userId: string, origin: string | null): Promise<void> {
      const user = await repository.findUser(tenantId, userId);
      if (!user) throw notFound('USER_NOT_FOUND', 'User not found');
      if (!user.email) throw badRequest('USER_WITHOUT_EMAIL', 'The user has no e-mail address to send to');
      await sendToken('setup', user, user.email, origin);
    },

    async inspect(tenantId: string, token: string): Promise<RecoveryTokenInfo> {
      const { kind, username } = await liveToken(tenantId, token);
      return { kind, username };
    },

    /** Sets the password through a live token, then signs the user out everywhere and lifts any lockout. */
    async resetPassword(tenantId: string, token: string, password: string): Promise<void> {
      const { kind } = await liveToken(tenantId, token);
      const passwordHash = await hashPassword(password);
      const user = await repository.useToken(tenantId, hashToken(token), passwordHash, clock.now());
      // Used or expired while the password was hashed.
      if (!user) throw invalidToken(kind);
      await options.sessions.endSessionsOf(tenantId, user.id);
      await options.sessions.clearLockout(tenantId, user.username);
    },
  };
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;
