import { Link, useSearch } from 'wouter';
import { ROUTES } from '../../machines/app/routes';
import type { MessageId } from '../../i18n/messages';
import { useIntl, useT } from '../i18n';

/** Catch-all page; other screens send users here with `?message=` (a catalogue id, or text) naming what was missing. */
export function NotFoundScreen() {
  const t = useT();
  const { messages } = useIntl();
  const message = new URLSearchParams(useSearch()).get('message');
  // A catalogue id (what the app's redirects send) is shown in the user's language; other text as is. Own
  // keys only: 'constructor' or 'toString' in the address are text, not ids.
  const text = message && Object.hasOwn(messages, message) ? t(message as MessageId) : message;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-4 text-center">
      <h1 className="text-2xl font-semibold">{t('notFound.title')}</h1>
      {text ? <p className="text-muted">{text}</p> : null}
      <Link href={ROUTES.home} className="text-primary underline">
        {t('notFound.backHome')}
      </Link>
    </main>
  );
}
