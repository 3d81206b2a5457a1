import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { PermanentFailure } from './sender';

/** What the outbox keeps of an e-mail: rendered once, when the alarm happened. */
export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  /** Who it comes from, when not the alarms' sender (MAIL_FROM): each kind of e-mail has its own. */
  from?: string;
  /** Where an answer goes, when not to the sender (a support request: the person who wrote it). */
  replyTo?: string;
  /** Files, as nodemailer takes them (a scheduled report's PDF, base64). */
  attachments?: { filename: string; content: string; encoding: 'base64'; contentType: string }[];
}

export interface MailTransport {
  /** `name` names the .eml file: a repeated attempt overwrites its own file. */
  send(message: MailMessage, name: string): Promise<void>;
  close(): void;
  /** For the log: where mail goes (never a password). */
  readonly target: string;
}

export interface MailTransportOptions {
  smtpUrl: string | undefined;
  outboxDir: string;
  /** The sender of a message that names none (alarm e-mail). */
  from: string;
}

/** Short timeouts: a hanging mail server fails the attempt (retried later) well within the outbox claim. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** SMTP answers 5xx for good (unknown recipient, refused message); anything else is worth another try. */
function permanentIfRefused(error: unknown): unknown {
  const code = (error as { responseCode?: unknown }).responseCode;
  if (typeof code === 'number' && code >= 500 && code < 600) {
    return new PermanentFailure(error instanceof Error ? error.message : String(error));
  }
  return error;
}

/** Through SMTP_URL, or without it as .eml files under DATA_DIR/outbox (nodemailer builds the same message). */
export function createMailTransport(options: MailTransportOptions): MailTransport {
  const { smtpUrl, outboxDir, from } = options;
  if (smtpUrl) {
    const transporter = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
    const shown = new URL(smtpUrl);
    shown.password = '';
    return {
      target: shown.toString(),
      async send(message) {
        try {
          await transporter.sendMail({ from, ...message });
        } catch (error) {
          throw permanentIfRefused(error);
        }
      },
      close: () => transporter.close(),
    };
  }
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    target: outboxDir,
    async send(message, name) {
      const info = await builder.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      // Written aside then renamed, so a reader of the outbox never sees half a message.
      const path = join(outboxDir, `${name}.eml`);
      await writeFile(`${path}.tmp`, info.message as Buffer);
      await rename(`${path}.tmp`, path);
    },
    close: () => builder.close(),
  };
}
