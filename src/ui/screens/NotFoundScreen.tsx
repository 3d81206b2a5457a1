import { Link, useSearch } from 'wouter';
import { ROUTES } from '../../machines/app/routes';
import { useT } from '../i18n';

/** Catch-all page; other screens send users here with `?message=` naming what was missing. */
export function NotFoundScreen() {
  const t = useT();
  const message = new URLSearchParams(useSearch()).get('message');
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-4 text-center">
      <h1 className="text-2xl font-semibold">{t('notFound.title')}</h1>
      {message ? <p className="text-muted">{message}</p> : null}
      <Link href={ROUTES.home} className="text-primary underline">
        {t('notFound.backHome')}
      </Link>
    </main>
  );
}
