import { useId, useState } from 'react';
import type { TableWidget, WidgetElement } from '#contracts';
import type { DashboardEditorActor } from '../../dashboards/useDashboardEditor';
import { useT, type Translate } from '../../i18n';
import { EditLineButton } from '../EditLineButton';
import { elementLabel, ElementValueText, hasLineAddress } from '../ElementValue';
import { ScrollRegion } from '../../primitives/ScrollRegion';
import { Pager } from '../Pager';
import { widgetOfType, type WidgetRendererProps } from '../types';
import { buildTableMatrix, type MatrixHeader } from './matrix';

/** A device header: its label, else 'hexacode dep.sub'; a line header: the line's name, else its number. */
function headerText({ kind, element }: MatrixHeader, t: Translate): string {
  if (kind === 'line') {
    return (
      element.dataName ??
      t('widgets.lineNumber', { page: String(element.pageNumber), line: String(element.lineNumber) })
    );
  }
  return (
    element.label ??
    t('widgets.deviceLabel', {
      hexacode: element.hexacode ?? '',
      department: String(element.department),
      subDepartment: String(element.subDepartment),
    })
  );
}

/** TABLE widget: a matrix of live values, devices by lines (transposed with ROWS), paginated by rows. */
export default function TableRenderer({ actor, widget }: WidgetRendererProps) {
  const t = useT();
  const table = widgetOfType(widget, 'TABLE');
  const [page, setPage] = useState(0);
  const { rows, columns, cells } = buildTableMatrix(table);
  if (rows.length === 0) return <p className="p-3 text-muted">{t('widgets.noElements')}</p>;
  const pageCount = Math.ceil(rows.length / table.pageLength);
  // Rows can vanish (a smaller selection), so the page is kept within range rather than reset.
  const current = Math.min(page, pageCount - 1);
  const first = current * table.pageLength;
  const shown = rows.slice(first, first + table.pageLength);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ScrollRegion label={table.name} className="min-h-0 flex-1">
        <table aria-label={table.name} className="w-full text-sm">
          <thead>
            <tr className="border-b border-muted/20">
              <td />
              {columns.map((column) => (
                <th key={column.key} scope="col" className="px-2 py-1 text-right font-medium text-muted">
                  {headerText(column, t)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row, index) => (
              <tr key={row.key} className="border-b border-muted/10">
                <th scope="row" className="px-2 py-1 text-left font-medium">
                  {headerText(row, t)}
                </th>
                {cells[first + index]!.map((element, column) => (
                  <td key={columns[column]!.key} className="px-2 py-1 text-right tabular-nums">
                    {element && <TableCell actor={actor} element={element} table={table} />}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <Pager page={current} count={pageCount} onPage={setPage} />
    </div>
  );
}

/** One value as the presentation asks: alone, with its unit, or under the element's custom name. */
function TableCell({
  actor,
  element,
  table,
}: {
  actor: DashboardEditorActor;
  element: WidgetElement;
  table: TableWidget;
}) {
  const t = useT();
  const valueId = useId();
  const content = (
    <span className="flex flex-col">
      {table.presentation === 'DESCRIPTION_VALUES_UNITS' && element.name && (
        <span className="text-xs text-muted">{element.name}</span>
      )}
      <span id={valueId}>
        <ElementValueText actor={actor} element={element} withUnit={table.presentation !== 'ONLY_VALUES'} />
      </span>
    </span>
  );
  if (!table.enableLineEdit || !hasLineAddress(element)) return content;
  return (
    <EditLineButton
      actor={actor}
      element={element}
      label={elementLabel(element, t)}
      describedBy={valueId}
      className="w-full rounded px-1 text-right hover:bg-primary/10"
    >
      {content}
    </EditLineButton>
  );
}
