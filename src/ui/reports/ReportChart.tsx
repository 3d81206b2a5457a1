import { useSelector } from '@xstate/react';
import { chartSpan, type FoodSafetyDepartment } from '#contracts';
import { selectReportFrom, selectReportTo, type ReportsActor } from '../../machines/reports/reports.selectors';
import { useT } from '../i18n';
import { useUserDates } from '../useUserDates';

/** The drawing's own units: the bars and lines stretch to the box, their strokes keep their width. */
const WIDTH = 1000;
const HEIGHT = 100;

/**
 * The case's temperatures over the report's period, as the PDF draws them: an hourly bar from the lowest to the
 * highest value, the limits as dashed lines, the axis' ends written at its left and the period's under it. A
 * screen reader reads its name: the span of the values and the limit.
 */
export function ReportChart({
  reports,
  department,
  name,
  limit,
}: {
  reports: ReportsActor;
  department: FoodSafetyDepartment;
  /** The case's title and its limit as the section writes them. */
  name: string;
  limit: string;
}) {
  const t = useT();
  const { instant } = useUserDates();
  const from = useSelector(reports, selectReportFrom);
  const to = useSelector(reports, selectReportTo);
  if (department.chart.length === 0) return <p className="text-sm">{t('reports.chartNone')}</p>;
  const { min, max, lo, hi } = chartSpan(department);
  const start = Date.parse(from);
  const x = (at: number) => (((at - start) / (Date.parse(to) - start)) * WIDTH).toFixed(1);
  const y = (value: number) => HEIGHT - ((value - lo) / (hi - lo)) * HEIGHT;
  // One path of all the bars; a bar of one value is drawn half a unit high so it shows.
  const bars = department.chart
    .map(([at, low, high]) => `M${x(at)} ${y(low).toFixed(1)}V${Math.min(y(high), y(low) - 0.5).toFixed(1)}`)
    .join('');
  const limits = [department.limit.high, department.limit.low].filter((value) => value !== null);
  return (
    <figure className="flex flex-col gap-1 text-xs text-muted">
      <div className="relative h-28 rounded border border-line">
        <svg
          role="img"
          aria-label={t('reports.chart', { name, min, max, limit })}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="absolute inset-0 h-full w-full"
        >
          <path d={bars} fill="none" strokeWidth={2} vectorEffect="non-scaling-stroke" className="stroke-primary" />
          {limits.map((value) => (
            <line
              key={value}
              x1={0}
              x2={WIDTH}
              y1={y(value)}
              y2={y(value)}
              strokeDasharray="5 3"
              vectorEffect="non-scaling-stroke"
              className="stroke-error"
            />
          ))}
        </svg>
        <span aria-hidden className="absolute top-0.5 left-1">{`${hi} °C`}</span>
        <span aria-hidden className="absolute bottom-0.5 left-1">{`${lo} °C`}</span>
      </div>
      <figcaption aria-hidden className="flex justify-between gap-2">
        <span>{instant(from)}</span>
        <span>{instant(to)}</span>
      </figcaption>
    </figure>
  );
}
