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

/**
 * Each entry the app makes carries its place in the tab's history, so that a Back or Forward the holder
 * refuses can be undone by as many steps (the entries behind and ahead stay as they were), and made again
 * when the holder lets it through.
 */
const placeOf = (state: unknown) =>
  typeof state === 'object' && state && 'place' in state && typeof state.place === 'number'
    ? state.place
    : undefined;
let place = 0;
/** A Back or Forward being undone (the browser is on its way back to the holder's entry). */
let undoing: NavigationRequest | null = null;
/** The last Back or Forward handed to the holder, with its steps, should the holder let it through. */
let travelled: { path: string; steps: number } | null = null;
/** A let-through Back or Forward on its way: the router sees it. */
let passing = false;

function move({ path, replace }: NavigationRequest) {
  travelled = null;
  if (!replace) place += 1;
  navigate(path, { replace, state: { place } });
}

function request(next: NavigationRequest) {
  if (holder && next.path !== location.pathname) holder.onRequest(next);
  else move(next);
}

function proceed(next: NavigationRequest) {
  if (!travelled || travelled.path !== next.path || !next.replace) return move(next);
  passing = true;
  history.go(travelled.steps);
  travelled = null;
}

/**
 * A Back or Forward while held never reaches the router (this listener is registered when the module loads,
 * before the router's): the browser is sent back to the holder's entry, and the holder is asked once it is there.
 */
function onPopState(event: PopStateEvent) {
  const arrived = placeOf(history.state);
  if (undoing) {
    event.stopImmediatePropagation();
    const asked = undoing;
    undoing = null;
    holder?.onRequest(asked);
    return;
  }
  if (passing || !holder || location.pathname === holder.at) {
    passing = false;
    place = arrived ?? place;
    return;
  }
  const path = location.pathname;
  if (arrived === undefined) {
    // An entry from before the app (or another script) has no place: the address is put back in its stead.
    navigate(holder.at, { replace: true, state: { place } });
    holder.onRequest({ path, replace: true });
    return;
  }
  event.stopImmediatePropagation();
  undoing = { path, replace: true };
  travelled = { path, steps: arrived - place };
  history.go(place - arrived);
}

if (typeof window !== 'undefined') {
  place = placeOf(history.state) ?? 0;
  if (placeOf(history.state) === undefined) history.replaceState({ place }, '');
  window.addEventListener('popstate', onPopState);
}

/** wouter's browser location for `<Router hook>`: its links and navigate() go through the hold. */
export function useHeldLocation(): [string, (to: string, options?: { replace?: boolean }) => void] {
  const [location] = useBrowserLocation();
  // While a Back or Forward is undone the address is briefly elsewhere: the router keeps the holder's page.
  return [undoing && holder ? holder.at : location, heldNavigate];
}

const heldNavigate = (path: string, options?: { replace?: boolean }) =>
  request({ path, replace: options?.replace ?? false });

export function createNavigation(): Navigation {
  return {
    redirect: (path) => move({ path, replace: true }),
    go: (path) => request({ path, replace: false }),
    hold(onRequest) {
      // The held entry needs its place for a Back or Forward to be measured (one made before the app has none).
      const held = placeOf(history.state);
      if (held === undefined) history.replaceState({ place }, '');
      else place = held;
      const own = { at: location.pathname, onRequest };
      holder = own;
      return () => {
        if (holder === own) holder = null;
      };
    },
    proceed,
  };
}
