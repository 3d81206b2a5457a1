import type { MessageId } from '../../i18n/messages';
import type { SwitchFailure } from '../../services/api/switchAccount';

/** The message of a failed switch or switch back: the server's rule by its code, else the generic failure. */
export const failureMessage = (
  failure: SwitchFailure | null,
  generic: MessageId = 'switchAccount.failed',
): MessageId => (failure?.kind === 'refused' ? `switchAccount.error.${failure.code}` : generic);

/** A rejection of the switch calls as the machines keep it: anything but a refusal is "unavailable". */
export const switchFailureOf = (error: unknown): SwitchFailure =>
  (error as SwitchFailure | null)?.kind === 'refused' ? (error as SwitchFailure) : { kind: 'unavailable' };
