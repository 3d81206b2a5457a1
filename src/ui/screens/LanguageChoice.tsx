import { selectLocale } from '../../machines/app/app.selectors';
import { LOCALES } from '../../i18n/locales';
import { AppActor } from '../appActor';
import { useT } from '../i18n';

/**
 * The login screen's language, each named in itself. A native select: the phone's own picker, and no widget
 * library on the one screen every visitor loads first.
 */
export function LanguageChoice() {
  const t = useT();
  const app = AppActor.useActorRef();
  const locale = AppActor.useSelector(selectLocale);
  return (
    <label className="flex items-center justify-center gap-2 text-sm text-muted">
      {t('login.language')}
      <select
        value={locale}
        onChange={(event) => app.send({ type: 'locale.choose', code: event.target.value })}
        className="min-h-11 rounded border border-line bg-surface px-2 text-on-surface"
      >
        {LOCALES.map(({ code, label }) => (
          <option key={code} value={code} lang={code}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}
