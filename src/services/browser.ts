/** Browser facts the long-lived actors watch, behind an interface so machines run without a window. */
export interface BrowserEvents {
  isOnline(): boolean;
  onConnectivityChange(listener: (online: boolean) => void): () => void;
  onFocus(listener: () => void): () => void;
  reload(): void;
  /** A full page load of `path` (same origin): nothing of the page before survives. */
  load(path: string): void;
}

export function createBrowserEvents(win: Window = window): BrowserEvents {
  return {
    isOnline: () => win.navigator.onLine,
    onConnectivityChange(listener) {
      const online = () => listener(true);
      const offline = () => listener(false);
      win.addEventListener('online', online);
      win.addEventListener('offline', offline);
      return () => {
        win.removeEventListener('online', online);
        win.removeEventListener('offline', offline);
      };
    },
    onFocus(listener) {
      win.addEventListener('focus', listener);
      return () => win.removeEventListener('focus', listener);
    },
    reload: () => win.location.reload(),
    load: (path) => win.location.assign(path),
  };
}
