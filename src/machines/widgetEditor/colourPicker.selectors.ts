import type { SnapshotFrom } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import type { colourPickerMachine } from './colourPickerMachine';

type ColourPickerSnapshot = SnapshotFrom<typeof colourPickerMachine>;

export const selectColourText = (s: ColourPickerSnapshot): string => s.context.text;
export const selectHexa = (s: ColourPickerSnapshot): boolean => s.context.hexa;
export const selectColourError = (s: ColourPickerSnapshot): MessageId | null => s.context.error;
