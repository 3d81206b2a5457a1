import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  selectHistoryDateFormat,
  selectHistoryDownloading,
  selectHistoryError,
  selectHistoryLoading,
  selectHistoryOpen,
  selectHistoryRows,
  selectHistoryTimeZone,
  selectMayDownloadHistory,
  selectSortOf,
} from '../../machines/alarms/alarmHistory.selectors';
import type { AlarmHistorySortField } from '../../machines/alarms/alarmHistory.events';
import { ALARM_HISTORY_SORT_FIELDS } from '#contracts';
import type { alarmHistoryMachine } from '../../machines/alarms/alarmHistoryMachine';
import { formatDate } from '../../machines/dateRange/dateText';
import { Button } from '../primitives/Button';
import { Dialog } from '../primitives/Dialog';
import { SortHeader, STACKED_TABLE, TABLE_CELL as CELL } from '../primitives/PagedTable';
import { ScrollRegion } from '../primitives/ScrollRegion';
import { useT } from '../i18n';
import { HistoryFilters } from './HistoryFilters';
import { HistoryPagination } from './HistoryPagination';

type HistoryRef = ActorRefFrom<typeof alarmHistoryMachine>;

/** The columns, in the order the contract lists what the server sorts by. */
const COLUMNS: readonly AlarmHistorySortField[] = ALARM_HISTORY_SORT_FIELDS;

function ColumnHeader({ actor, field }: { actor: HistoryRef; field: AlarmHistorySortField }) {
  const t = useT();
  const sort = useSelector(actor, selectSortOf(field));
  const label = t(`alarmsUi.column.${field}`);
  return (
    <SortHeader
      label={label}
      sortLabel={t('alarmsUi.sortBy', { column: label })}
      sort={sort}
      onSort={() => actor.send({ type: 'history.sort', field })}
    />
  );
}

/** SPEC §3/§9 alarm history: 800 wide, sortable columns, page lengths 10–100, five pages, filters. */
export function AlarmHistoryDialog({ actor }: { actor: HistoryRef }) {
  const t = useT();
  const open = useSelector(actor, selectHistoryOpen);
  const rows = useSelector(actor, selectHistoryRows);
  const loading = useSelector(actor, selectHistoryLoading);
  const error = useSelector(actor, selectHistoryError);
  const dateFormat = useSelector(actor, selectHistoryDateFormat);
  const timeZone = useSelector(actor, selectHistoryTimeZone);
  const downloading = useSelector(actor, selectHistoryDownloading);
  const mayDownload = useSelector(actor, selectMayDownloadHistory);
  if (!open) return null;
  const close = () => actor.send({ type: 'history.close' });
  const date = (iso: string | null) => (iso ? formatDate(Date.parse(iso), dateFormat, timeZone) : '');
  const label = (field: AlarmHistorySortField) => t(`alarmsUi.column.${field}`);
  return (
    <Dialog
      title={t('alarmsUi.historyTitle')}
      width="max-w-[800px]"
      onClose={close}
      onSubmit={close}
      footer={
        <>
          <Button
            variant="quiet"
            disabled={!mayDownload}
            onClick={() => actor.send({ type: 'history.download' })}
          >
            {t(downloading ? 'alarmsUi.preparingCsv' : 'alarmsUi.downloadCsv')}
          </Button>
          <Button type="submit">{t('alarmsUi.close')}</Button>
        </>
      }
    >
      <HistoryFilters actor={actor} />
      {error ? (
        <p role="alert" className="my-2 text-error">
          {t(error.id, error.values)}
        </p>
      ) : null}
      <ScrollRegion label={t('alarmsUi.historyTitle')} busy={loading} className="max-h-[60vh]">
        <table className={STACKED_TABLE}>
          <thead>
            <tr>
              {COLUMNS.map((field) => (
                <ColumnHeader key={field} actor={actor} field={field} />
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-t border-muted/20">
                {(
                  [
                    ['occuredAt', date(row.occuredAt)],
                    ['clearedAt', date(row.clearedAt)],
                    ['businessGroupName', row.businessGroupName ?? ''],
                    ['deviceName', row.deviceName],
                    ['departmentName', row.departmentName ?? ''],
                  ] as const
                ).map(([field, text]) => (
                  <td key={field} className={CELL} data-label={label(field)}>
                    {text}
                  </td>
                ))}
                <td className={CELL} data-label={label('translation')}>
                  {row.translation}
                  {row.suppressed ? (
                    <span className="block text-muted">{t(`alarmSuppression.${row.suppressed}`)}</span>
                  ) : null}
                </td>
                <td className={CELL} data-label={label('acknowledgedAt')}>
                  {row.acknowledgedBy
                    ? t('alarmsUi.acknowledgedAtBy', {
                        time: date(row.acknowledgedAt),
                        user: row.acknowledgedBy,
                      })
                    : ''}
                  {row.comment ? <span className="block text-muted">{row.comment}</span> : null}
                  {row.shelvings.map((shelving) => (
                    <span key={`shelved-${shelving.at}`} className="block text-muted">
                      {t('alarmShelving.historyShelved', {
                        by: shelving.by,
                        until: date(shelving.endedAt ?? shelving.until),
                        reason: shelving.reason,
                      })}
                    </span>
                  ))}
                  {row.notifications.map((told) => (
                    <span
                      key={`${told.level}.${told.round}.${told.channel}.${told.recipient}`}
                      className="block text-muted"
                    >
                      {t('alarmShelving.historyNotified', {
                        level: told.level,
                        recipient: told.recipient,
                        channel: told.channel,
                        time: date(told.at),
                      })}
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {loading ? <p className="py-2">{t('alarmsUi.historyLoading')}</p> : null}
        {!loading && !error && rows.length === 0 ? (
          <p className="py-2">{t('alarmsUi.historyEmpty')}</p>
        ) : null}
      </ScrollRegion>
      <HistoryPagination actor={actor} />
    </Dialog>
  );
}
