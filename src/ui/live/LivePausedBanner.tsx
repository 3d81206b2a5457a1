import type { AnyActorRef } from 'xstate';
import { useT } from '../i18n';
import { useLivePause } from './liveness';

/**
 * SPEC §8's banners gain one: live data is paused while the live connection is lost or its pages are being read
 * again, announced to screen readers (role status) as soon as it shows.
 */
export function LivePausedBanner({ within }: { within: AnyActorRef }) {
  const t = useT();
  const { paused } = useLivePause(within);
  if (!paused) return null;
  return (
    <p role="status" className="bg-warning/25 px-4 py-2 text-center text-on-surface">
      {t('live.paused')}
    </p>
  );
}
