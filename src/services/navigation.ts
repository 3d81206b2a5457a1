import { navigate } from 'wouter/use-browser-location';

export interface Navigation {
  /** Replaces the current history entry: guard redirects must not leave a back-button trap. */
  redirect(path: string): void;
  go(path: string): void;
}

export function createNavigation(): Navigation {
  return {
    redirect: (path) => navigate(path, { replace: true }),
    go: (path) => navigate(path),
  };
}
