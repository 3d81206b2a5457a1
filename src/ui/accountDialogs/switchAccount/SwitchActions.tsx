import type { SwitchRecord } from '#contracts';
import { useT } from '../../i18n';
import { useUserDates } from '../../useUserDates';

/**
 * What was done while switched, under the switch's row: each call that may have changed something (when, which
 * call on what, its answer's status), oldest first, or that nothing was.
 */
export function SwitchActions({ record }: { record: SwitchRecord }) {
  const t = useT();
  const { instant } = useUserDates();
  if (record.actions.length === 0) return <>{t('switchAccount.records.noActions')}</>;
  const more = record.actionsTotal - record.actions.length;
  return (
    <ul aria-label={t('switchAccount.records.actions')} className="flex flex-col gap-0.5">
      {record.actions.map((action, index) => (
        <li key={index} className="break-all">
          {`${instant(action.at)} ${action.method} ${action.path} `}
          {action.statusCode ?? t('switchAccount.records.noAnswer')}
        </li>
      ))}
      {more > 0 ? <li>{t('switchAccount.records.moreActions', { count: String(more) })}</li> : null}
    </ul>
  );
}
