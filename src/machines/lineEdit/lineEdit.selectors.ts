import type { SnapshotFrom } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import type { Line } from '../../services/contracts/devices';
import type { lineEditMachine } from './lineEditMachine';

type LineEditSnapshot = SnapshotFrom<typeof lineEditMachine>;

export const selectLine = (s: LineEditSnapshot): Line => s.context.line;
/** Text of the value field, or the chosen option's index as text. */
export const selectValue = (s: LineEditSnapshot): string => s.context.value;
export const selectError = (s: LineEditSnapshot): MessageId | null => s.context.error;
export const selectIsWriting = (s: LineEditSnapshot): boolean => s.matches('writing');
