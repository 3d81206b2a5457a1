import { useT } from './i18n';

/** What a screen shows while it waits: nothing for a short wait, then "Loading…" (styles.css .appear-late). */
export function Loading() {
  const t = useT();
  return (
    <p role="status" className="appear-late p-8 text-muted">
      {t('app.loading')}
    </p>
  );
}
