import type { ReactNode } from 'react';
import type { Liveness } from '../../machines/socket/socket.selectors';
import { useIntl, useT } from '../i18n';
import { formatAge } from './age';
import { useNow } from './liveness';

/**
 * A live value as shown: as it is while live; dimmed, with its age, while live data is paused or when the server
 * calls it stale ("3 min. ago", "stale, 3 min. ago"), so nothing old passes for current.
 */
export function LiveValue({
  liveness,
  children,
  className = '',
}: {
  liveness: Liveness;
  children: ReactNode;
  className?: string;
}) {
  if (liveness.kind === 'live') return <span className={className}>{children}</span>;
  return (
    <span className={`${className} text-muted`} data-liveness={liveness.kind}>
      {children} <NotLive liveness={liveness} />
    </span>
  );
}

/** The age of a value that is not live, and (for screen readers) that it is not live. */
export function NotLive({ liveness }: { liveness: Exclude<Liveness, { kind: 'live' }> }) {
  const t = useT();
  const intl = useIntl();
  const now = useNow();
  const { kind, reportedAt } = liveness;
  if (reportedAt === null) return <span className="text-xs font-normal">{t('live.unknownAge')}</span>;
  const age = formatAge(intl, reportedAt, now);
  if (kind === 'stale') return <span className="text-xs font-normal">{t('live.stale', { age })}</span>;
  return (
    <span className="text-xs font-normal">
      <span aria-hidden="true">{age}</span>
      <span className="sr-only">{t('live.notLive', { age })}</span>
    </span>
  );
}
