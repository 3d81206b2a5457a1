import { useSelector } from '@xstate/react';
import { selectElementNumber } from '../../../machines/dashboardEditor/dashboardEditor.selectors';
import { elementKey } from '../../../machines/dashboardEditor/dashboardEditor.setup';
import type { HistorySeries, WidgetElement } from '#contracts';
import type { DashboardEditorActor } from '../../dashboards/useDashboardEditor';
import { useLocale, useT } from '../../i18n';
import { selectElementUnit } from '../elementSelectors';
import { elementLabel, ElementValueText } from '../ElementValue';
import { HistoryFailure } from '../history/HistoryFrame';
import { useHistory } from '../history/useHistory';
import { PICTOGRAPH_ICONS } from '../pictograph/icons';
import type { WidgetRendererProps } from '../types';
import { compareWithReference, referenceOf } from './comparison';
import { Sparkline } from './Sparkline';

/**
 * CARD_CHART widget: the label of its element and its live value, large, compared with a reference (a custom
 * value, or from its history over the card's interval), with the interval's trend as a sparkline.
 */
export default function CardChartRenderer({ actor, widget }: WidgetRendererProps) {
  const t = useT();
  const history = useHistory(actor, widget.id);
  const element = widget.elements[0];
  if (!element) return <p className="p-3 text-muted">{t('widgets.noElements')}</p>;
  const series = history.result?.series.find(({ id }) => id === element.id) ?? null;
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-1 p-3 text-center">
      <Card actor={actor} element={element} history={series?.status === 'OK' ? series : null} />
      {history.status === 'failed' && <HistoryFailure history={history} name={widget.name} />}
    </div>
  );
}

/** One element's card, with the history its comparison and sparkline read. */
interface CardProps {
  actor: DashboardEditorActor;
  element: WidgetElement;
  history: HistorySeries | null;
}

function Card({ actor, element, history }: CardProps) {
  const t = useT();
  const label = elementLabel(element, t);
  return (
    <>
      <p className="truncate text-muted">{label}</p>
      <p className="text-3xl font-semibold tabular-nums">
        <ElementValueText actor={actor} element={element} />
      </p>
      <ReferenceComparison actor={actor} element={element} history={history} />
      {element.showSparkline && history && <Sparkline label={label} series={history} />}
    </>
  );
}

/** The difference from the reference, with an arrow; nothing until both the value and the reference are known. */
function ReferenceComparison({ actor, element, history }: CardProps) {
  const t = useT();
  const locale = useLocale();
  const key = elementKey(element);
  const number = useSelector(actor, selectElementNumber(key));
  const unit = useSelector(actor, selectElementUnit(key));
  const comparison = compareWithReference(number, unit, element, referenceOf(element, history), locale);
  if (!comparison) return null;
  const { direction, signed, difference } = comparison;
  // A reference from history is named ('the average, 3 °C'); a custom value is just the value.
  const reference =
    element.compareWith === 'CUSTOM_VALUE'
      ? comparison.reference
      : t(`history.card.reference.${element.compareWith as 'AVERAGE_VALUE'}`, {
          value: comparison.reference,
        });
  const Arrow =
    direction === 'equal' ? null : PICTOGRAPH_ICONS[direction === 'above' ? 'arrow-up' : 'arrow-down'].Icon;
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
