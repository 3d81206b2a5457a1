import type { SnapshotFrom } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import { failureMessage } from '../switchAccount/switchFailure';
import type { switchBackMachine } from './switchBackMachine';

type Snapshot = SnapshotFrom<typeof switchBackMachine>;

export const selectSwitchBackFailed = (s: Snapshot): boolean => s.matches('failed');
export const selectAdministrator = (s: Snapshot): string => s.context.administrator;
/** Why switching back failed ('' while it has not). */
export const selectSwitchBackError = (s: Snapshot): MessageId | '' =>
  s.context.failure ? failureMessage(s.context.failure, 'switchBack.failed') : '';
