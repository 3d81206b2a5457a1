import { useSelector } from '@xstate/react';
import { Redirect } from 'wouter';
import { selectUsername } from '../../machines/app/app.selectors';
import { dashboardPath } from '../../machines/dashboards/dashboards.setup';
import { selectHomeDashboardId, selectIsLoaded } from '../../machines/dashboards/dashboards.selectors';
import { AppActor } from '../appActor';
import { useDashboards } from '../dashboards/useDashboards';
import { useT } from '../i18n';
import { Button } from '../primitives/Button';

/**
 * Welcome screen; SPEC §2: it redirects to the selected dashboard (else the favorite) when one exists. Until the
 * list has loaded it only greets: "no dashboards yet" would be a guess, and its Create button would go unheard.
 */
export function HomeScreen() {
  const t = useT();
  const username = AppActor.useSelector(selectUsername);
  const dashboards = useDashboards();
  const homeId = useSelector(dashboards, selectHomeDashboardId);
  const loaded = useSelector(dashboards, selectIsLoaded);
  if (homeId) return <Redirect to={dashboardPath(homeId)} replace />;
  return (
    <section className="flex flex-col items-start gap-3 p-8">
      <h1 className="text-2xl font-semibold">{t('home.welcome', { username })}</h1>
      {loaded && (
        <>
          <p className="text-muted">{t('home.firstDashboard')}</p>
          <Button onClick={() => dashboards.send({ type: 'dashboards.create' })}>
            {t('dashboards.create')}
          </Button>
        </>
      )}
    </section>
  );
}
