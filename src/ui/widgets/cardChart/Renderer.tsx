import { useSelector } from '@xstate/react';
import { selectElementNumber } from '../../../machines/dashboardEditor/dashboardEditor.selectors';
import { elementKey } from '../../../machines/dashboardEditor/dashboardEditor.setup';
import type { WidgetElement } from '../../../services/contracts';
import type { DashboardEditorActor } from '../../dashboards/useDashboardEditor';
import { useT } from '../../i18n';
import { selectElementUnit } from '../elementSelectors';
import { elementLabel, useElementValue } from '../ElementValue';
import { PICTOGRAPH_ICONS } from '../pictograph/icons';
import type { WidgetRendererProps } from '../types';
import { compareWithReference } from './comparison';

/** CARD_CHART widget: the label of its element and its live value, large, compared with a reference. */
export default function CardChartRenderer({ actor, widget }: WidgetRendererProps) {
  const t = useT();
  const element = widget.elements[0];
  if (!element) return <p className="p-3 text-muted">{t('widgets.noElements')}</p>;
  return <Card actor={actor} element={element} />;
}

function Card({ actor, element }: { actor: DashboardEditorActor; element: WidgetElement }) {
  const t = useT();
  const value = useElementValue(actor, element);
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-1 p-3 text-center">
      <p className="truncate text-muted">{elementLabel(element, t)}</p>
      <p className="text-3xl font-semibold tabular-nums">{value}</p>
      <ReferenceComparison actor={actor} element={element} />
    </div>
  );
}

/** The difference from the custom reference value, with an arrow; those needing history show nothing. */
function ReferenceComparison({ actor, element }: { actor: DashboardEditorActor; element: WidgetElement }) {
  const t = useT();
  const key = elementKey(element);
  const number = useSelector(actor, selectElementNumber(key));
  const unit = useSelector(actor, selectElementUnit(key));
  const comparison = compareWithReference(number, unit, element);
  if (!comparison) return null;
  const { direction, signed, difference, reference } = comparison;
  const Arrow =
    direction === 'equal' ? null : PICTOGRAPH_ICONS[direction === 'above' ? 'arrow-up' : 'arrow-down']!.Icon;
  return (
    <p className="flex items-center gap-1 text-sm text-muted">
      {Arrow && (
        <span className="h-4 w-4">
          <Arrow active={false} level={null} />
        </span>
      )}
      <span aria-hidden="true" className="tabular-nums">
        {signed}
      </span>
      <span className="sr-only">
        {direction === 'equal'
          ? t('widgets.cardChart.equal', { reference })
          : t(direction === 'above' ? 'widgets.cardChart.above' : 'widgets.cardChart.below', {
              difference,
              reference,
            })}
      </span>
    </p>
  );
}
