import type { SnapshotFrom } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import type { Line } from '#contracts/devices';
import type { lineEditMachine } from './lineEditMachine';

type LineEditSnapshot = SnapshotFrom<typeof lineEditMachine>;

export const selectLine = (s: LineEditSnapshot): Line => s.context.line;
/** Text of the value field, or the chosen option's index as text. */
export const selectValue = (s: LineEditSnapshot): string => s.context.value;
/** The message about the value (with selectErrorValues, what it names), or null. */
export const selectErrorId = (s: LineEditSnapshot): MessageId | null => s.context.error?.id ?? null;
export const selectErrorValues = (s: LineEditSnapshot): Readonly<Record<string, string>> | undefined =>
  s.context.error?.values;
/** Why the last write did not happen, when it is not about the value. */
export const selectRefusal = (s: LineEditSnapshot): MessageId | null => s.context.refusal;
export const selectIsWriting = (s: LineEditSnapshot): boolean => s.matches('writing');
