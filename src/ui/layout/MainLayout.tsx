import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { Route, Switch, useLocation, useRoute } from 'wouter';
import { selectIsLive, selectIsSignedIn } from '../../machines/app/app.selectors';
import { ROUTES } from '../../machines/app/routes';
import { breadcrumbParts, selectBreadcrumb } from '../../machines/devicePage/devicePage.selectors';
import type { devicePageMachine } from '../../machines/devicePage/devicePageMachine';
import { SYSTEM_IDS } from '../../machines/systemIds';
import { AccountDialogHost } from '../accountDialogs/AccountDialogHost';
import { AppActor } from '../appActor';
import { DashboardScreen, useDashboardName } from '../dashboards/DashboardScreen';
import { DashboardsDialogs } from '../dashboards/DashboardsDialogs';
import { useDashboards } from '../dashboards/useDashboards';
import { DeviceConfigurationHost } from '../dialogs/DeviceConfigurationHost';
import { DialogErrorBoundary } from '../errors/DialogErrorBoundary';
import { ScreenErrorBoundary } from '../errors/ScreenErrorBoundary';
import { useT } from '../i18n';
import { Loading } from '../Loading';
import { DevicePageScreen } from '../screens/DevicePageScreen';
import { HomeScreen } from '../screens/HomeScreen';
import { useSystemActor } from '../useSystemActor';
import { Banners } from './Banners';
import { HeadBar } from './HeadBar';
import { NavigationDrawer } from './NavigationDrawer';
import { Sidebar } from './Sidebar';
import { useNarrowScreen } from './useNarrowScreen';

// The user guide is a chunk of its own, fetched when /help first opens.
const HelpScreen = lazy(() => import('../help/HelpScreen'));
const StoresScreen = lazy(() => import('../stores/StoresScreen'));
const ReportsScreen = lazy(() => import('../reports/ReportsScreen'));

/**
 * The signed-in shell and its routes, loaded lazily so the login page stays small. While signed out
 * it renders nothing: the app machine is redirecting to /login.
 */
export default function MainLayout() {
  const signedIn = AppActor.useSelector(selectIsSignedIn);
  const live = AppActor.useSelector(selectIsLive);
  if (!signedIn) return null;
  // The live actors are spawned once the signed-in chunk has loaded.
  if (!live) {
    return <Loading />;
  }
  return (
    <>
      <SignedInLayout />
      <DialogErrorBoundary name="device configuration">
        <DeviceConfigurationHost />
      </DialogErrorBoundary>
      <DialogErrorBoundary name="dashboards">
        <DashboardsDialogsHost />
      </DialogErrorBoundary>
      <DialogErrorBoundary name="account">
        <AccountDialogHost />
      </DialogErrorBoundary>
    </>
  );
}

/** The dashboards list's dialogs stay mounted while the sidebar comes and goes as a drawer. */
function DashboardsDialogsHost() {
  return <DashboardsDialogs actor={useDashboards()} />;
}

/** The actors it reads (device tree, device page) live exactly while signed in. */
function SignedInLayout() {
  const t = useT();
  const [onDashboard, dashboard] = useRoute(ROUTES.dashboard);
  const [onPage, page] = useRoute(ROUTES.page);
  const [onHelp] = useRoute(ROUTES.help);
  const [onStores] = useRoute(ROUTES.stores);
  const [onReports] = useRoute(ROUTES.reports);
  const devicePage = useSystemActor<ActorRefFrom<typeof devicePageMachine>>(SYSTEM_IDS.devicePage);
  const pageCrumbs = breadcrumbParts(useSelector(devicePage, selectBreadcrumb));
  const dashboardName = useDashboardName(onDashboard ? dashboard.id : undefined);
  const narrow = useNarrowScreen();
  const [location] = useLocation();
  // The drawer is open at the address it was opened on: following a link in it closes it.
  const [drawerOpenAt, setDrawerOpenAt] = useState<string | null>(null);

  // SPEC §2: device, business-group member, department and page; the hexacode until the tree answers.
  const crumbs = onDashboard
    ? [dashboardName ?? t('placeholder.dashboard', { id: dashboard.id })]
    : onPage
      ? pageCrumbs.length
        ? pageCrumbs
        : [page.hexacode, t('placeholder.page', { page: page.page })]
      : onHelp
        ? [t('support.help')]
        : onStores
          ? [t('stores.title')]
          : onReports
            ? [t('reports.title')]
            : [t('layout.home')];

  return (
    <div className="flex h-screen">
      {/* The first stop of the keyboard: past the sidebar's many links to what the page is about. */}
      <a
        href="#main"
        // Focus moves to the page without a #main in the address, which the router would keep.
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
        className="sr-only z-50 rounded bg-primary px-4 py-2 text-on-primary focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('layout.skipToContent')}
      </a>
      {narrow ? (
        <NavigationDrawer open={drawerOpenAt === location} onClose={() => setDrawerOpenAt(null)} />
      ) : (
        <Sidebar />
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <Banners />
        <HeadBar crumbs={crumbs} onOpenNavigation={narrow ? () => setDrawerOpenAt(location) : null} />
        <main id="main" tabIndex={-1} className="flex-1 overflow-auto outline-none">
          <ScreenErrorBoundary>
            <Switch>
              <Route path={ROUTES.home} component={HomeScreen} />
              <Route path={ROUTES.dashboard}>{(params) => <DashboardScreen id={params.id} />}</Route>
              <Route path={ROUTES.help}>
                <Suspense fallback={<Loading />}>
                  <HelpScreen />
                </Suspense>
              </Route>
              <Route path={ROUTES.stores}>
                <Suspense fallback={<Loading />}>
                  <StoresScreen />
                </Suspense>
              </Route>
              <Route path={ROUTES.reports}>
                <Suspense fallback={<Loading />}>
                  <ReportsScreen />
                </Suspense>
              </Route>
              <Route path={ROUTES.page} component={DevicePageScreen} />
            </Switch>
          </ScreenErrorBoundary>
        </main>
      </div>
    </div>
  );
}
