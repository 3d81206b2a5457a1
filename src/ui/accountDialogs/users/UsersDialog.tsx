import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { UsersEvent } from '../../../machines/users/users.events';
import {
  selectDraft,
  selectErrors,
  selectFailure,
  selectIsBusy,
  selectPendingDisables,
  selectPendingUsername,
  selectSelf,
  selectUsers,
  selectView,
} from '../../../machines/users/users.selectors';
import type { usersMachine } from '../../../machines/users/usersMachine';
import { useT } from '../../i18n';
import { Button } from '../../primitives/Button';
import { ErrorAlert } from '../../primitives/ErrorAlert';
import { Dialog, FormDialog } from '../../primitives/Dialog';
import { NewUserForm } from './NewUserForm';
import { UsersTable } from './UsersTable';

type UsersActor = ActorRefFrom<typeof usersMachine>;

/**
 * The administrators' user list (issue 13): one dialog with four faces — the list (or its loading and failure),
 * the new-user form, and the confirmation of a disable or enable.
 */
export default function UsersDialog({ actor: anyActor }: { actor: AnyActorRef }) {
  const actor = anyActor as UsersActor;
  const t = useT();
  const view = useSelector(actor, selectView);
  const users = useSelector(actor, selectUsers);
  const self = useSelector(actor, selectSelf);
  const draft = useSelector(actor, selectDraft);
  const errors = useSelector(actor, selectErrors);
  const failure = useSelector(actor, selectFailure);
  const busy = useSelector(actor, selectIsBusy);
  const pending = useSelector(actor, selectPendingUsername);
  const disables = useSelector(actor, selectPendingDisables);
  const send = (event: UsersEvent) => actor.send(event);
  const close = () => send({ type: 'users.close' });
  const cancel = () => send({ type: 'users.cancel' });
  const failureAlert = failure ? <ErrorAlert>{t(failure)}</ErrorAlert> : null;

  if (view === 'form') {
    return (
      <FormDialog
        title={t('users.newTitle')}
        onCancel={cancel}
        onSubmit={() => send({ type: 'users.submit' })}
        submitLabel={busy ? t('users.creating') : t('users.create')}
        busy={busy}
      >
        <div className="flex flex-col gap-4">
          <NewUserForm
            draft={draft}
            errors={errors}
            disabled={busy}
            onEdit={(field, value) => send({ type: 'users.edit', field, value })}
          />
          {failureAlert}
        </div>
      </FormDialog>
    );
  }

  if (view === 'confirm') {
    const values = { username: pending };
    return (
      <FormDialog
        title={t(disables ? 'users.confirmDisableTitle' : 'users.confirmEnableTitle', values)}
        onCancel={cancel}
        onSubmit={() => send({ type: 'users.confirm' })}
        submitLabel={busy ? t('users.saving') : t(disables ? 'users.disable' : 'users.enable')}
        busy={busy}
      >
        <p>{t(disables ? 'users.confirmDisable' : 'users.confirmEnable', values)}</p>
      </FormDialog>
    );
  }

  return (
    <Dialog
      title={t('users.title')}
      width="max-w-[800px]"
      onClose={close}
      onSubmit={() => (view === 'loadFailed' ? send({ type: 'users.retry' }) : undefined)}
      footer={
        <>
          <Button variant="quiet" onClick={close}>
            {t('users.close')}
          </Button>
          {view === 'loadFailed' ? <Button type="submit">{t('users.retry')}</Button> : null}
          {view === 'list' ? (
            <Button onClick={() => send({ type: 'users.new' })}>{t('users.new')}</Button>
          ) : null}
        </>
      }
    >
      {view === 'loading' ? <p role="status">{t('users.loading')}</p> : null}
      {view === 'loadFailed' ? <ErrorAlert>{t('users.loadFailed')}</ErrorAlert> : null}
      {view === 'list' ? (
        <div className="flex flex-col gap-4">
          {failureAlert}
          <UsersTable
            users={users}
            self={self}
            onToggle={(user) => send({ type: user.disabled ? 'users.enable' : 'users.disable', id: user.id })}
          />
        </div>
      ) : null}
    </Dialog>
  );
}
