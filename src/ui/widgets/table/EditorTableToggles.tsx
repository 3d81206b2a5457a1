import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { axisKey, isShown, type TableAxis } from '../../../machines/widgetEditor/tableAxes';
import type { EditorElement } from '../../../machines/widgetEditor/widgetDefaults';
import { selectField } from '../../../machines/widgetEditor/widgetEditor.selectors';
import { useT, type Translate } from '../../i18n';
import { Checkbox } from '../../primitives/Checkbox';
import type { WidgetEditorActor } from '../../widgetEditor/types';

const AXES: readonly TableAxis[] = ['visibleRows', 'visibleColumns', 'lineSelection'];
const NONE: readonly string[] = [];

/** How a row, column or element is named in its toggle. */
const NAMES: Record<TableAxis, (element: EditorElement, t: Translate) => string> = {
  visibleRows: (element) => element.label ?? element.hexacode ?? '',
  visibleColumns: (element, t) =>
    element.name ??
    element.dataName ??
    t('widgetEditor.table.column', { page: element.pageNumber ?? '', line: element.lineNumber ?? '' }),
  lineSelection: (element, t) => element.name ?? element.dataName ?? t('widgetEditor.noLine'),
};

/** Each axis' keys with the first element having them (it names the toggle). */
function axisEntries(axis: TableAxis, elements: readonly EditorElement[]) {
  const entries = new Map<string, EditorElement>();
  for (const element of elements) {
    const key = axisKey(axis, element);
    if (key !== null && !entries.has(key)) entries.set(key, element);
  }
  return [...entries];
}

function AxisToggles({
  actor,
  axis,
  elements,
}: {
  actor: WidgetEditorActor;
  axis: TableAxis;
  elements: readonly EditorElement[];
}) {
  const t = useT();
  const selection = useSelector(actor, selectField(axis)) ?? NONE;
  const entries = useMemo(() => axisEntries(axis, elements), [axis, elements]);
  if (entries.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium">{t(`widgetEditor.table.${axis}`)}</legend>
      {entries.map(([key, element]) => (
        <Checkbox
          key={key}
          label={NAMES[axis](element, t)}
          checked={isShown(selection, key)}
          onCheckedChange={() => actor.send({ type: 'table.toggle', axis, key })}
        />
      ))}
    </fieldset>
  );
}

/** TABLE: which rows (device/department), columns (page/line) and elements are shown; none ticked off shows all. */
export function EditorTableToggles({
  actor,
  elements,
}: {
  actor: WidgetEditorActor;
  elements: readonly EditorElement[];
}) {
  return (
    <div className="grid grid-cols-3 gap-3">
      {AXES.map((axis) => (
        <AxisToggles key={axis} actor={actor} axis={axis} elements={elements} />
      ))}
    </div>
  );
}
