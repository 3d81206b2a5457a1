import '../charts/register';
import { useSelector } from '@xstate/react';
import { BarController, BarElement, CategoryScale, Chart, LinearScale } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { elementKey } from '../../../machines/dashboardEditor/dashboardEditor.setup';
import type { BarChartWidget, WidgetElement } from '#contracts';
import type { DashboardEditorActor } from '../../dashboards/useDashboardEditor';
import { useLocale, useT } from '../../i18n';
import { formatNumber } from '../history/format';
import { selectElementNumbers } from '../elementSelectors';
import { elementLabel, useElementValue } from '../ElementValue';
import { elementTopic } from '../../../machines/dashboardEditor/dashboardEditor.model';
import { useOldestLiveness } from '../../live/liveness';
import { NotLive } from '../../live/LiveValue';
import { themePrimary } from '../charts/theme';
import { distinctLabels } from '../seriesNames';
import { widgetOfType, type WidgetRendererProps } from '../types';
import { buildBars } from './bars';
import { PeriodBarsChart } from './PeriodBarsChart';

// Only what a bar chart draws, so the lazily loaded chunk carries no other chart type.
Chart.register(BarController, BarElement, CategoryScale, LinearScale);

/**
 * BAR_CHART widget: one bar an element's live value, vertical or horizontal, optionally sorted; sorted ON_HOUR or
 * ON_DAY, each element's hourly or daily averages from history instead.
 */
export default function BarChartRenderer({ actor, widget }: WidgetRendererProps) {
  const chart = widgetOfType(widget, 'BAR_CHART');
  if (chart.sorting === 'ON_HOUR' || chart.sorting === 'ON_DAY')
    return <PeriodBarsChart actor={actor} chart={chart} />;
  return <LiveBars actor={actor} chart={chart} />;
}

function LiveBars({ actor, chart }: { actor: DashboardEditorActor; chart: BarChartWidget }) {
  const t = useT();
  const locale = useLocale();
  const numbers = useSelector(actor, selectElementNumbers(chart.elements.map(elementKey)));
  const liveness = useOldestLiveness(
    actor,
    chart.elements.flatMap((element) => elementTopic(element) ?? []),
  );
  if (chart.elements.length === 0) return <p className="p-3 text-muted">{t('widgets.noElements')}</p>;
  const values = JSON.parse(numbers) as (number | null)[];
  const names = distinctLabels(
    chart.elements,
    chart.elements.map((element) => elementLabel(element, t)),
    t,
  );
  const bars = buildBars(
    chart.elements.map((element, index) => ({
      label: names[index]!,
      value: values[index] ?? null,
      color: element.color,
    })),
    chart,
    themePrimary(),
  );
  const summary = bars.labels
    .map((label, index) => {
      const value = bars.values[index];
      return t('widgets.barChart.bar', {
        label,
        value: value === null || value === undefined ? t('widgets.noValue') : formatNumber(value, locale),
      });
    })
    .join(', ');
  return (
    <div className="flex min-h-0 flex-1 flex-col p-2">
      {/* Bars not live are dimmed, with the oldest report time under them. */}
      <div className={`relative min-h-0 flex-1 ${liveness.kind === 'live' ? '' : 'opacity-50'}`}>
        <Bar
          role="img"
          aria-label={summary}
          data={{
            labels: bars.labels,
            datasets: [{ label: chart.name, data: bars.values, backgroundColor: bars.colors }],
          }}
          options={{
            indexAxis: chart.mode === 'HORIZONTAL' ? 'y' : 'x',
            // Value ticks and tooltips in the interface's decimals.
            locale,
            // Live values repaint at once rather than tween from the previous ones.
            animation: false,
            maintainAspectRatio: false,
            // Each bar is named on its axis: a legend would only repeat the widget's name.
            plugins: { legend: { display: false } },
          }}
        />
      </div>
      {liveness.kind === 'live' ? null : (
        <p className="text-center text-muted" data-liveness={liveness.kind}>
          <NotLive liveness={liveness} />
        </p>
      )}
      <table className="sr-only">
        <caption>{t('history.table.values', { name: chart.name })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('history.table.series')}</th>
            <th scope="col">{t('history.table.latest')}</th>
          </tr>
        </thead>
        <tbody>
          {chart.elements.map((element, index) => (
            <BarValue key={element.id} actor={actor} element={element} label={names[index]!} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A bar's name and value (with unit or status text), for screen readers. */
function BarValue({
  actor,
  element,
  label,
}: {
  actor: DashboardEditorActor;
  element: WidgetElement;
  label: string;
}) {
  const value = useElementValue(actor, element);
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{value}</td>
    </tr>
  );
}
