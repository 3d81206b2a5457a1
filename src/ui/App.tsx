import { lazy, Suspense, useEffect } from 'react';
import { Router, useLocation } from 'wouter';
import { selectIsBooting, selectLocale } from '../machines/app/app.selectors';
import { isProtectedPath, ROUTES } from '../machines/app/routes';
import { useHeldLocation } from '../services/navigation';
import { AppActor } from './appActor';
import { DocumentTheme } from './DocumentTheme';
import { AppErrorBoundary } from './errors/AppErrorBoundary';
import { ScreenErrorBoundary } from './errors/ScreenErrorBoundary';
import { I18nProvider } from './i18n';
import { KeptFocus } from './KeptFocus';
import { Loading } from './Loading';
import { Toasts } from './notifications/Toasts';
import { ForgotPasswordScreen } from './screens/ForgotPasswordScreen';
import { LoginScreen } from './screens/LoginScreen';
import { NotFoundScreen } from './screens/NotFoundScreen';
import { PasswordResetScreen } from './screens/PasswordResetScreen';

// The signed-in shell is a separate chunk: the login page loads without it.
const MainLayout = lazy(() => import('./layout/MainLayout'));

/**
 * Everything under the root actor's provider: theme, language, routes and toasts. The router's links go through
 * the navigation hold, so a dashboard with unsaved edits is asked about before the route leaves it.
 */
export function App() {
  const locale = AppActor.useSelector(selectLocale);
  return (
    <I18nProvider locale={locale}>
      <Router hook={useHeldLocation}>
        <AppErrorBoundary>
          <DocumentTheme />
          <KeptFocus />
          <RouteReporter />
          <Screens />
          <Toasts />
        </AppErrorBoundary>
      </Router>
    </I18nProvider>
  );
}

/** Tells the app machine where the browser is; its guard decides about redirects. */
function RouteReporter() {
  const [location] = useLocation();
  const app = AppActor.useActorRef();
  useEffect(() => app.send({ type: 'route.changed', path: location }), [app, location]);
  return null;
}

function Screens() {
  const [location] = useLocation();
  const booting = AppActor.useSelector(selectIsBooting);
  if (booting) return <Loading />;
  // The signed-in screens have their boundary inside the layout, so sidebar and head bar outlive them.
  if (isProtectedPath(location)) {
    return (
      <Suspense fallback={<Loading />}>
        <MainLayout />
      </Suspense>
    );
  }
  return <ScreenErrorBoundary>{guestScreen(location)}</ScreenErrorBoundary>;
}

/** The screens of the signed-out routes (SPEC §2); anything else is the 404 page. */
function guestScreen(location: string) {
  switch (location) {
    case ROUTES.login:
    case ROUTES.unauthorized:
      return <LoginScreen />;
    case ROUTES.forgotPassword:
      return <ForgotPasswordScreen />;
    case ROUTES.recoverPassword:
      return <PasswordResetScreen kind="recover" />;
    case ROUTES.setupPassword:
      return <PasswordResetScreen kind="setup" />;
    default:
      return <NotFoundScreen />;
  }
}
