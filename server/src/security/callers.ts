/**
 * A signed-in user of the sweeps and the requests it sends. The sweeps send to every route, /api/logout included,
 * so a caller signs in again whenever its session is gone instead of silently sweeping with a dead token.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '../db/client';
import { sessions, tenants, users } from '../db/schema';
import { hashToken } from '../modules/auth/tokens';
import { hostOf, tokenOf } from '../testing/app';

/** One request, its parts already written as they travel. */
export interface Probe {
  method: string;
  /** The route's url with its parameters filled in. */
  path: string;
  /** Without the leading '?'. */
  query?: string | undefined;
  body?: string | undefined;
  contentType?: string | undefined;
}

export class Caller {
  token = '';
  userId = '';

  constructor(
    private readonly app: FastifyInstance,
    private readonly db: Database,
    readonly username: string,
    private readonly password: string,
    readonly tenant = 'demo',
  ) {}

  get label(): string {
    return `${this.username}@${this.tenant}`;
  }

  async signIn(): Promise<this> {
    this.token = await tokenOf(this.app, this.username, this.password, this.tenant);
    const [user] = await this.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(tenants, eq(users.tenantId, tenants.id))
      .where(and(eq(tenants.name, this.tenant), eq(users.username, this.username)));
    this.userId = user!.id;
    return this;
  }

  /** The same user in a new session: a sign-in that must still work. */
  signedInAgain(): Promise<Caller> {
    return new Caller(this.app, this.db, this.username, this.password, this.tenant).signIn();
  }

  /** Signs in again when a request of the sweep (a logout) ended the session. */
  async keepSignedIn(): Promise<void> {
    const [live] = await this.db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(this.token)));
    if (!live) await this.signIn();
  }

  /** `from`: the client address it comes from (the test's own, 127.0.0.1, unless given). */
  send(probe: Probe, host = hostOf(this.tenant), from?: string): Promise<LightMyRequestResponse> {
    return sendAs(this.app, probe, { host, authorization: `Bearer ${this.token}` }, from);
  }

  /** A plain JSON call, for the set-up of a test: fails unless answered with a 2xx. */
  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.send({
      method,
      path,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${path} as ${this.label}: ${response.statusCode} ${response.body}`);
    return (response.body === '' ? undefined : response.json()) as T;
  }
}

export function sendAs(
  app: FastifyInstance,
  probe: Probe,
  headers: Record<string, string>,
  from?: string,
): Promise<LightMyRequestResponse> {
  const hasBody = probe.body !== undefined;
  return app.inject({
    ...(from ? { remoteAddress: from } : {}),
    method: probe.method as 'GET',
    url: probe.query === undefined ? probe.path : `${probe.path}?${probe.query}`,
    headers: {
      ...headers,
      ...(hasBody ? { 'content-type': probe.contentType ?? 'application/json' } : {}),
    },
    ...(hasBody ? { payload: probe.body } : {}),
  });
}

/** Long texts (a 50 000-deep array) are cut, saying how long they were. */
const cut = (text: string, length: number) =>
  text.length <= length ? text : `${text.slice(0, length)}… (${text.length} characters)`;

export const describeProbe = (probe: Probe): string =>
  `${probe.method} ${probe.path}${probe.query === undefined ? '' : `?${cut(probe.query, 160)}`}` +
  (probe.body === undefined ? '' : ` body ${cut(probe.body, 300)}`);
