import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { notificationTestMachine } from '../../machines/alarms/notificationTestMachine';
import { Button } from '../primitives/Button';
import { Dialog } from '../primitives/Dialog';
import { useT } from '../i18n';

/** SPEC §8 'Notifications blocked': how to reset the browser's permission. */
export function NotificationsBlockedDialog({
  actor,
}: {
  actor: ActorRefFrom<typeof notificationTestMachine>;
}) {
  const t = useT();
  const blocked = useSelector(actor, (s) => s.matches('blocked'));
  if (!blocked) return null;
  const close = () => actor.send({ type: 'notificationTest.close' });
  return (
    <Dialog
      title={t('alarmsUi.blockedTitle')}
      onClose={close}
      onSubmit={close}
      footer={<Button type="submit">{t('alarmsUi.close')}</Button>}
    >
      <p>{t('alarmsUi.blockedText')}</p>
    </Dialog>
  );
}
