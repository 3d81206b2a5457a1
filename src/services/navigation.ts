import { navigate, useBrowserLocation } from 'wouter/use-browser-location';

/** A move the app was asked to make: to `path`, in a new history entry or in place of the current one. */
export interface NavigationRequest {
  path: string;
  replace: boolean;
}

export interface Navigation {
  /**
   * Replaces the current history entry: guard redirects must not leave a back-button trap. Never held: a
   * redirect is the app's own correction (signed out, a guest route, a missing page), not the user leaving.
   */
  redirect(path: string): void;
  go(path: string): void;
  /**
   * Until the returned release is called, every move of the user away from the current path (links, go, the
   * browser's back and forward) is handed to `onRequest` instead of happening; back and forward are undone
   * first, so the address stays where the holder is.
   */
  hold(onRequest: (request: NavigationRequest) => void): () => void;
  /** Makes a move the holder was handed and lets through. */
  proceed(request: NavigationRequest): void;
}

// The browser has one history, so there is one hold: the router hook below and every Navigation share it.
let holder: { at: string; onRequest: (request: NavigationRequest) => void } | null = null;

const move = ({ path, replace }: NavigationRequest) => navigate(path, { replace });

function request(next: NavigationRequest) {
  if (holder && next.path !== location.pathname) holder.onRequest(next);
  else move(next);
}

// Registered when the module loads, before the router subscribes to popstate: the address is put back before
// the router (and the route report) can see the page the browser went to.
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => {
    if (!holder || location.pathname === holder.at) return;
    const path = location.pathname;
    // The entry the browser moved to is the one the move replaces, should the holder let it through.
    navigate(holder.at, { replace: true });
    holder.onRequest({ path, replace: true });
  });
}

/** wouter's browser location for `<Router hook>`: its links and navigate() go through the hold. */
export function useHeldLocation(): [string, (to: string, options?: { replace?: boolean }) => void] {
  const [location] = useBrowserLocation();
  return [location, heldNavigate];
}

const heldNavigate = (path: string, options?: { replace?: boolean }) =>
  request({ path, replace: options?.replace ?? false });

export function createNavigation(): Navigation {
  return {
    redirect: (path) => move({ path, replace: true }),
    go: (path) => request({ path, replace: false }),
    hold(onRequest) {
      const own = { at: location.pathname, onRequest };
      holder = own;
      return () => {
        if (holder === own) holder = null;
      };
    },
    proceed: move,
  };
}
