import { vi } from 'vitest';
import type { AppServices } from '../../src/machines/app/provideApp';
import type { Api } from '../../src/services/api';
import { createStorage } from '../../src/services/storage';
import { accountSettings, demoTheme, deviceTree } from './fixtures';
import { fakeSocketFactory } from './fakeSocket';

/** In-memory Web Storage, so the real storage wrapper runs under Node. */
export class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

/** Services for the app machine with every call a spy; override what a test needs. */
export function fakeServices(api: Partial<Api> = {}) {
  const backing = new MemoryStorage();
  const unauthorizedListeners = new Set<() => void>();
  const socket = fakeSocketFactory();
  const services = {
    api: {
      login: vi.fn<Api['login']>().mockResolvedValue({ kind: 'mfaRequired' }),
      logout: vi.fn<Api['logout']>().mockResolvedValue(undefined),
      fetchTheme: vi.fn<Api['fetchTheme']>().mockResolvedValue(demoTheme),
      fetchAccountSettings: vi.fn<Api['fetchAccountSettings']>().mockResolvedValue(accountSettings),
      fetchBuildId: vi.fn<Api['fetchBuildId']>().mockResolvedValue('build-1'),
      getDeviceTree: vi.fn<Api['getDeviceTree']>().mockResolvedValue(deviceTree),
      departmentNames: vi.fn<Api['departmentNames']>().mockResolvedValue([]),
      pages: vi.fn<Api['pages']>().mockResolvedValue({ status: 'OK', pages: [] }),
      lines: vi.fn<Api['lines']>().mockResolvedValue({ status: 'OK', lines: [] }),
      refreshLines: vi.fn<Api['refreshLines']>().mockResolvedValue({ status: 'OK', lines: [] }),
      writeLine: vi.fn<Api['writeLine']>().mockResolvedValue('accepted'),
      saveDeviceConfiguration: vi.fn<Api['saveDeviceConfiguration']>().mockResolvedValue(undefined),
      ...api,
    },
    storage: createStorage(backing),
    navigation: { redirect: vi.fn<(path: string) => void>(), go: vi.fn<(path: string) => void>() },
    browser: {
      isOnline: () => true,
      onConnectivityChange: vi.fn(() => () => {}),
      onFocus: vi.fn(() => () => {}),
      reload: vi.fn(),
    },
    unauthorized: {
      subscribe(listener: () => void) {
        unauthorizedListeners.add(listener);
        return () => void unauthorizedListeners.delete(listener);
      },
    },
    socket: socket.factory,
  } satisfies AppServices;
  return { services, backing, socket, reportUnauthorized: () => unauthorizedListeners.forEach((l) => l()) };
}
