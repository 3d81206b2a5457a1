import { useLocale, useT } from '../../i18n';
import { withUnit } from './format';
import { latestValue, type SeriesModel } from './seriesModel';

/**
 * The values behind a chart for assistive technology (and tests): per series its latest, lowest, highest and
 * average value over the range shown, and the comparison range's average when one is drawn.
 */
export function HistorySummary({ name, series }: { name: string; series: readonly SeriesModel[] }) {
  const t = useT();
  const locale = useLocale();
  const shown = series.filter((model) => model.status === 'OK');
  const compared = shown.some((model) => model.compare);
  const text = (value: number | null, unit: string | null) =>
    value === null ? t('widgets.noValue') : withUnit(value, unit, locale);
  return (
    <table className="sr-only">
      <caption>{t('history.table.values', { name })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('history.table.series')}</th>
          <th scope="col">{t('history.table.latest')}</th>
          <th scope="col">{t('history.table.lowest')}</th>
          <th scope="col">{t('history.table.highest')}</th>
          <th scope="col">{t('history.table.average')}</th>
          {compared && <th scope="col">{t('history.table.comparison')}</th>}
        </tr>
      </thead>
      <tbody>
        {shown.map((model) => (
          <tr key={model.id}>
            <th scope="row">{model.label}</th>
            <td>{text(latestValue(model.points), model.unit)}</td>
            <td>{text(model.stats.min, model.unit)}</td>
            <td>{text(model.stats.max, model.unit)}</td>
            <td>{text(model.stats.avg, model.unit)}</td>
            {compared && <td>{text(model.compare?.stats.avg ?? null, model.unit)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
