import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { notificationsMachine } from '../../machines/notifications/notificationsMachine';
import { selectToasts, toastRemainingPercent } from '../../machines/notifications/notifications.selectors';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { useMessageText, useT } from '../i18n';
import { useSystemActor } from '../useSystemActor';

const KIND_CLASS = {
  error: 'bg-error text-on-error',
  success: 'bg-success text-on-success',
  info: 'bg-info text-on-info',
} as const;

export function Toasts() {
  const t = useT();
  const messageText = useMessageText();
  const notifications = useSystemActor<ActorRefFrom<typeof notificationsMachine>>(SYSTEM_IDS.notifications);
  const toasts = useSelector(notifications, selectToasts);
  // Above dialogs and their backdrop (z-40): a toast raised from a dialog is never dimmed behind it.
  return (
    <section
      aria-label={t('notifications.region')}
      className="fixed right-4 bottom-4 z-50 flex w-[min(20rem,calc(100vw-2rem))] flex-col gap-2"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role="status"
          className={`overflow-hidden rounded shadow-lg ${KIND_CLASS[toast.kind]}`}
        >
          <div className="flex items-start justify-between gap-2 px-4 py-3">
            <span>{messageText(toast.message)}</span>
            <button
              type="button"
              aria-label={t('notifications.dismiss')}
              onClick={() => notifications.send({ type: 'notification.dismiss', id: toast.id })}
            >
              ×
            </button>
          </div>
          <div
            role="progressbar"
            aria-label={messageText(toast.message)}
            aria-valuenow={toastRemainingPercent(toast)}
            aria-valuemin={0}
            aria-valuemax={100}
            className="h-1 bg-white/70 transition-[width] duration-100 ease-linear"
            style={{ width: `${toastRemainingPercent(toast)}%` }}
          />
        </div>
      ))}
    </section>
  );
}
