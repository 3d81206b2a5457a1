import * as v from 'valibot';
import { DEFAULT_ACCOUNT_SETTINGS, Session, Theme, type AccountSettings } from '../../src/services/contracts';

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
