import { Route, Switch, useRoute } from 'wouter';
import { selectIsSignedIn } from '../../machines/app/app.selectors';
import { ROUTES } from '../../machines/app/routes';
import { AppActor } from '../appActor';
import { useT } from '../i18n';
import { HomeScreen } from '../screens/HomeScreen';
import { PlaceholderScreen } from '../screens/PlaceholderScreen';
import { Banners } from './Banners';
import { HeadBar } from './HeadBar';
import { Sidebar } from './Sidebar';

/**
 * The signed-in shell and its routes, loaded lazily so the login page stays small. While signed out
 * it renders nothing: the app machine is redirecting to /login.
 */
export default function MainLayout() {
  const t = useT();
  const signedIn = AppActor.useSelector(selectIsSignedIn);
  const [onDashboard, dashboard] = useRoute(ROUTES.dashboard);
  const [onPage, page] = useRoute(ROUTES.page);
  if (!signedIn) return null;

  const crumbs = onDashboard
    ? [t('placeholder.dashboard', { id: dashboard.id })]
    : onPage
      ? [page.hexacode, t('placeholder.page', { page: page.page })]
      : [t('layout.home')];

  return (
    <div className="flex h-screen">
      <Sidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <Banners />
        <HeadBar crumbs={crumbs} />
        <main className="flex-1 overflow-auto">
          <Switch>
            <Route path={ROUTES.home} component={HomeScreen} />
            <Route path={ROUTES.dashboard}>
              {(params) => <PlaceholderScreen title={t('placeholder.dashboard', { id: params.id })} />}
            </Route>
            <Route path={ROUTES.page}>
              {(params) => <PlaceholderScreen title={t('placeholder.page', { page: params.page })} />}
            </Route>
          </Switch>
        </main>
      </div>
    </div>
  );
}
