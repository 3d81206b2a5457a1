import type { ActorRefFrom } from 'xstate';
import type { MessageId } from '../../../i18n/messages';
import type { switchAccountMachine } from '../../../machines/switchAccount/switchAccountMachine';
import { useT } from '../../i18n';

/**
 * A tab's table that could not be read, as PagedTable shows it: what failed, and the dialog's one retry (it reads
 * again whichever table failed). Null while the table is read or shown.
 */
export function useLoadFailure(
  actor: ActorRefFrom<typeof switchAccountMachine>,
  failed: boolean,
  text: MessageId,
) {
  const t = useT();
  if (!failed) return null;
  return {
    text: t(text),
    retryLabel: t('switchAccount.retry'),
    onRetry: () => actor.send({ type: 'switchAccount.retry' }),
  };
}
