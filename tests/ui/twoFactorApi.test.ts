import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createTwoFactorApi } from '../../src/services/api/twoFactor';
import { ErrorBody, LOCKED_MESSAGE_HEADER, TwoFactorSetupKey } from '#contracts';
import { createHttp } from '../../src/services/http';
import { server } from './setup';

const api = createTwoFactorApi(
  createHttp({
    prefixUrl: `${window.location.origin}/api`,
    getToken: () => 'token-1',
    onUnauthorized: () => {},
  }),
);
const KEY = v.parse(TwoFactorSetupKey, { secret: 'JBSWY3DPEHPK3PXP', qrCode: 'data:image/png;base64,AAAA' });
const refusal = (status: number, code: string, headers: Record<string, string> = {}) =>
  HttpResponse.json(v.parse(ErrorBody, { statusCode: status, code, error: 'Refused', message: 'no' }), {
    status,
    headers,
  });

describe('two-factor API', () => {
  it('asks for a setup key and checks what it gets', async () => {
    server.use(http.get('*/api/v2/account/settings/2fa', () => HttpResponse.json(KEY)));
    await expect(api.fetchTwoFactorSetup()).resolves.toEqual(KEY);
    server.use(http.get('*/api/v2/account/settings/2fa', () => HttpResponse.json({ secret: 'x' })));
    await expect(api.fetchTwoFactorSetup()).rejects.toThrow();
  });

  it('sends the code as query and the secret as body, signed in', async () => {
    const seen: unknown[] = [];
    server.use(
      http.post('*/api/v2/account/verify-2fa', async ({ request }) => {
        seen.push([
          new URL(request.url).searchParams.get('code'),
          await request.json(),
          request.headers.get('authorization'),
        ]);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await api.verifyTwoFactorCode(KEY.secret, '123456', 'ops@example.com');
    expect(seen).toEqual([['123456', { secret: KEY.secret, email: 'ops@example.com' }, 'Bearer token-1']]);
  });

  it.each([
    [refusal(400, 'TWO_FACTOR_CODE_INVALID'), { kind: 'codeInvalid' }],
    [
      refusal(423, 'ACCOUNT_LOCKED', { [LOCKED_MESSAGE_HEADER]: 'Locked until 03:25' }),
      { kind: 'locked', message: 'Locked until 03:25' },
    ],
    [refusal(400, 'TWO_FACTOR_SETUP_EXPIRED'), { kind: 'unavailable' }],
    [refusal(500, 'INTERNAL'), { kind: 'unavailable' }],
  ])('tells why a code was refused (%#)', async (response, failure) => {
    server.use(http.post('*/api/v2/account/verify-2fa', () => response.clone()));
    await expect(api.verifyTwoFactorCode(KEY.secret, '123456', null)).rejects.toEqual(failure);
  });
});
