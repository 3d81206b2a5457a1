import { useId, useState } from 'react';
import { useT } from '../../i18n';
import { groupAverages, type CollapseOn, type Row, type RowGroup } from './rows';

const CELL = 'whitespace-nowrap px-2 py-1 text-right tabular-nums';
const TIME = 'px-2 py-1 text-left font-normal tabular-nums';

/**
 * One group of a collapsible table's rows as a table body: a single row when nothing folds; else a heading
 * row (the hour or day, how many rows, the columns' averages) whose button shows or hides its rows.
 */
export function RowGroupBody({
  group,
  collapseOn,
  columns,
  label,
  timeText,
  timeColumn,
  cellText,
}: {
  group: RowGroup;
  collapseOn: CollapseOn;
  columns: number;
  /** The hour or day of the group, as the user writes it. */
  label: string;
  /** A row's time as shown, or null when times are not shown. */
  timeText: ((row: Row) => string) | null;
  timeColumn: boolean;
  cellText: (value: number | null, column: number) => string;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const row = (item: Row) => (
    <tr key={item.t} className="border-b border-muted/10">
      {timeColumn && (
        <th scope="row" className={TIME}>
          {timeText?.(item) ?? ''}
        </th>
      )}
      {item.values.map((value, column) => (
        <td key={column} className={CELL}>
          {cellText(value, column)}
        </td>
      ))}
    </tr>
  );
  if (collapseOn === 'NONE') return <tbody>{group.rows.map(row)}</tbody>;
  const period = t('history.rows.group', { period: label, count: group.rows.length });
  return (
    <tbody id={bodyId} className="border-b border-muted/20">
      <tr className="bg-muted/5">
        <th scope="rowgroup" className="px-2 py-1 text-left font-medium">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => setOpen(!open)}
            className="flex items-center gap-1 rounded hover:bg-muted/15"
          >
            <span aria-hidden>{open ? '▾' : '▸'}</span>
            {period}
          </button>
        </th>
        {groupAverages(group, columns).map((value, column) => (
          <td key={column} className={`${CELL} font-medium`}>
            {cellText(value, column)}
          </td>
        ))}
      </tr>
      {open && group.rows.map(row)}
    </tbody>
  );
}
