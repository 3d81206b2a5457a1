import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { notificationTestMachine } from '../../machines/alarms/notificationTestMachine';
import type { pushSubscriptionMachine } from '../../machines/alarms/pushSubscriptionMachine';
import { Button } from '../primitives/Button';
import { Dialog } from '../primitives/Dialog';
import { useT } from '../i18n';

/**
 * The notification test found no browser of the user subscribed to push messages: says so, and offers to
 * subscribe this one (when it can receive them and is not subscribed).
 */
export function NotSubscribedDialog({
  actor,
  push,
}: {
  actor: ActorRefFrom<typeof notificationTestMachine>;
  push: ActorRefFrom<typeof pushSubscriptionMachine>;
}) {
  const t = useT();
  const shown = useSelector(actor, (s) => s.matches('notSubscribed'));
  const canSubscribe = useSelector(push, (s) => s.matches('unsubscribed'));
  if (!shown) return null;
  const close = () => actor.send({ type: 'notificationTest.close' });
  const subscribe = () => actor.send({ type: 'notificationTest.subscribe' });
  return (
    <Dialog
      title={t('alarmsUi.notSubscribedTitle')}
      onClose={close}
      onSubmit={canSubscribe ? subscribe : close}
      footer={
        canSubscribe ? (
          <>
            <Button variant="quiet" onClick={close}>
              {t('alarmsUi.close')}
            </Button>
            <Button type="submit">{t('alarmsUi.subscribe')}</Button>
          </>
        ) : (
          <Button type="submit">{t('alarmsUi.close')}</Button>
        )
      }
    >
      <p>{t(canSubscribe ? 'alarmsUi.notSubscribedText' : 'alarmsUi.notSubscribedElsewhere')}</p>
    </Dialog>
  );
}
