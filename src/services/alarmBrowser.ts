import type { PushSubscription as PushSubscriptionBody } from '#contracts';

/** What the browser answers when asked to show notifications. */
export type NotificationPermissionState = 'granted' | 'denied' | 'default';

/** What the alarm workflows need of the browser: a beep, notifications, their permission and push. */
export interface AlarmBrowser {
  beep(): void;
  notify(title: string, body: string): void;
  requestPermission(): Promise<NotificationPermissionState>;
  /** null when this browser has no push (no service worker or PushManager). */
  pushSubscription(): Promise<PushSubscriptionBody | null | 'unsupported'>;
  subscribePush(serverKey: string): Promise<PushSubscriptionBody>;
  unsubscribePush(): Promise<void>;
}

/** The VAPID key (base64url) as the bytes PushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

const bodyOf = (subscription: PushSubscription): PushSubscriptionBody => {
  const { endpoint, keys } = subscription.toJSON();
  return {
    endpoint: endpoint ?? subscription.endpoint,
    keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
  };
};

export function createAlarmBrowser(win: Window & typeof globalThis = window): AlarmBrowser {
  let audio: AudioContext | null = null;
  const registration = async () =>
    'serviceWorker' in win.navigator && 'PushManager' in win ? win.navigator.serviceWorker.ready : null;
  return {
    beep() {
      // A short 880 Hz tone made on the spot: no sound file to ship.
      if (typeof win.AudioContext !== 'function') return;
      audio ??= new win.AudioContext();
      const context = audio;
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = 880;
      gain.gain.setValueAtTime(0.2, context.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.3);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start();
      oscillator.stop(context.currentTime + 0.3);
    },
    notify(title, body) {
      if ('Notification' in win && win.Notification.permission === 'granted')
        new win.Notification(title, { body });
    },
    async requestPermission() {
      if (!('Notification' in win)) return 'denied';
      if (win.Notification.permission !== 'default') return win.Notification.permission;
      return win.Notification.requestPermission();
    },
    async pushSubscription() {
      const worker = await registration();
      if (!worker) return 'unsupported';
      const current = await worker.pushManager.getSubscription();
      return current && bodyOf(current);
    },
    async subscribePush(serverKey) {
      const worker = await registration();
      if (!worker) throw new Error('Push is not supported');
      const subscription = await worker.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(serverKey),
      });
      return bodyOf(subscription);
    },
    async unsubscribePush() {
      const worker = await registration();
      await (await worker?.pushManager.getSubscription())?.unsubscribe();
    },
  };
}
