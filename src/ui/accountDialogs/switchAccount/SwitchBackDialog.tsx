import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import {
  selectAdministrator,
  selectSwitchBackError,
  selectSwitchBackFailed,
} from '../../../machines/switchBack/switchBack.selectors';
import type { switchBackMachine } from '../../../machines/switchBack/switchBackMachine';
import { useT } from '../../i18n';
import { Button } from '../../primitives/Button';
import { ErrorAlert } from '../../primitives/ErrorAlert';
import { Dialog } from '../../primitives/Dialog';

/** Switch back (SPEC §4): says it is on its way; after a failure, why, with try again and cancel. */
export default function SwitchBackDialog({ actor: anyActor }: { actor: AnyActorRef }) {
  const actor = anyActor as ActorRefFrom<typeof switchBackMachine>;
  const t = useT();
  const failed = useSelector(actor, selectSwitchBackFailed);
  const error = useSelector(actor, selectSwitchBackError);
  const administrator = useSelector(actor, selectAdministrator);
  const cancel = () => {
    if (failed) actor.send({ type: 'switchBack.cancel' });
  };
  return (
    <Dialog
      title={t('switchBack.title')}
      onClose={cancel}
      onSubmit={() => actor.send({ type: 'switchBack.retry' })}
      footer={
        failed ? (
          <>
            <Button variant="quiet" onClick={cancel}>
              {t('switchBack.cancel')}
            </Button>
            <Button type="submit">{t('switchBack.retry')}</Button>
          </>
        ) : null
      }
    >
      {failed ? (
        <ErrorAlert>{error ? t(error) : null}</ErrorAlert>
      ) : (
        <p role="status">{t('switchBack.switching', { username: administrator })}</p>
      )}
    </Dialog>
  );
}
