import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp, type AppOptions } from '../app';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { LogStream } from '../http/logging';
import type { DatabaseHandle } from '../db/client';
import type { DeviceRuntime, DeviceRuntimeOptions } from '../gateway/runtime';
import { DEMO_TOTP_SECRET } from '../seed/users';
import { totpAt } from '../modules/auth/totp';
import type { TestBackend } from './backends';
import { startQuietDevices } from './devices';

export interface TestClock extends Clock {
  advance(ms: number): void;
}

export function createTestClock(start = new Date('2026-01-15T03:10:00Z')): TestClock {
  let current = start.getTime();
  return { now: () => new Date(current), advance: (ms) => void (current += ms) };
}

export interface TestContext {
  app: FastifyInstance;
  clock: TestClock;
  handle: DatabaseHandle;
  /** With `devices`: the embedded broker (free port), gateway and demo fleet, started. */
  devices: DeviceRuntime;
}

export interface TestAppOptions {
  distDir?: string;
  /** Start broker, gateway and the (quiet, deterministic) demo fleet with the app. */
  devices?: boolean | Partial<DeviceRuntimeOptions>;
  /** How often live sockets' sessions are re-validated (the app's default is 30 s). */
  sessionCheckIntervalMs?: number;
  /** Log to this stream at this level (off by default). */
  log?: { stream: LogStream; level: Config['logLevel'] };
  /** Seed the demo users' starting dashboards too (off: most tests want users without dashboards). */
  demoDashboards?: boolean;
  /** How often escalation and shelving expiry run by themselves (tests that run rounds set it out of the way). */
  escalationPollMs?: number;
  /** Alarm e-mail and web push settings (SMTP server, outbox directory, retry timing, TLS agent). */
  notifications?: Pick<AppOptions, 'mail' | 'push'>;
}

/**
 * A migrated, demo-seeded database on `backend` and the app over it, made once for the enclosing describe
 * (seeding hashes passwords, which is slow on purpose). Read the fields inside tests, not at collection time.
 */
export function useTestApp(backend: TestBackend, options: TestAppOptions = {}): TestContext {
  const context = {} as TestContext;
  let dispose: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    const handle = await backend.openSeeded(options.demoDashboards ? 'dashboards' : 'plain');
    dispose = handle.dispose;
    context.clock = createTestClock();
    context.handle = handle;
    if (options.devices) {
      context.devices = await startQuietDevices(handle.db, {
        writeTimeoutMs: 800,
        ...(options.devices === true ? {} : options.devices),
      });
    }
    context.app = await buildApp({
      config: { defaultTenant: 'demo', logLevel: options.log?.level ?? 'silent' },
      db: handle.db,
      clock: context.clock,
      ...(options.log ? { logStream: options.log.stream } : { logger: false }),
      distDir: options.distDir ?? '/nonexistent-dist',
      ...(context.devices ? { devices: context.devices, simulator: context.devices.simulator } : {}),
      ...(options.sessionCheckIntervalMs ? { sessionCheckIntervalMs: options.sessionCheckIntervalMs } : {}),
      ...(options.escalationPollMs ? { escalationPollMs: options.escalationPollMs } : {}),
      ...options.notifications,
    });
  });
  afterAll(async () => {
    await context.app?.close();
    await context.devices?.stop();
    await dispose();
  });
  return context;
}

/**
 * Another server instance over the context's database (and its broker and devices, when it has them), as a
 * second node of a deployment would be; ready when it resolves. `options` override the defaults.
 */
export async function secondInstance(
  ctx: TestContext,
  options: Partial<AppOptions> = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    config: { defaultTenant: 'demo', logLevel: 'silent' },
    db: ctx.handle.db,
    clock: ctx.clock,
    logger: false,
    distDir: '/nonexistent-dist',
    ...(ctx.devices ? { devices: ctx.devices } : {}),
    ...options,
  });
  await app.ready();
  return app;
}

export const hostOf = (tenant: string) => (tenant === 'demo' ? 'localhost:8080' : `${tenant}.localhost:8080`);

export function login(
  app: FastifyInstance,
  body: Record<string, unknown>,
  tenant = 'demo',
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/login', headers: { host: hostOf(tenant) }, payload: body });
}

/** Signs in and returns the bearer token; fails the test when sign-in does not succeed. */
export async function tokenOf(app: FastifyInstance, username: string, password: string, tenant = 'demo') {
  const response = await login(app, { username, password }, tenant);
  if (response.statusCode !== 200)
    throw new Error(`login ${username} gave ${response.statusCode}: ${response.body}`);
  return (response.json() as { token: { id: string } }).token.id;
}

/** Signs in each username of `passwords` at `tenant`, keeping its token in `tokens` under the username. */
export async function signInAll(
  app: FastifyInstance,
  tokens: Record<string, string>,
  passwords: Record<string, string>,
  tenant = 'demo',
): Promise<void> {
  for (const [username, password] of Object.entries(passwords))
    tokens[username] = await tokenOf(app, username, password, tenant);
}

/** Expects the API's refusal of a body that breaks the contract, its message naming `message`. */
export function expectValidationFailed(response: LightMyRequestResponse, message: string): void {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', error: 'Bad Request' });
  expect(response.json().message).toContain(message);
}

export const demoTotpAt = (clock: Clock) => totpAt(DEMO_TOTP_SECRET, clock.now());

/** The methods the API's routes answer. */
export type RequestMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Requests as the suite's signed-in people: `who` names a token of `tokens` (filled in by the suite's sign-ins),
 * and a name starting with `acme` asks at acme's host, any other at demo's.
 */
export function callsAs(ctx: TestContext, tokens: Record<string, string>) {
  return (
    method: RequestMethod,
    url: string,
    who: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> =>
    ctx.app.inject({
      method,
      url,
      headers: {
        host: hostOf(who.startsWith('acme') ? 'acme' : 'demo'),
        authorization: `Bearer ${tokens[who]}`,
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}
