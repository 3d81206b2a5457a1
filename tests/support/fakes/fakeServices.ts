import { vi } from 'vitest';
import type { AppServices } from '../../../src/services/services';
import type { Api } from '../../../src/services/api';
import { DEFAULT_ESCALATION_POLICY, LANGUAGE_CHOICES } from '#contracts';
import type { Navigation } from '../../../src/services/navigation';
import { createStorage } from '../../../src/services/storage';
import { dashboardsList, fullDashboard, group, summary } from '../fixtures/dashboardFixtures';
import { accountSettings, demoTheme, deviceTree, operatorSession } from '../fixtures/fixtures';
import { fakeSocketFactory } from './fakeSocket';
import { fakeAlarmServices } from './fakeAlarmServices';
import { QUIET_DAY } from '../fixtures/alarmHealthFixtures';
import type { RangeAddress } from '../../../src/services/rangeAddress';

/** In-memory Web Storage, so the real storage wrapper runs under Node. */
class MemoryStorage implements Storage {
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
      saveThemeSettings: vi
        .fn<Api['saveThemeSettings']>()
        .mockImplementation(async (theme) => ({ ...accountSettings, ...theme })),
      fetchLanguages: vi.fn<Api['fetchLanguages']>().mockResolvedValue(LANGUAGE_CHOICES),
      saveAccountSettings: vi
        .fn<Api['saveAccountSettings']>()
        .mockImplementation(async (update) => ({ ...accountSettings, ...update })),
      sendSupportRequest: vi
        .fn<Api['sendSupportRequest']>()
        .mockResolvedValue({ id: 'support-1', status: 'OPEN' }),
      fetchAccounts: vi
        .fn<Api['fetchAccounts']>()
        .mockResolvedValue({ data: [], recordsFiltered: 0, draw: 1 }),
      switchAccount: vi.fn<Api['switchAccount']>().mockResolvedValue(operatorSession),
      switchBack: vi.fn<Api['switchBack']>().mockResolvedValue(operatorSession),
      fetchSwitchRecords: vi.fn<Api['fetchSwitchRecords']>().mockResolvedValue({ data: [], recordsTotal: 0 }),
      listDashboards: vi.fn<Api['listDashboards']>().mockResolvedValue(dashboardsList),
      getDashboard: vi
        .fn<Api['getDashboard']>()
        .mockResolvedValue(fullDashboard(dashboardsList.dashboards[0]!)),
      createDashboard: vi
        .fn<Api['createDashboard']>()
        .mockImplementation(async ({ name }) => fullDashboard(summary('d-new', name))),
      saveDashboard: vi
        .fn<Api['saveDashboard']>()
        .mockImplementation(async (body) => fullDashboard(summary(body.id, body.name))),
      deleteDashboard: vi
        .fn<Api['deleteDashboard']>()
        .mockImplementation(async (id) => ({ id, favoriteId: 'd-overview' })),
      favoriteDashboard: vi
        .fn<Api['favoriteDashboard']>()
        .mockImplementation(async (id) => summary(id, id, { favorite: true })),
      renameDashboard: vi
        .fn<Api['renameDashboard']>()
        .mockImplementation(async (id, name) => fullDashboard(summary(id, name))),
      exportDashboard: vi.fn<Api['exportDashboard']>().mockImplementation(async (id) => ({
        dashboard: fullDashboard(summary(id, id)),
        fileName: `${id}.json`,
      })),
      downloadWidget: vi
        .fn<Api['downloadWidget']>()
        .mockImplementation(async (_, { exportType, fileName }) => ({
          fileName: `${fileName}.${exportType.toLowerCase()}`,
          blob: new Blob(['label,value\n']),
        })),
      importDashboard: vi
        .fn<Api['importDashboard']>()
        .mockImplementation(async ({ name }) => fullDashboard(summary('d-imported', name))),
      updateDashboardsSorting: vi.fn<Api['updateDashboardsSorting']>().mockResolvedValue(dashboardsList),
      createDashboardGroup: vi
        .fn<Api['createDashboardGroup']>()
        .mockImplementation(async (body) => group('g-new', body.name, body.dashboardsData ?? [])),
      updateDashboardGroup: vi
        .fn<Api['updateDashboardGroup']>()
        .mockImplementation(async (body) => group(body.id, body.name, body.dashboardsData ?? [])),
      deleteDashboardGroup: vi.fn<Api['deleteDashboardGroup']>().mockResolvedValue(undefined),
      validateDashboardGroupName: vi.fn<Api['validateDashboardGroupName']>().mockResolvedValue(true),
      saveWidget: vi
        .fn<Api['saveWidget']>()
        .mockImplementation(async (body) => fullDashboard(summary(body.dashboardId, body.dashboardId))),
      saveMarkAreaElements: vi.fn<Api['saveMarkAreaElements']>().mockResolvedValue([]),
      queryHistory: vi.fn<Api['queryHistory']>().mockRejectedValue(new Error('no history in this test')),
      fetchTwoFactorSetup: vi
        .fn<Api['fetchTwoFactorSetup']>()
        .mockResolvedValue({ secret: 'JBSWY3DPEHPK3PXP', qrCode: 'data:image/png;base64,' }),
      verifyTwoFactorCode: vi.fn<Api['verifyTwoFactorCode']>().mockResolvedValue(undefined),
      listUsers: vi.fn<Api['listUsers']>().mockResolvedValue([]),
      createUser: vi.fn<Api['createUser']>().mockRejectedValue({ kind: 'unavailable' }),
      setUserDisabled: vi.fn<Api['setUserDisabled']>().mockRejectedValue({ kind: 'unavailable' }),
      loadFleet: vi.fn<Api['loadFleet']>().mockResolvedValue([]),
      loadReport: vi.fn<Api['loadReport']>().mockRejectedValue({ kind: 'unavailable' }),
      downloadReport: vi.fn<Api['downloadReport']>().mockRejectedValue({ kind: 'unavailable' }),
      writeCorrectiveAction: vi.fn<Api['writeCorrectiveAction']>().mockRejectedValue({ kind: 'unavailable' }),
      signOff: vi.fn<Api['signOff']>().mockRejectedValue({ kind: 'unavailable' }),
      saveLimit: vi.fn<Api['saveLimit']>().mockRejectedValue({ kind: 'unavailable' }),
      listSchedules: vi.fn<Api['listSchedules']>().mockResolvedValue([]),
      createSchedule: vi.fn<Api['createSchedule']>().mockRejectedValue({ kind: 'unavailable' }),
      removeSchedule: vi.fn<Api['removeSchedule']>().mockRejectedValue({ kind: 'unavailable' }),
      fetchAlarmHealth: vi.fn<Api['fetchAlarmHealth']>().mockResolvedValue(QUIET_DAY),
      fetchAudit: vi.fn<Api['fetchAudit']>().mockResolvedValue({ entries: [] }),
      downloadAudit: vi.fn<Api['downloadAudit']>().mockRejectedValue(new Error('unavailable')),
      checkAuditChain: vi.fn<Api['checkAuditChain']>().mockResolvedValue({ entries: 0, broken: null }),
      fetchAlarmMarks: vi
        .fn<Api['fetchAlarmMarks']>()
        .mockResolvedValue({ alarms: [], acknowledgements: [], setpoints: [], defrosts: [] }),
      fetchEscalationPolicy: vi
        .fn<Api['fetchEscalationPolicy']>()
        .mockResolvedValue(DEFAULT_ESCALATION_POLICY),
      saveEscalationPolicy: vi.fn<Api['saveEscalationPolicy']>().mockImplementation(async (policy) => policy),
      fetchAlarmDelays: vi.fn<Api['fetchAlarmDelays']>().mockResolvedValue({ delays: [] }),
      saveAlarmDelays: vi.fn<Api['saveAlarmDelays']>().mockImplementation(async (delays) => delays),
      fetchTestRuns: vi.fn<Api['fetchTestRuns']>().mockResolvedValue([]),
      ...api,
    },
    storage: createStorage(backing),
    navigation: {
      redirect: vi.fn<(path: string) => void>(),
      go: vi.fn<(path: string) => void>(),
      hold: vi.fn<Navigation['hold']>(() => () => {}),
      proceed: vi.fn<Navigation['proceed']>(),
    },
    browser: {
      isOnline: () => true,
      onConnectivityChange: vi.fn(() => () => {}),
      onFocus: vi.fn(() => () => {}),
      reload: vi.fn(),
      load: vi.fn(),
    },
    clipboard: { copyText: vi.fn(() => Promise.resolve()) },
    unauthorized: {
      subscribe(listener: () => void) {
        unauthorizedListeners.add(listener);
        return () => void unauthorizedListeners.delete(listener);
      },
    },
    socket: socket.factory,
    alarms: fakeAlarmServices(),
    ranges: {
      read: vi.fn<RangeAddress['read']>(() => null),
      write: vi.fn<RangeAddress['write']>(),
    },
  } satisfies AppServices;
  return { services, backing, socket, reportUnauthorized: () => unauthorizedListeners.forEach((l) => l()) };
}
