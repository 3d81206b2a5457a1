import { Suspense } from 'react';
import type { AnyActorRef } from 'xstate';
import type { AccountDialogName } from '../../machines/accountDialogs/accountDialog.types';
import { selectAccountDialog } from '../../machines/app/app.selectors';
import { AppActor } from '../appActor';
import { useOptionalSystemActor } from '../dialogs/useOptionalSystemActor';
import { ACCOUNT_DIALOG_VIEWS } from './registry';
import { SYSTEM_IDS } from '../../machines/systemIds';

/** Shows the open account dialog (one at a time) while the app machine runs its actor. */
export function AccountDialogHost() {
  const name = AppActor.useSelector(selectAccountDialog) as AccountDialogName | '';
  const actor = useOptionalSystemActor<AnyActorRef>(SYSTEM_IDS.accountDialog);
  const View = name ? ACCOUNT_DIALOG_VIEWS[name] : undefined;
  if (!actor || !View) return null;
  return (
    <Suspense fallback={null}>
      <View actor={actor} />
    </Suspense>
  );
}
