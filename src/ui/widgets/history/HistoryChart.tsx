import '../charts/register';
import 'chartjs-adapter-date-fns';
import {
  BarController,
  BarElement,
  Chart as ChartJS,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  TimeScale,
} from 'chart.js';
import { useId, useMemo, useRef } from 'react';
import { Chart } from 'react-chartjs-2';
import type { AnnotationOptions } from 'chartjs-plugin-annotation';
import type { Annotation } from '#contracts';
import { useDateLocale, useLocale, useT } from '../../i18n';
import { chartConfig, type MixedType, type Point } from './chartConfig';
import type { ChartTexts } from './chartTexts';
import type { ChartLayout, SeriesModel } from './seriesModel';
import { useDragZoom } from './useDragZoom';

// Only what history charts draw, so their lazily loaded chunk carries no other chart type; no decimation:
// the server already sends at most the points a chart can show, with each bucket's min and max.
ChartJS.register(
  LineController,
  LineElement,
  PointElement,
  BarController,
  BarElement,
  LinearScale,
  TimeScale,
  Filler,
);

export interface HistoryChartProps {
  series: readonly SeriesModel[];
  layout: ChartLayout;
  from: number;
  to: number;
  markAreas: readonly Annotation[];
  /** Alarm marks the user asked for (alarmMarksOf). */
  alarmMarks: readonly AnnotationOptions[];
  /** What the canvas is announced as (the chart's summary); the values are in a table beside it. */
  summary: string;
  dateFormat: string;
  /** Null while the dashboard is edited: a drag there moves the widget. */
  onZoom: ((from: number, to: number) => void) | null;
}

/** The chart of a history widget: series over a time axis, with overlays and mark areas; drag to zoom. */
export function HistoryChart({
  series,
  layout,
  from,
  to,
  markAreas,
  alarmMarks,
  summary,
  dateFormat,
  onZoom,
}: HistoryChartProps) {
  const t = useT();
  const locale = useLocale();
  const dateLocale = useDateLocale();
  const chartRef = useRef<ChartJS<MixedType, Point[]>>(null);
  const texts = useMemo<ChartTexts>(
    () => ({
      comparison: (label) => t('history.comparisonSeries', { label }),
      envelope: (label) => t('history.envelope', { label }),
      average: (value) => t('history.overlay.average', { value }),
      highest: (value) => t('history.overlay.highest', { value }),
      lowest: (value) => t('history.overlay.lowest', { value }),
      difference: (difference) => t('history.tooltip.difference', { difference }),
    }),
    [t],
  );
  const { data, options } = useMemo(
    () =>
      chartConfig({ series, layout, from, to, markAreas, alarmMarks, texts, dateFormat, locale, dateLocale }),
    [series, layout, from, to, markAreas, alarmMarks, texts, dateFormat, locale, dateLocale],
  );
  const selection = useDragZoom(chartRef, onZoom);
  const hintId = useId();
  return (
    <div className="relative min-h-0 flex-1 touch-pan-y select-none">
      <Chart
        ref={chartRef}
        type="line"
        role="img"
        aria-label={summary}
        aria-describedby={onZoom ? hintId : undefined}
        data={data as never}
        options={options as never}
      />
      <span id={hintId} className="sr-only">
        {t('history.zoomHint')}
      </span>
      {selection && (
        <div
          aria-hidden
          className="pointer-events-none absolute inset-y-0 bg-primary/15 outline outline-1 outline-primary/50"
          style={{ left: selection.left, width: selection.width }}
        />
      )}
    </div>
  );
}
