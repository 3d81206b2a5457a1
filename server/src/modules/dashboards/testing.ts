import { beforeAll } from 'vitest';
import {
  callsAs,
  signInAll,
  tokenOf,
  useTestApp,
  type RequestMethod,
  type TestAppOptions,
} from '../../testing/app';
import type { TestBackend } from '../../testing/backends';

/**
 * The app of the dashboards suites, signed in as demo's operator and administrator and acme's operator (`acme`);
 * `call` asks as one of them, demo's operator unless `who` says another.
 */
export function useDashboardsApp(backend: TestBackend, options: TestAppOptions = {}) {
  const ctx = useTestApp(backend, options);
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    await signInAll(ctx.app, tokens, { operator: 'Operator123', admin: 'Admin123' });
    tokens.acme = await tokenOf(ctx.app, 'operator', 'Operator123', 'acme');
  });
  const as = callsAs(ctx, tokens);
  return {
    ctx,
    call: (method: RequestMethod, url: string, payload?: unknown, who = 'operator') =>
      as(method, url, who, payload),
  };
}

/** A widget element on line `line` of page `page` of department 1.0 of `hexacode`, with `extra` fields. */
export const element = (id: string, hexacode: string, page: number, line: number, extra: object = {}) => ({
  id,
  hexacode,
  rawHexacode: hexacode,
  department: 1,
  subDepartment: 0,
  pageNumber: page,
  lineNumber: line,
  ...extra,
});
