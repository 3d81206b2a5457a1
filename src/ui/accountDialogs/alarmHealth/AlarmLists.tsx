import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { AlarmHealth } from '#contracts';
import {
  selectChattering,
  selectStanding,
  selectTopOffenders,
  type AlarmHealthActor,
} from '../../../machines/alarmHealth/alarmHealth.selectors';
import { alarmText } from '../../alarms/alarmText';
import { useT } from '../../i18n';
import { TABLE_CELL as CELL, STACKED_TABLE } from '../../primitives/PagedTable';
import { ScrollRegion } from '../../primitives/ScrollRegion';
import { useUserDates } from '../../useUserDates';

/** An alarm of a device's department, as the health figures name it. */
type AlarmPlace = Omit<AlarmHealth['topOffenders'][number], 'count'>;

/** A column after the device, department and alarm: its header and what a row shows in it. */
interface Column<Row> {
  label: string;
  value: (row: Row) => ReactNode;
  numeric?: boolean;
}

const keyOf = (p: AlarmPlace) => `${p.hexacode}-${p.department}-${p.subDepartment}-${p.code}`;

/** A table of alarms by place: device (the row's header), department, the alarm's name, then `columns`. */
function AlarmPlaceTable<Row extends AlarmPlace>({
  caption,
  rows,
  columns,
  rowKey = keyOf,
}: {
  caption: string;
  rows: readonly Row[];
  columns: Column<Row>[];
  rowKey?: (row: Row) => string;
}) {
  const t = useT();
  const named = [
    { label: t('alarmHealth.department'), value: (p: Row) => `${p.department}.${p.subDepartment}` },
    { label: t('alarmHealth.alarm'), value: (p: Row) => alarmText(t, p) },
    ...columns,
  ];
  return (
    <ScrollRegion label={caption} className="max-h-[40vh]">
      <table className={STACKED_TABLE}>
        <caption className="text-left font-semibold">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={CELL}>
              {t('alarmHealth.device')}
            </th>
            {named.map(({ label, numeric }) => (
              <th key={label} scope="col" className={`${CELL} ${numeric ? 'sm:text-right' : ''}`}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t border-muted/20">
              <th scope="row" className={`${CELL} font-medium`}>
                {row.deviceName} <span className="text-muted">{row.hexacode}</span>
              </th>
              {named.map(({ label, value, numeric }) => (
                <td key={label} className={`${CELL} ${numeric ? 'sm:text-right' : ''}`} data-label={label}>
                  {value(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** The alarms raised most often in the range, and how often. */
export function TopOffenders({ actor }: { actor: AlarmHealthActor }) {
  const t = useT();
  const offenders = useSelector(actor, selectTopOffenders);
  if (offenders.length === 0) return <p>{t('alarmHealth.noOffenders')}</p>;
  return (
    <AlarmPlaceTable
      caption={t('alarmHealth.topOffenders')}
      rows={offenders}
      columns={[{ label: t('alarmHealth.count'), value: (o) => o.count, numeric: true }]}
    />
  );
}

/** The alarms active for over 24 hours (EEMUA 191's standing alarms): since when, and whether they cleared. */
export function StandingAlarms({ actor }: { actor: AlarmHealthActor }) {
  const t = useT();
  const { instant } = useUserDates();
  const standing = useSelector(actor, selectStanding);
  if (standing.length === 0) return null;
  return (
    <AlarmPlaceTable
      caption={t('alarmHealth.figure.standing')}
      rows={standing}
      rowKey={(s) => s.id}
      columns={[
        { label: t('alarmHealth.activeSince'), value: (s) => instant(s.raisedAt) },
        {
          label: t('alarmHealth.clearedAt'),
          value: (s) => (s.clearedAt ? instant(s.clearedAt) : t('alarmHealth.stillActive')),
        },
      ]}
    />
  );
}

/** The alarms raised 3 or more times within 10 minutes: the most in any 10 minutes, and all of the range. */
export function ChatteringAlarms({ actor }: { actor: AlarmHealthActor }) {
  const t = useT();
  const chattering = useSelector(actor, selectChattering);
  if (chattering.length === 0) return null;
  return (
    <AlarmPlaceTable
      caption={t('alarmHealth.figure.chattering')}
      rows={chattering}
      columns={[
        { label: t('alarmHealth.figure.peakPer10Minutes'), value: (c) => c.peak, numeric: true },
        { label: t('alarmHealth.count'), value: (c) => c.count, numeric: true },
      ]}
    />
  );
}
