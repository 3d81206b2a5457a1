import { useSelector } from '@xstate/react';
import type { MessageId } from '../../i18n/messages';
import {
  selectNoticeKind,
  selectNoticeStep,
  selectNoticeWhileSwitched, type ReportsActor } from '../../machines/reports/reports.selectors';
import { useT } from '../i18n';
import { ErrorAlert } from '../primitives/ErrorAlert';

const FAILURES = {
  invalid: 'reports.failed.invalid',
  forbidden: 'reports.failed.forbidden',
  notFound: 'reports.failed.notFound',
  unavailable: 'reports.failed.unavailable',
} as const satisfies Record<string, MessageId>;

/** What the last step said: why it failed (a 403 said as such), or that a review was stored. */
export function ReportNotice({ reports }: { reports: ReportsActor }) {
  const t = useT();
  const step = useSelector(reports, selectNoticeStep);
  const kind = useSelector(reports, selectNoticeKind);
  const switched = useSelector(reports, selectNoticeWhileSwitched);
  if (kind === '') return null;
  if (kind === 'stored')
    return (
      <p role="status" className="rounded border-l-4 border-primary bg-primary/10 px-3 py-2 text-sm">
        {t(step === 'action' ? 'reports.stored.action' : 'reports.stored.signOff')}
      </p>
    );
  const what = t(`reports.step.${step as 'load' | 'download' | 'action' | 'signOff'}`);
  const why = t(switched ? 'reports.failed.switched' : FAILURES[kind]);
  return <ErrorAlert>{`${what}: ${why}`}</ErrorAlert>;
}
