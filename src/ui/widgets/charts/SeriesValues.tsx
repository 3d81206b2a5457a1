import { useT } from '../../i18n';

/** One series of a chart as its text alternative lists it: its distinct name and its values, as text. */
export interface SeriesValuesRow {
  key: string;
  label: string;
  latest: string;
  lowest: string;
  highest: string;
  /** Left out where an average means nothing (a line of states). */
  average: string;
  /** The comparison range's average, where one is drawn. */
  comparison?: string;
}

/**
 * The text alternative of a chart (WCAG 1.1.1), for screen readers and tests: a table captioned with the
 * chart's name, a row a series with its latest, lowest, highest and average value (and its comparison's
 * average when one is drawn). A canvas alone says nothing.
 */
export function SeriesValues({ name, rows }: { name: string; rows: readonly SeriesValuesRow[] }) {
  const t = useT();
  const compared = rows.some((row) => row.comparison !== undefined);
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
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            <td>{row.latest}</td>
            <td>{row.lowest}</td>
            <td>{row.highest}</td>
            <td>{row.average}</td>
            {compared && <td>{row.comparison ?? t('widgets.noValue')}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
