import { useMemo, useState } from 'react';
import type { CollapsableTableWidget, HistoryResult } from '#contracts';
import { useLocale, useT } from '../../i18n';
import { elementLabel } from '../ElementValue';
import { dateOnly, formatNumber, formatTime, withUnit } from '../history/format';
import { HistoryFrame } from '../history/HistoryFrame';
import { SeriesNotes } from '../history/SeriesNotes';
import { useDateFormat } from '../history/useDateFormat';
import { useHistory } from '../history/useHistory';
import { ScrollRegion } from '../../primitives/ScrollRegion';
import { Pager } from '../Pager';
import { widgetOfType, type WidgetRendererProps } from '../types';
import { RowGroupBody } from './RowGroupBody';
import { changedRows, collapseOnOf, filterModeOf, groupRows, tableRows, type Row } from './rows';

/**
 * COLLAPSABLE_TABLE widget: the buffered values as rows by time, newest first, a column per element; folded
 * under hours or days (collapseOn), filtered by a search or to the rows where a value changed, paged.
 */
export default function CollapsableTableRenderer({ actor, widget }: WidgetRendererProps) {
  const t = useT();
  const table = widgetOfType(widget, 'COLLAPSABLE_TABLE');
  const history = useHistory(actor, table.id);
  const dateFormat = useDateFormat(actor);
  if (table.elements.length === 0) return <p className="p-3 text-muted">{t('widgets.noElements')}</p>;
  return (
    <HistoryFrame history={history} name={table.name}>
      {(result) => (
        <RowsTable table={table} result={result} timeZone={history.timeZone} dateFormat={dateFormat} />
      )}
    </HistoryFrame>
  );
}

export interface Column {
  id: string;
  label: string;
  unit: string | null;
}

function RowsTable({
  table,
  result,
  timeZone,
  dateFormat,
}: {
  table: CollapsableTableWidget;
  result: HistoryResult;
  timeZone: string;
  dateFormat: string;
}) {
  const t = useT();
  const locale = useLocale();
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState('');
  const collapseOn = collapseOnOf(table.collapseOn);
  const filterMode = filterModeOf(table.filterMode);
  const columns: Column[] = table.elements.map((element) => {
    const series = result.series.find(({ id }) => id === element.id);
    return {
      id: element.id,
      label: element.name ?? series?.name ?? elementLabel(element, t),
      unit: series?.unit ?? null,
    };
  });
  const rows = useMemo(
    () =>
      tableRows(
        result,
        table.elements.map(({ id }) => id),
      ),
    [result, table.elements],
  );
  const cellText = (value: number | null, column: number) =>
    value === null
      ? t('widgets.noValue')
      : table.showUnits
        ? withUnit(value, columns[column]!.unit, locale)
        : formatNumber(value, locale);
  // Folded rows sit under their day or hour: their own time needs no date.
  const timeText = (row: Row) => formatTime(row.t, timeZone, collapseOn === 'NONE' ? dateFormat : 'HH:mm');
  const matches = (row: Row) => {
    const wanted = search.trim().toLowerCase();
    return [timeText(row), ...row.values.map(cellText)].some((text) => text.toLowerCase().includes(wanted));
  };
  const filtered =
    filterMode === 'CHANGES'
      ? changedRows(rows)
      : filterMode === 'SEARCH' && search.trim()
        ? rows.filter(matches)
        : rows;
  const groups = groupRows(filtered, collapseOn, timeZone);
  const pageCount = Math.max(1, Math.ceil(groups.length / table.pageLength));
  const current = Math.min(page, pageCount - 1);
  const shown = groups.slice(current * table.pageLength, (current + 1) * table.pageLength);
  const timeColumn = table.showTimestamps || collapseOn !== 'NONE';
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {filterMode === 'SEARCH' && (
        <input
          type="search"
          value={search}
          aria-label={t('history.rows.filter', { name: table.name })}
          placeholder={t('history.rows.filter', { name: table.name })}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          className="mx-2 mt-2 rounded border border-muted/40 bg-surface px-2 py-1 text-sm outline-none focus:border-primary"
        />
      )}
      {filterMode === 'CHANGES' && (
        <p className="px-2 pt-1 text-xs text-muted">{t('history.rows.onlyChanges')}</p>
      )}
      <ScrollRegion label={table.name} className="min-h-0 flex-1">
        <table aria-label={table.name} className="w-full text-sm">
          <thead>
            <tr className="border-b border-muted/20">
              {timeColumn && (
                <th scope="col" className="px-2 py-1 text-left font-medium text-muted">
                  {table.showTimestamps ? t('history.rows.time') : ''}
                </th>
              )}
              {columns.map((column) => (
                <th key={column.id} scope="col" className="px-2 py-1 text-right font-medium text-muted">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          {shown.map((group) => (
            <RowGroupBody
              key={group.start}
              group={group}
              collapseOn={collapseOn}
              columns={columns.length}
              label={formatTime(
                group.start,
                timeZone,
                collapseOn === 'DAY' ? dateOnly(dateFormat) : dateFormat,
              )}
              timeText={table.showTimestamps ? timeText : null}
              timeColumn={timeColumn}
              cellText={cellText}
            />
          ))}
        </table>
        {shown.length === 0 && (
          <p className="p-3 text-muted">{t(rows.length === 0 ? 'history.noData' : 'history.rows.noRows')}</p>
        )}
      </ScrollRegion>
      <SeriesNotes
        series={columns.map((column) => ({
          ...column,
          status: result.series.find(({ id }) => id === column.id)?.status ?? 'OK',
        }))}
      />
      <Pager page={current} count={pageCount} onPage={setPage} />
    </div>
  );
}
