import * as v from 'valibot';
import {
  DEFAULT_ACCOUNT_SETTINGS,
  DeviceTree,
  Line,
  Page,
  Session,
  Theme,
  type AccountSettings,
  type DeviceTreeItem,
} from '#contracts';

// Fixtures are parsed by the contracts, so a contract change that breaks them fails here first.
const colors = {
  accent: '#00a3a3',
  error: '#d93636',
  info: '#2f80ed',
  primary: '#1e6fd9',
  secondary: '#5c6b7a',
  success: '#2e9d5b',
  warning: '#e2a100',
  sidebar: '#17202b',
  sidebar_secondary: '#222e3c',
};

export const demoTheme: Theme = v.parse(Theme, {
  name: 'demo',
  title: 'Demo Cold Chain',
  loginLogo: '/api/themes/demo/login-logo.svg',
  sidebarLogo: '/api/themes/demo/sidebar-logo.svg',
  favicon: '/favicon.svg',
  manifest: { url: '/manifest.webmanifest', theme_color: '#1e6fd9' },
  colors: { dark: colors, light: { ...colors, sidebar: '#e8edf2' } },
});

export const operatorSession: Session = v.parse(Session, {
  token: {
    id: 'token-operator',
    authorities: [{ authority: 'GRANT_DEVICES', type: 'WRITE', domain: 'demo' }],
    source: null,
  },
  metadata: { username: 'operator', languageCode: 'en', vapidSubscription: null },
});

export const accountSettings: AccountSettings = { ...DEFAULT_ACCOUNT_SETTINGS, themeSize: 'LARGE' };

const department = (hexacode: string, number: number, name: string, status: string) => ({
  department: number,
  subDepartment: 0,
  key: `${hexacode}-${number}-0`,
  adf: 'AK-CC550',
  hexacode,
  rawHexacode: hexacode,
  name,
  status,
  configuration: null,
});
const device = (hexacode: string, name: string, departments: unknown[], status = 'ON') => ({
  type: 'REAL_DEVICE',
  hexacode,
  rawHexacode: hexacode,
  key: `device-${hexacode}`,
  name,
  status,
  networkNumber: null,
  adf: 'AK-CC550',
  configuration: null,
  departments,
  devices: [],
  order: 0,
});

/** A business group with one member, and a standalone device with an online and an offline department. */
export const deviceTree: DeviceTreeItem[] = v.parse(DeviceTree, [
  {
    type: 'BUSINESS_GROUP',
    hexacode: 'B0000001',
    rawHexacode: 'B0000001',
    key: 'group-B0000001',
    name: 'Store North',
    status: 'ON',
    networkNumber: 1,
    adf: null,
    configuration: null,
    departments: [],
    devices: [device('A1B2C3', 'Pack controller', [department('A1B2C3', 1, 'Suction MT', 'ON')])],
    order: 0,
  },
  device('0A0B0C', 'Cold room', [
    department('0A0B0C', 1, 'Room', 'ON'),
    department('0A0B0C', 2, 'Freezer', 'OFF'),
  ]),
]);

export const pages: Page[] = v.parse(v.array(Page), [
  { number: 1, name: 'Overview' },
  { number: 2, name: 'Setpoints' },
]);

export const line = (number: number, value: string): Line =>
  v.parse(Line, {
    id: `0A0B0C-1-0-1-${number}`,
    number,
    lineNumber: number,
    status: 'OK',
    value,
    unit: '°C',
    name: `Line ${number}`,
    customName: null,
    page: 1,
    pageNumber: 1,
    hexacode: '0A0B0C',
    department: 1,
    subDepartment: 0,
    readOnly: false,
    options: [],
    isFactorySettings: false,
  });
