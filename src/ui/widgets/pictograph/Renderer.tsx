import { useSelector } from '@xstate/react';
import { elementKey } from '../../../machines/dashboardEditor/dashboardEditor.setup';
import { selectElementNumber } from '../../../machines/dashboardEditor/dashboardEditor.selectors';
import type { PictographElement } from '#contracts';
import type { DashboardEditorActor } from '../../dashboards/useDashboardEditor';
import { useT } from '../../i18n';
import { EditLineButton } from '../EditLineButton';
import { selectElementStatus } from '../elementSelectors';
import { elementLabel, ElementValueText, hasLineAddress } from '../ElementValue';
import { widgetOfType, type WidgetRendererProps } from '../types';
import { pictographIcon } from './icons';

/** SPEC §4: the statuses a pictograph shows; elements with another status are left out. */
const SHOWN_STATUSES = ['', 'OK', 'BUFFER_NOT_PRESENT', 'DEVICE_CAN_RECEIVED'];

/** Where `value` sits between min and max (clamped to 0..1), null without a value or a range. */
function rangeLevel(value: number | null, min: number | null, max: number | null): number | null {
  if (value === null || min === null || max === null || max <= min) return null;
  return Math.min(1, Math.max(0, (value - min) / (max - min)));
}

/** PICTOGRAPH widget: each element as an icon driven by its live value, with its label and value. */
export default function PictographRenderer({ actor, widget }: WidgetRendererProps) {
  const t = useT();
  const pictograph = widgetOfType(widget, 'PICTOGRAPH');
  if (pictograph.elements.length === 0) return <p className="p-3 text-muted">{t('widgets.noElements')}</p>;
  return (
    <ul className="grid min-h-0 flex-1 grid-cols-[repeat(auto-fill,minmax(7rem,1fr))] gap-2 overflow-auto p-3">
      {pictograph.elements.map((element) => (
        <PictographTile
          key={element.id}
          actor={actor}
          element={element}
          defaultColor={pictograph.defaultColor}
        />
      ))}
    </ul>
  );
}

function PictographTile({
  actor,
  element,
  defaultColor,
}: {
  actor: DashboardEditorActor;
  element: PictographElement;
  defaultColor: string | null;
}) {
  const t = useT();
  const key = elementKey(element);
  const status = useSelector(actor, selectElementStatus(key));
  const number = useSelector(actor, selectElementNumber(key));
  if (!SHOWN_STATUSES.includes(status)) return null;
  const label = elementLabel(element, t);
  const { Icon } = pictographIcon(element.icon);
  const outOfRange =
    number !== null &&
    ((element.min !== null && number < element.min) || (element.max !== null && number > element.max));
  const color = element.color ?? defaultColor ?? undefined;
  return (
    <li
      className={`flex flex-col items-center gap-1 rounded p-2 text-center ${
        outOfRange ? 'bg-error/10 ring-2 ring-error' : ''
      }`}
    >
      <span className="h-12 w-12" style={{ color }}>
        <Icon active={number !== null && number !== 0} level={rangeLevel(number, element.min, element.max)} />
      </span>
      <span className="w-full truncate text-sm">{label}</span>
      <ElementValueText actor={actor} element={element} className="font-medium tabular-nums" />
      {outOfRange && (
        <span className="text-xs font-medium text-error">{t('widgets.pictograph.outOfRange')}</span>
      )}
      {element.enableLineEdit && hasLineAddress(element) && (
        <EditLineButton actor={actor} element={element} label={label} />
      )}
    </li>
  );
}
