import { useT } from '../i18n';

/** Stands in for the dashboard and device page views until their issues land. */
export function PlaceholderScreen({ title }: { title: string }) {
  const t = useT();
  return (
    <section className="flex flex-col gap-3 p-8">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-muted">{t('placeholder.comingLater')}</p>
    </section>
  );
}
