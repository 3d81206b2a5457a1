import * as v from 'valibot';
import { http, HttpResponse } from 'msw';
import {
  DEFAULT_ACCOUNT_SETTINGS,
  DepartmentNamesRequest,
  DepartmentNamesResponse,
  DeviceTree,
  LinesRequest,
  LinesResponse,
  PagesRequest,
  PagesResponse,
  ErrorBody,
  LOCKED_MESSAGE_HEADER,
  LoginRequest,
  MfaRequired,
  Session,
  type AccountSettings,
} from '#contracts';
import { alarmServer } from './alarmHandlers';
import { dashboardHandlers } from './dashboardHandlers';
import { demoTheme, deviceTree, line, pages } from '../fixtures/fixtures';

/**
 * msw handlers of the API the login screen talks to, built from the shared contracts: requests are
 * parsed by them and every answer is a parsed contract value, as the real server's would be.
 */
export const SECURE_CODE = '123456';
export const LOCKED_TEXT = 'Too many failed attempts. Try again after 10:15.';

const session = (username: string) =>
  v.parse(Session, {
    token: {
      id: `token-${username}`,
      authorities: [{ authority: 'GRANT_DEVICES', type: 'WRITE', domain: 'demo' }],
    },
    metadata: { username, languageCode: 'en' },
  });

const error = (statusCode: number, code: string, message: string, headers?: Record<string, string>) =>
  HttpResponse.json(v.parse(ErrorBody, { statusCode, code, error: code, message }), {
    status: statusCode,
    headers,
  });

/** GET /api/v2/account/settings: the settings the server holds for the user: the defaults but for `changes`. */
export const accountSettingsHandler = (changes: Partial<AccountSettings> = {}) =>
  http.get('*/api/v2/account/settings', () => HttpResponse.json({ ...DEFAULT_ACCOUNT_SETTINGS, ...changes }));

/** The devices API over the fixture tree: every request parsed by its contract, every answer a contract value. */
const deviceHandlers = [
  http.get('*/api/v2/devices/', () => HttpResponse.json(v.parse(DeviceTree, deviceTree))),
  http.post('*/api/v2/devices/departments/names', async ({ request }) => {
    const parsed = v.safeParse(DepartmentNamesRequest, await request.json());
    if (!parsed.success) return error(400, 'BAD_REQUEST', parsed.issues[0].message);
    const names = parsed.output.map(({ key, department }) => ({
      key,
      name: `Department ${department}`,
      status: 'ON',
      configuration: null,
    }));
    return HttpResponse.json(v.parse(DepartmentNamesResponse, names));
  }),
  http.post('*/api/v2/devices/departments/pages', async ({ request }) => {
    const parsed = v.safeParse(PagesRequest, await request.json());
    if (!parsed.success) return error(400, 'BAD_REQUEST', parsed.issues[0].message);
    return HttpResponse.json(v.parse(PagesResponse, { status: 'OK', pages }));
  }),
  http.post('*/api/v2/devices/pages/lines*', async ({ request }) => {
    const parsed = v.safeParse(LinesRequest, await request.json());
    if (!parsed.success) return error(400, 'BAD_REQUEST', parsed.issues[0].message);
    return HttpResponse.json(
      v.parse(LinesResponse, { status: 'OK', lines: [line(1, '3.5'), line(2, '-18.0')] }),
    );
  }),
];

export const apiHandlers = [
  ...deviceHandlers,
  // No alarms and a silent stream by default; alarm tests use server.use(...alarmServer(entries).handlers).
  ...alarmServer().handlers,
  // An empty dashboards list by default; tests of the list use server.use(...dashboardHandlers(list).handlers).
  ...dashboardHandlers().handlers,
  http.get('*/api/themes', () => HttpResponse.json(demoTheme)),
  accountSettingsHandler(),
  http.post('*/api/logout', () => new HttpResponse(null, { status: 204 })),
  http.get('*/version.json', () => HttpResponse.json({ buildId: 'test-build' })),
  http.post('*/api/login', async ({ request }) => {
    const parsed = v.safeParse(LoginRequest, await request.json());
    if (!parsed.success) return error(400, 'BAD_REQUEST', parsed.issues[0].message);
    const { username, password, mfaCode } = parsed.output;
    if (username === 'locked')
      return error(423, 'LOCKED', 'Locked', { [LOCKED_MESSAGE_HEADER]: LOCKED_TEXT });
    // The server's answer to the right password of an account an administrator disabled.
    if (username === 'disabled' && password === 'Disabled123')
      return error(403, 'ACCOUNT_DISABLED', 'This account is disabled');
    if (username === 'operator' && password === 'Operator123') return HttpResponse.json(session(username));
    if (username === 'secure' && password === 'Secure123') {
      if (mfaCode === undefined)
        return HttpResponse.json(v.parse(MfaRequired, { mfaRequired: true }), { status: 202 });
      if (mfaCode === SECURE_CODE) return HttpResponse.json(session(username));
      return error(401, 'INVALID_MFA_CODE', 'Invalid MFA code');
    }
    return error(401, 'INVALID_CREDENTIALS', 'Invalid credentials');
  }),
];
