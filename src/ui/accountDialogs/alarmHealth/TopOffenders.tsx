import { useSelector } from '@xstate/react';
import { selectTopOffenders } from '../../../machines/alarmHealth/alarmHealth.selectors';
import { alarmText } from '../../alarms/alarmText';
import { useT } from '../../i18n';
import { TABLE_CELL as CELL, STACKED_TABLE } from '../../primitives/PagedTable';
import { ScrollRegion } from '../../primitives/ScrollRegion';
import type { AlarmHealthActor } from '../../../machines/alarmHealth/alarmHealth.selectors';

const COLUMNS = ['device', 'department', 'alarm'] as const;

/** The alarms raised most often in the range: device, department, alarm and how often. */
export function TopOffenders({ actor }: { actor: AlarmHealthActor }) {
  const t = useT();
  const offenders = useSelector(actor, selectTopOffenders);
  if (offenders.length === 0) return <p>{t('alarmHealth.noOffenders')}</p>;
  return (
    <ScrollRegion label={t('alarmHealth.topOffenders')} className="max-h-[40vh]">
      <table className={STACKED_TABLE}>
        <caption className="text-left font-semibold">{t('alarmHealth.topOffenders')}</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className={CELL}>
                {t(`alarmHealth.${column}`)}
              </th>
            ))}
            <th scope="col" className={`${CELL} text-right`}>
              {t('alarmHealth.count')}
            </th>
          </tr>
        </thead>
        <tbody>
          {offenders.map((o) => (
            <tr
              key={`${o.hexacode}-${o.department}-${o.subDepartment}-${o.code}`}
              className="border-t border-muted/20"
            >
              <th scope="row" className={`${CELL} font-medium`}>
                {o.deviceName} <span className="text-muted">{o.hexacode}</span>
              </th>
              <td className={CELL} data-label={t('alarmHealth.department')}>
                {`${o.department}.${o.subDepartment}`}
              </td>
              <td className={CELL} data-label={t('alarmHealth.alarm')}>
                {alarmText(t, o)}
              </td>
              <td className={`${CELL} sm:text-right`} data-label={t('alarmHealth.count')}>
                {o.count}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
