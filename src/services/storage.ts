import type { ThemeMode } from '#contracts';

/** The localStorage keys the product has always used; other apps of the tenant read them too. */
export const STORAGE_KEYS = {
  session: 'web-current-user',
  apiToken: 'api-token',
  theme: 'theme',
} as const;

export interface AppStorage {
  /** The stored session as raw JSON (validated by the app machine), or null. */
  readSession(): unknown;
  readToken(): string | null;
  readThemeMode(): ThemeMode | null;
  writeSession(session: unknown, token: string): void;
  writeThemeMode(mode: ThemeMode): void;
  clearSession(): void;
}

export function createStorage(backing: Storage = window.localStorage): AppStorage {
  return {
    readSession() {
      const raw = backing.getItem(STORAGE_KEYS.session);
      if (raw === null) return null;
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        // A corrupt entry is treated as no session rather than breaking the boot.
        return null;
      }
    },
    readToken: () => backing.getItem(STORAGE_KEYS.apiToken),
    readThemeMode() {
      const mode = backing.getItem(STORAGE_KEYS.theme);
      return mode === 'dark' || mode === 'light' ? mode : null;
    },
    writeSession(session, token) {
      backing.setItem(STORAGE_KEYS.session, JSON.stringify(session));
      backing.setItem(STORAGE_KEYS.apiToken, token);
    },
    writeThemeMode: (mode) => backing.setItem(STORAGE_KEYS.theme, mode),
    clearSession() {
      backing.removeItem(STORAGE_KEYS.session);
      backing.removeItem(STORAGE_KEYS.apiToken);
    },
  };
}
