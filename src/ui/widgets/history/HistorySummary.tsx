import { useLocale, useT } from '../../i18n';
import { SeriesValues } from '../charts/SeriesValues';
import { isTwoStates, latestValue, seriesValueText, type SeriesModel } from './seriesModel';

/**
 * The values behind a chart for assistive technology (and tests): per series its latest, lowest, highest and
 * average value over the range shown, and the comparison range's average when one is drawn; a line of states
 * by its states' names.
 */
export function HistorySummary({ name, series }: { name: string; series: readonly SeriesModel[] }) {
  const t = useT();
  const locale = useLocale();
  const shown = series.filter((model) => model.status === 'OK');
  const compared = shown.some((model) => model.compare);
  const rows = shown.map((model) => {
    const manyStates = model.options !== null && !isTwoStates(model);
    const text = (value: number | null | undefined) =>
      value === null || value === undefined ? t('widgets.noValue') : seriesValueText(model, value, locale);
    return {
      key: model.id,
      label: model.label,
      // A line of more than two states draws each bucket's highest state: its latest is the last one drawn.
      latest: text(latestValue(manyStates ? { ...model.points, avg: model.points.max } : model.points)),
      lowest: text(model.stats.min),
      highest: text(model.stats.max),
      // An average of two states is a share of time ('Open 12 %'); of more, no state at all.
      average: text(manyStates ? null : model.stats.avg),
      ...(compared && { comparison: text(manyStates ? null : model.compare?.stats.avg) }),
    };
  });
  return <SeriesValues name={name} rows={rows} />;
}
