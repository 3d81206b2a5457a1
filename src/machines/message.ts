import type { MessageId } from '../i18n/messages';

/**
 * Text a machine wants shown. Machines never translate: they name a catalogue entry, or carry text the
 * server already wrote for humans (the Locked-Message header), and the view renders it.
 */
export type Message = { id: MessageId; values?: Record<string, string> } | { text: string };

/** The server's reason for a refused call (what ServerReasonError carries), or null when it gave none. */
export const serverReasonOf = (error: unknown): string | null =>
  error instanceof Error && 'reason' in error && typeof error.reason === 'string' ? error.reason : null;

/** The server's reason for a refused call as text to show, else the catalogue's `fallback`. */
export const serverReasonOr = (error: unknown, fallback: MessageId): Message => {
  const reason = serverReasonOf(error);
  return reason === null ? { id: fallback } : { text: reason };
};
