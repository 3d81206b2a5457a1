import type { HistorySeries } from '#contracts';
import { useLocale, useT } from '../../i18n';
import { withUnit } from '../history/format';
import { latestValue } from '../history/seriesModel';

const WIDTH = 100;
const HEIGHT = 24;

/**
 * The trend of a series over the card's interval as a small line (SVG: no chart library for a card), broken
 * where the buffer has gaps; named with its first, last, lowest and highest value.
 */
export function Sparkline({ label, series }: { label: string; series: HistorySeries }) {
  const t = useT();
  const locale = useLocale();
  const { t: times, avg } = series.points;
  const values = avg.filter((value): value is number => value !== null);
  if (values.length < 2) return null;
  const [low, high] = [Math.min(...values), Math.max(...values)];
  const [start, end] = [times[0]!, times[times.length - 1]!];
  const x = (time: number) => ((time - start) / Math.max(end - start, 1)) * WIDTH;
  const y = (value: number) => HEIGHT - 1 - ((value - low) / Math.max(high - low, 1e-9)) * (HEIGHT - 2);
  let path = '';
  let drawing = false;
  avg.forEach((value, index) => {
    if (value === null) return void (drawing = false);
    path += `${drawing ? 'L' : 'M'}${x(times[index]!).toFixed(2)} ${y(value).toFixed(2)} `;
    drawing = true;
  });
  const text = (value: number) => withUnit(value, series.unit, locale);
  const named = {
    label,
    first: text(values[0]!),
    last: text(latestValue(series.points)!),
    lowest: text(low),
    highest: text(high),
  };
  return (
    <svg
      role="img"
      aria-label={t('history.sparkline', named)}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      className="h-8 w-full max-w-48 text-primary"
    >
      <path
        d={path.trim()}
        fill="none"
        stroke="currentColor"
        strokeWidth={1.5}
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
