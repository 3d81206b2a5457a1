import { Bar } from 'react-chartjs-2';
import type { BarChartWidget, HistoryResult } from '#contracts';
import type { DashboardEditorActor } from '../../dashboards/useDashboardEditor';
import { useLocale, useT } from '../../i18n';
import { SeriesValues } from '../charts/SeriesValues';
import { seriesColour, themePrimary } from '../charts/theme';
import { elementLabel } from '../ElementValue';
import { distinctLabels } from '../seriesNames';
import { dateOnly, formatNumber, formatTime } from '../history/format';
import { HistoryFrame } from '../history/HistoryFrame';
import { useDateFormat } from '../history/useDateFormat';
import { useHistory } from '../history/useHistory';
import { periodBars } from './periods';

/** BAR_CHART sorted ON_HOUR or ON_DAY: each element's hourly or daily averages over its range, from history. */
export function PeriodBarsChart({ actor, chart }: { actor: DashboardEditorActor; chart: BarChartWidget }) {
  const history = useHistory(actor, chart.id);
  const day = dateOnly(useDateFormat(actor));
  return (
    <HistoryFrame history={history} name={chart.name}>
      {(result) => <Bars chart={chart} result={result} timeZone={history.timeZone} dayFormat={day} />}
    </HistoryFrame>
  );
}

function Bars({
  chart,
  result,
  timeZone,
  dayFormat,
}: {
  chart: BarChartWidget;
  result: HistoryResult;
  timeZone: string;
  dayFormat: string;
}) {
  const t = useT();
  const locale = useLocale();
  const sorting = chart.sorting === 'ON_DAY' ? 'ON_DAY' : 'ON_HOUR';
  const { periods, values } = periodBars(
    result,
    chart.elements.map(({ id }) => id),
    sorting,
    timeZone,
  );
  const labels = periods.map((period) =>
    sorting === 'ON_HOUR'
      ? t('history.bars.hour', { hour: String(period).padStart(2, '0') })
      : formatTime(period, timeZone, dayFormat),
  );
  const theme = themePrimary();
  const title = t(sorting === 'ON_HOUR' ? 'history.bars.byHour' : 'history.bars.byDay', { name: chart.name });
  const names = distinctLabels(
    chart.elements,
    chart.elements.map((element) => elementLabel(element, t)),
    t,
  );
  const text = (value: number | null | undefined) =>
    value === null || value === undefined ? t('widgets.noValue') : formatNumber(value, locale);
  const summary = chart.elements.map((element, index) => {
    const known = values[index]!.filter((value): value is number => value !== null);
    return {
      key: element.id,
      label: names[index]!,
      latest: text(known.at(-1)),
      lowest: text(known.length ? Math.min(...known) : null),
      highest: text(known.length ? Math.max(...known) : null),
      average: text(known.length ? known.reduce((sum, value) => sum + value, 0) / known.length : null),
    };
  });
  return (
    <div className="flex min-h-0 flex-1 flex-col p-2">
      <div className="relative min-h-0 flex-1">
        <Bar
          role="img"
          aria-label={title}
          data={{
            labels,
            datasets: chart.elements.map((element, index) => ({
              label: names[index],
              data: values[index]!,
              backgroundColor: element.color ?? chart.defaultColor ?? seriesColour(index, theme),
            })),
          }}
          options={{
            indexAxis: chart.mode === 'HORIZONTAL' ? 'y' : 'x',
            // Value ticks and tooltips in the interface's decimals.
            locale,
            animation: false,
            maintainAspectRatio: false,
            // Several elements' bars side by side: the legend tells them apart.
            plugins: { legend: { display: chart.elements.length > 1, position: 'bottom' } },
          }}
        />
      </div>
      <SeriesValues name={chart.name} rows={summary} />
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <td />
            {names.map((name, index) => (
              <th key={chart.elements[index]!.id} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {labels.map((label, period) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {values.map((column, index) => (
                <td key={chart.elements[index]!.id}>{text(column[period] ?? null)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
