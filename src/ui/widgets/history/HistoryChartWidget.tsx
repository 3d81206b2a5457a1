import { useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { selectIsEditing } from '../../../machines/dashboardEditor/dashboardEditor.selectors';
import type { HistoryResult, Widget } from '#contracts';
import type { DashboardEditorActor } from '../../dashboards/useDashboardEditor';
import { useT } from '../../i18n';
import { Button } from '../../primitives/Button';
import { themePrimary } from '../charts/theme';
import { elementLabel } from '../ElementValue';
import { distinctLabels } from '../seriesNames';
import { AlarmMarksList, AlarmMarksToggle, useAlarmMarks } from './AlarmMarks';
import { formatTime } from './format';
import { HistoryChart } from './HistoryChart';
import { HistoryFrame } from './HistoryFrame';
import { HistorySummary } from './HistorySummary';
import { SeriesNotes } from './SeriesNotes';
import { seriesModels, type ChartLayout } from './seriesModel';
import { useDateFormat } from './useDateFormat';
import { useHistory, type HistoryView } from './useHistory';

/** A history chart widget (LINE_CHART, MULTIPLE_Y_CHART, MULTIGRID_CHART differ only in their layout). */
export function HistoryChartWidget({
  actor,
  widget,
  layout,
}: {
  actor: DashboardEditorActor;
  widget: Widget;
  layout: ChartLayout;
}) {
  const history = useHistory(actor, widget.id);
  const dateFormat = useDateFormat(actor);
  const editing = useSelector(actor, selectIsEditing);
  if (widget.elements.length === 0) return <NoElements />;
  return (
    <HistoryFrame history={history} name={widget.name}>
      {(result) => (
        <ChartView
          widget={widget}
          result={result}
          layout={layout}
          history={history}
          dateFormat={dateFormat}
          zoomable={!editing}
        />
      )}
    </HistoryFrame>
  );
}

function NoElements() {
  const t = useT();
  return <p className="p-3 text-muted">{t('widgets.noElements')}</p>;
}

function ChartView({
  widget,
  result,
  layout,
  history,
  dateFormat,
  zoomable,
}: {
  widget: Widget;
  result: HistoryResult;
  layout: ChartLayout;
  history: HistoryView;
  dateFormat: string;
  /** Not while the dashboard is edited: a drag there moves the widget. */
  zoomable: boolean;
}) {
  const t = useT();
  const series = useMemo(
    () => {
      const models = seriesModels(
        widget,
        result,
        (element, answer) => element.name ?? answer.name ?? elementLabel(element, t),
        themePrimary(),
        layout,
      );
      const elements = models.map((model) => widget.elements.find((element) => element.id === model.id)!);
      const labels = distinctLabels(
        elements,
        models.map((model) => model.label),
        t,
      );
      return models.map((model, index) => ({ ...model, label: labels[index]! }));
    },
    // The label falls back to catalogue text, which does not change while the chart is shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [widget, result, layout],
  );
  const { actor } = history;
  const zoom = useCallback(
    (from: number, to: number) => actor?.send({ type: 'history.zoom', from, to }),
    [actor],
  );
  const from = Date.parse(result.from);
  const to = Date.parse(result.to);
  const marks = useAlarmMarks(history.marks, to);
  const drawn = series.filter((model) => model.status === 'OK');
  const summary = t('history.chartSummary', {
    name: widget.name,
    count: drawn.length,
    from: formatTime(from, history.timeZone, dateFormat),
    to: formatTime(to, history.timeZone, dateFormat),
  });
  return (
    <div className="flex min-h-0 flex-1 flex-col p-2">
      <div className="flex flex-wrap items-center justify-end gap-2">
        <AlarmMarksToggle actor={history.marks} status={marks.status} />
        {history.zoomed && (
          <Button
            variant="quiet"
            className="px-2 py-0.5 text-sm"
            onClick={() => actor?.send({ type: 'history.resetZoom' })}
          >
            {t('history.resetZoom')}
          </Button>
        )}
      </div>
      {drawn.length === 0 ? (
        <p className="p-1 text-muted">{t('history.noData')}</p>
      ) : (
        <HistoryChart
          series={drawn}
          layout={layout}
          from={from}
          to={to}
          markAreas={widget.markAreaElements}
          alarmMarks={marks.annotations}
          summary={summary}
          dateFormat={dateFormat}
          onZoom={zoomable ? zoom : null}
        />
      )}
      {marks.marks && (
        <AlarmMarksList marks={marks.marks} timeZone={history.timeZone} dateFormat={dateFormat} />
      )}
      <SeriesNotes series={series} />
      <HistorySummary name={widget.name} series={series} />
    </div>
  );
}
