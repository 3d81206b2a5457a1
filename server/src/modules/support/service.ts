import type * as v from 'valibot';
import type { SupportKind, SupportReceipt, SupportRequest } from '#contracts';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import type { AuthSession } from '../auth/service';
import type { Outbox } from '../mail/outbox';
import { copyMail, supportMail, type SupportMailFacts } from './mail';
import type { SupportRepository } from './repository';

/**
 * A user may send this many requests an hour: the copy goes to any address they type, so without a limit the
 * form would be a way to flood someone's mailbox.
 */
export const SUPPORT_REQUESTS_PER_HOUR = 10;
const HOUR_MS = 3_600_000;

export interface SupportServiceOptions {
  repository: SupportRepository;
  clock: Clock;
  outbox: Outbox;
  /** The mail loop: told something was queued. */
  wakeMail: () => void;
  /** SUPPORT_EMAIL: where requests go when the tenant names no address of its own. */
  supportEmail: string;
  /** The sender of the request to support (answers go to the person who wrote it). */
  noReplyFrom: string;
}

type Submitted = v.InferOutput<typeof SupportRequest>;

export function createSupportService(options: SupportServiceOptions) {
  const { repository, clock, outbox } = options;

  return {
    /** Stores the request, then queues its e-mail to support and, when asked for and possible, the copy. */
    async submit(
      session: AuthSession,
      kind: SupportKind,
      request: Submitted,
      sendMeACopy: boolean,
    ): Promise<SupportReceipt> {
      const { tenant, user } = session;
      const now = clock.now();
      const recent = await repository.countSentSince(tenant.id, user.id, new Date(now.getTime() - HOUR_MS));
      if (recent >= SUPPORT_REQUESTS_PER_HOUR) {
        throw new AppError(429, 'SUPPORT_LIMIT_REACHED', 'Too many requests sent this hour, try again later');
      }
      const email = request.email ?? null;
      // A copy needs somewhere to go: without an e-mail the flag means nothing.
      const copy = sendMeACopy && email !== null;
      const id = await repository.insert({
        tenantId: tenant.id,
        userId: user.id,
        username: user.username,
        kind,
        title: request.title,
        description: request.description,
        email,
        sendMeACopy: copy,
        createdAt: now,
      });
      const facts: SupportMailFacts = {
        id,
        kind,
        tenant: tenant.name,
        username: user.username,
        ...request,
        email,
      };
      const language = user.settings.language?.code ?? user.languageCode;
      const support = tenant.supportEmail ?? options.supportEmail;
      const messages = [
        supportMail(facts, support, options.noReplyFrom),
        ...(copy ? [copyMail(facts, email, language, support)] : []),
      ];
      await outbox.enqueue(
        messages.map((message) => ({
          tenantId: tenant.id,
          channel: 'mail' as const,
          message: { ...message },
        })),
      );
      options.wakeMail();
      return { id, status: 'OPEN' };
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
