import { useSelector } from '@xstate/react';
import { selectDashboard, selectIsLoaded } from '../../machines/dashboards/dashboards.selectors';
import { useT } from '../i18n';
import { useDashboards } from './useDashboards';

/**
 * /dashboard/{id}: the dashboard's name (its grid and editing arrive with the dashboard view). A missing id
 * never shows here: the dashboards machine sends the route to the 404 page with `dashboards.notFound`.
 */
export function DashboardScreen({ id }: { id: string }) {
  const t = useT();
  const actor = useDashboards();
  const loaded = useSelector(actor, selectIsLoaded);
  const dashboard = useSelector(actor, selectDashboard(id));
  if (!loaded) {
    return (
      <p role="status" className="p-8 text-muted">
        {t('dashboards.loading')}
      </p>
    );
  }
  if (!dashboard) return null;
  return (
    <section className="flex flex-col gap-3 p-8">
      <h1 className="text-2xl font-semibold">{dashboard.name}</h1>
      <p className="text-muted">{t('placeholder.comingLater')}</p>
    </section>
  );
}

/** The breadcrumb of a dashboard route: its name once the list knows it. */
export function useDashboardName(id: string | undefined): string | undefined {
  const actor = useDashboards();
  return useSelector(actor, (s) => (id ? s.context.dashboards.find((d) => d.id === id)?.name : undefined));
}
