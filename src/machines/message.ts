import type { MessageId } from '../i18n/messages';

/**
 * Text a machine wants shown. Machines never translate: they name a catalogue entry, or carry text the
 * server already wrote for humans (the Locked-Message header), and the view renders it.
 */
export type Message = { id: MessageId; values?: Record<string, string> } | { text: string };
