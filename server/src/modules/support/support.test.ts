import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { notificationOutbox, supportRequests, tenants, users } from '../../db/schema';
import { hostOf, tokenOf, useTestApp } from '../../testing/app';
import { describeEachBackend } from '../../testing/backends';
import { userIdOf } from '../../testing/users';
import { eventually } from '../../testing/wait';
import { startSmtpServer } from '../../testing/smtp';
import { parseMail } from '../mail/testing';
import { decodeWords } from '../recovery/testing';
import { SUPPORT_REQUESTS_PER_HOUR } from './service';

const BUG = { title: 'Door alarm stays red', description: 'Case 3 shows an alarm\nafter the door closed.' };

describeEachBackend('support requests', (backend) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const mail = { pollMs: 20, retry: { baseMs: 60_000, maxMs: 60_000 } } as { smtpUrl?: string };
  beforeAll(async () => {
    smtp = await startSmtpServer();
    mail.smtpUrl = smtp.url;
  });
  afterAll(() => smtp.close());
  const ctx = useTestApp(backend, { notifications: { mail } });
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    await ctx.app.ready();
    tokens.operator = await tokenOf(ctx.app, 'operator', 'Operator123');
    tokens.admin = await tokenOf(ctx.app, 'admin', 'Admin123');
    tokens.acme = await tokenOf(ctx.app, 'operator', 'Operator123', 'acme');
  });

  const send = (
    path: 'bug-report' | 'feature-request',
    body: unknown,
    { user = 'operator', query = '', tenant = 'demo' } = {},
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v2/support/${path}${query}`,
      headers: { host: hostOf(tenant), authorization: `Bearer ${tokens[user]}` },
      payload: body as object,
    });
  /** Everything queued has gone out, so "nothing more arrived" means something. */
  const delivered = () =>
    eventually(async () => (await ctx.handle.db.select().from(notificationOutbox)).length === 0, {
      what: 'an empty outbox',
    });
  /** The e-mails received for `address` so far (they leave in parallel: found by recipient, not by order). */
  const mailsTo = async (address: string) => {
    await delivered();
    return (
      smtp.received
        // Mail software lower-cases the domain of an address.
        .filter((received) => received.to.some((to) => to.toLowerCase() === address.toLowerCase()))
        .map((received) => {
          const { headers, text } = parseMail(received.raw);
          return {
            subject: decodeWords(headers.subject ?? ''),
            text,
            from: headers.from,
            replyTo: headers['reply-to'],
          };
        })
    );
  };
  const stored = (id: string) =>
    ctx.handle.db.select().from(supportRequests).where(eq(supportRequests.id, id));

  it('stores a bug report, mails it to support and, as asked, a copy to the sender', async () => {
    const response = await send(
      'bug-report',
      { ...BUG, title: `  ${BUG.title} `, email: 'Ops@Store101.example', status: 'OPEN' },
      { query: '?sendMeACopy=true' },
    );
    expect(response.statusCode).toBe(201);
    const { id, status } = response.json<{ id: string; status: string }>();
    expect(status).toBe('OPEN');
    expect(await stored(id)).toMatchObject([
      { kind: 'bugReport', username: 'operator', ...BUG, email: 'Ops@Store101.example', status: 'OPEN' },
    ]);

    const [toSupport] = await mailsTo('support@localhost');
    expect(toSupport!.subject).toBe(`[demo] Bug report: ${BUG.title}`);
    expect(toSupport!.text).toContain(`Bug report from operator (tenant demo), request number ${id}.`);
    expect(toSupport!.text).toContain('Answer to: Ops@Store101.example');
    expect(toSupport!.text).toContain(`Title: ${BUG.title}\n\nDescription:\n${BUG.description}\n`);
    // From the product's no-reply sender; answering reaches the person who wrote.
    expect(toSupport!.from).toBe('Coldwatch <no-reply@localhost>');
    // (Mail software lower-cases the domain of an address.)
    expect(toSupport!.replyTo).toBe('Ops@store101.example');

    const [copy, ...more] = await mailsTo('Ops@Store101.example');
    expect(more).toEqual([]);
    expect(copy!.subject).toBe(`Copy – Bug report: ${BUG.title}`);
    expect(copy!.text).toContain('Hello operator,');
    expect(copy!.text).toContain(`its request number is ${id}`);
    expect(copy!.text).toContain(BUG.description);
    // The copy comes from the support address: an answer to it reaches support.
    expect(copy!.from).toBe('Coldwatch support <support@localhost>');
  });

  it("writes the copy in the sender's language, the mail to support in English", async () => {
    await ctx.handle.db.update(users).set({ languageCode: 'FR' }).where(eq(users.username, 'admin'));
    const request = { title: 'Export PDF', description: 'Un export PDF des tableaux de bord.' };
    const response = await send(
      'feature-request',
      { ...request, email: 'admin@demo.example' },
      { user: 'admin', query: '?sendMeACopy=true' },
    );
    expect(response.statusCode).toBe(201);
    const toSupport = await mailsTo('support@localhost');
    expect(toSupport.at(-1)!.subject).toBe('[demo] Feature request: Export PDF');
    const [copy] = await mailsTo('admin@demo.example');
    expect(copy!.subject).toBe('Copie – Demande de fonctionnalité : Export PDF');
    expect(copy!.text).toContain('Bonjour admin,');
    expect(copy!.text).toContain('Titre : Export PDF');
  });

  it('sends no copy without an e-mail, nor when none was asked for', async () => {
    const before = smtp.received.length;
    const anonymous = await send('bug-report', BUG, { query: '?sendMeACopy=true' });
    expect(anonymous.statusCode).toBe(201);
    expect(await stored(anonymous.json<{ id: string }>().id)).toMatchObject([
      { email: null, sendMeACopy: false },
    ]);
    const unasked = await send('bug-report', { ...BUG, email: 'quiet@store101.example' });
    expect(unasked.statusCode).toBe(201);
    await delivered();
    expect(smtp.received.slice(before).map((received) => received.to)).toEqual([
      ['support@localhost'],
      ['support@localhost'],
    ]);
    const [toSupport] = (await mailsTo('support@localhost')).slice(-2);
    expect(toSupport!.text).toContain('The sender gave no e-mail address.');
  });

  it("goes to the tenant's own support address when it has one", async () => {
    await ctx.handle.db
      .update(tenants)
      .set({ supportEmail: 'help@acme.example' })
      .where(eq(tenants.name, 'acme'));
    const response = await send('feature-request', BUG, { user: 'acme', tenant: 'acme' });
    expect(response.statusCode).toBe(201);
    const [toAcme] = await mailsTo('help@acme.example');
    expect(toAcme!.subject).toBe(`[acme] Feature request: ${BUG.title}`);
  });

  it('answers bad input 400 naming the field and stores nothing; without a session 401', async () => {
    const count = async () => (await ctx.handle.db.select().from(supportRequests)).length;
    const before = await count();
    const cases: [unknown, string, string?][] = [
      [{ description: 'x' }, 'title: Title is required'],
      [{ title: '   ', description: 'x' }, 'title: Title is required'],
      [{ title: 'x', description: '' }, 'description: Description is required'],
      [{ title: 'x', description: 'x', email: 'not-an-address' }, 'email: Email is invalid'],
      [{ title: 'x'.repeat(201), description: 'x' }, 'title: Title must be at most 200 characters'],
      [{ title: 'x', description: 'x', status: 'CLOSED' }, 'status: Status must be OPEN'],
      [
        { title: 'x', description: 'x' },
        "sendMeACopy: Send me a copy must be 'true' or 'false'",
        '?sendMeACopy=yes',
      ],
      [{ title: 42, description: 'x' }, 'title: Title is required'],
    ];
    for (const [body, message, query] of cases) {
      const response = await send('bug-report', body, { query: query ?? '' });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/support/bug-report',
      headers: { host: hostOf('demo') },
      payload: BUG,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await count()).toBe(before);
  });

  it(`takes ${SUPPORT_REQUESTS_PER_HOUR} requests an hour from a user, then 429 until the hour has passed`, async () => {
    ctx.clock.advance(3_600_000);
    for (let i = 0; i < SUPPORT_REQUESTS_PER_HOUR; i++) {
      expect((await send('bug-report', BUG, { user: 'admin' })).statusCode).toBe(201);
    }
    const refused = await send('bug-report', BUG, { user: 'admin' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'SUPPORT_LIMIT_REACHED' });
    // Another user is not held back by it.
    expect((await send('bug-report', BUG)).statusCode).toBe(201);
    ctx.clock.advance(3_600_001);
    expect((await send('bug-report', BUG, { user: 'admin' })).statusCode).toBe(201);
    const mine = await ctx.handle.db
      .select()
      .from(supportRequests)
      .where(eq(supportRequests.userId, await userIdOf(ctx.handle.db, 'admin')));
    expect(mine).toHaveLength(SUPPORT_REQUESTS_PER_HOUR + 2);
  });
});
