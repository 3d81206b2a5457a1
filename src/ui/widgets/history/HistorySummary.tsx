import { useLocale, useT } from '../../i18n';
import { SeriesValues } from '../charts/SeriesValues';
import { latestValue, seriesValueText, type SeriesModel } from './seriesModel';

/**
 * The values behind a chart for assistive technology (and tests): per series its latest, lowest, highest and
 * average value over the range shown, and the comparison range's average when one is drawn; a line of states
 * by its states' names, without an average.
 */
export function HistorySummary({ name, series }: { name: string; series: readonly SeriesModel[] }) {
  const t = useT();
  const locale = useLocale();
  const shown = series.filter((model) => model.status === 'OK');
  const compared = shown.some((model) => model.compare);
  const rows = shown.map((model) => {
    const text = (value: number | null | undefined) =>
      value === null || value === undefined ? t('widgets.noValue') : seriesValueText(model, value, locale);
    return {
      key: model.id,
      label: model.label,
      // A line of states draws each bucket's highest state: its latest is the last one drawn.
      latest: text(latestValue(model.options ? { ...model.points, avg: model.points.max } : model.points)),
      lowest: text(model.stats.min),
      highest: text(model.stats.max),
      average: text(model.options ? null : model.stats.avg),
      ...(compared && { comparison: text(model.options ? null : model.compare?.stats.avg) }),
    };
  });
  return <SeriesValues name={name} rows={rows} />;
}
