import { afterAll, beforeAll } from 'vitest';
import { notificationOutbox } from '../../db/schema';
import type { TestBackend } from '../../testing/backends';
import { hostOf, useTestApp } from '../../testing/app';
import { eventually } from '../../testing/wait';
import type { MailSettings } from '../mail/plugin';
import { startSmtpServer } from '../../testing/smtp';
import { parseMail } from '../mail/testing';

const PATH = '/api/v2/account/recover-password';

/** A header's RFC 2047 encoded words (=?UTF-8?Q?…?= or ?B?), as nodemailer writes non-ASCII subjects, decoded. */
export const decodeWords = (header: string) =>
  header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );

/** Test-only: the app with its e-mail going to a real SMTP server, and the recovery calls as a browser makes them. */
export function useRecoveryApp(backend: TestBackend) {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const mail: Partial<MailSettings> = { pollMs: 20, retry: { baseMs: 60_000, maxMs: 60_000 } };
  beforeAll(async () => {
    smtp = await startSmtpServer();
    mail.smtpUrl = smtp.url;
  });
  afterAll(() => smtp.close());
  const ctx = useTestApp(backend, { notifications: { mail } });
  // The mail loop starts with the app: before the first request when a test calls the service directly.
  beforeAll(() => ctx.app.ready());

  const query = (params: Record<string, string>) => `${PATH}?${new URLSearchParams(params).toString()}`;
  let read = 0;
  return {
    ctx,
    received: () => smtp.received,
    /**
     * Waits until the requests answered so far were handled and what they queued was delivered, so "nothing more
     * was sent" means something.
     */
    async delivered() {
      await ctx.app.recovery.idle();
      await eventually(async () => (await ctx.handle.db.select().from(notificationOutbox)).length === 0, {
        what: 'an empty outbox',
      });
    },
    /** The next e-mail the suite has not read yet (they are counted from its start), with the token of its link. */
    async nextMail() {
      const index = read++;
      const raw = await eventually(() => smtp.received[index], { what: `e-mail ${index}` });
      const { headers, text } = parseMail(raw.raw);
      const link = /(https?:\/\/\S+\?token=)(\S+)/.exec(text);
      return {
        to: raw.to,
        from: headers.from,
        subject: decodeWords(headers.subject ?? ''),
        text,
        link: link?.[0],
        token: link?.[2] ?? '',
      };
    },
    /** How many e-mails the suite has read: any received beyond them was not expected. */
    mailsRead: () => read,
    /** As a browser at `host` does (this machine's name of the tenant by default), from the test's own address unless `from` names another. */
    request: (email: string | undefined, tenant = 'demo', host = hostOf(tenant), from?: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: email === undefined ? PATH : query({ email }),
        headers: { host },
        ...(from ? { remoteAddress: from } : {}),
      }),
    inspect: (token: string, tenant = 'demo') =>
      ctx.app.inject({ url: query({ token }), headers: { host: hostOf(tenant) } }),
    reset: (token: string, body: unknown, tenant = 'demo') =>
      ctx.app.inject({
        method: 'POST',
        url: query({ token }),
        headers: { host: hostOf(tenant) },
        payload: body as object,
      }),
  };
}
