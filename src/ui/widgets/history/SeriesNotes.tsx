import { useT } from '../../i18n';
import type { HistorySeries } from '#contracts';

/** Which series have nothing to draw and why (no buffer, unknown line…), under the data of the others. */
export function SeriesNotes({
  series,
}: {
  series: readonly { id: string; label: string; status: HistorySeries['status'] }[];
}) {
  const t = useT();
  const missing = series.filter((model) => model.status !== 'OK');
  if (missing.length === 0) return null;
  return (
    <ul className="px-3 py-1 text-xs text-muted">
      {missing.map((model) => (
        <li key={model.id}>
          {t(`history.seriesStatus.${model.status as Exclude<HistorySeries['status'], 'OK'>}`, {
            label: model.label,
          })}
        </li>
      ))}
    </ul>
  );
}
