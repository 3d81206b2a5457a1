import ky, { type KyInstance } from 'ky';

export interface HttpOptions {
  /** Absolute base of the API ('<origin>/api'); absolute so the client also runs under Node in tests. */
  prefixUrl: string;
  getToken: () => string | null;
  /** Called when the server answers 401 to a request that carried a token: the session is gone. */
  onUnauthorized: () => void;
  fetch?: typeof fetch;
}

/** Fan-out of "the server refused our token", from the http hook to whoever watches (the app machine). */
export function createUnauthorizedSignal() {
  const listeners = new Set<() => void>();
  return {
    notify: () => listeners.forEach((listener) => listener()),
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
export type UnauthorizedSignal = ReturnType<typeof createUnauthorizedSignal>;

export function createHttp({ prefixUrl, getToken, onUnauthorized, fetch }: HttpOptions): KyInstance {
  return ky.create({
    prefixUrl,
    // Machines decide about retries; a silent retry would double a login attempt and its lockout count.
    retry: 0,
    ...(fetch ? { fetch } : {}),
    hooks: {
      beforeRequest: [
        (request) => {
          const token = getToken();
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
      afterResponse: [
        (request, _options, response) => {
          if (response.status === 401 && request.headers.has('Authorization')) onUnauthorized();
        },
      ],
    },
  });
}
