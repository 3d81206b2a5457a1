/**
 * Route classes of SPEC §2. Guest routes make no sense with a session (they redirect home); protected
 * routes need grants and so a token (they redirect to login); everything else (the 404 page) is public.
 */
export const ROUTES = {
  home: '/',
  login: '/login',
  unauthorized: '/unauthorized',
  forgotPassword: '/forgot-password',
  recoverPassword: '/recover-password',
  setupPassword: '/setup-password',
  dashboard: '/dashboard/:id',
  page: '/:hexacode/:department/:subDepartment/pages/:page',
  /** The user guide (docs/user-guide.md, bundled with the app). */
  help: '/help',
  /** The chain at a glance: every store worst first. */
  stores: '/stores',
  /** HACCP reports of a store: `?store=<hexacode>&from&to` (services/reportAddress.ts). */
  reports: '/reports',
} as const;

const GUEST_PATHS: readonly string[] = [
  ROUTES.login,
  ROUTES.unauthorized,
  ROUTES.forgotPassword,
  ROUTES.recoverPassword,
  ROUTES.setupPassword,
];
const PROTECTED_PATTERNS: readonly RegExp[] = [
  /^\/$/,
  /^\/dashboard\/[^/]+$/,
  /^\/help$/,
  /^\/stores$/,
  /^\/reports$/,
  /^\/[^/]+\/[^/]+\/[^/]+\/pages\/[^/]+$/,
];

export const isGuestPath = (path: string) => GUEST_PATHS.includes(path);
export const isProtectedPath = (path: string) => PROTECTED_PATTERNS.some((pattern) => pattern.test(path));
