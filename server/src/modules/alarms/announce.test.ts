import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  alarmChanges,
  alarmOccurrences,
  notificationOutbox,
  pushSubscriptions,
  tenants,
  users,
} from '../../db/schema';
import { createDatabase, type Database } from '../../db/client';
import { silentLogger } from '../../gateway/logger';
import { secondInstance, tokenOf, useTestApp } from '../../testing/app';
import { describeEachBackend } from '../../testing/backends';
import { eventually } from '../../testing/wait';
import { ChangeFeed } from './change-feed';
import { createDefrostRecorder } from './defrosts';
import { createAlarmDirectory } from './directory';
import { AlarmEmitter } from './emitter';
import type { AlarmEvent, AlarmWriter } from './events';
import { createAlarmHolds } from './holds';
import { createAlarmsRepository, type AlarmsRepository } from './repository';
import { createAlarmStore } from './store';
import {
  changed,
  listening,
  openRegisteredStream,
  type openStream,
  SPOKEN_FOR_DEVICES,
  STANDALONE,
  T0,
} from './testing';

type Stream = Awaited<ReturnType<typeof openStream>>;

/**
 * An alarm is stored and announced (numbered, streamed, e-mailed, pushed) once across instances, even when the
 * instance that stores it dies before it announces it (docs/deployment.md, "What a killed instance can lose").
 */
describeEachBackend('alarm announcements over two instances', (backend) => {
  const ctx = useTestApp(backend, { devices: SPOKEN_FOR_DEVICES });
  let second: FastifyInstance;
  let base: string;
  let token: string;
  const heard: AlarmEvent[] = [];

  beforeAll(async () => {
    base = await listening(ctx.app);
    token = await tokenOf(ctx.app, 'admin', 'Admin123');
    second = await secondInstance(ctx);
    for (const app of [ctx.app, second]) {
      // Nothing sends: the queued e-mails and pushes stay in the outbox to be counted.
      await app.mail.sender.stop();
      await app.push.sender.stop();
      app.alarms.subscribe((event) => void heard.push(event));
    }
    // The demo admin gets alarm e-mail and has one browser subscribed to pushes.
    const { db } = ctx.handle;
    const [demo] = await db.select().from(tenants).where(eq(tenants.name, 'demo'));
    const [admin] = await db
      .update(users)
      .set({ settings: { enableAlarmEmailExport: true, alarmEmailExportAddresses: ['ops@demo.example'] } })
      .where(and(eq(users.tenantId, demo!.id), eq(users.username, 'admin')))
      .returning();
    await db.insert(pushSubscriptions).values({
      tenantId: demo!.id,
      userId: admin!.id,
      endpoint: 'https://push.invalid/admin',
      p256dh: 'p256dh',
      auth: 'auth',
    });
  });
  afterAll(async () => second?.close());
  beforeEach(async () => {
    heard.length = 0;
    await ctx.handle.db.delete(notificationOutbox);
  });

  /**
   * What the database holds of the raise of alarm `code` on the test's device: its occurrences, and the outbox's
   * rows by channel. The e-mails counted are that raise's ("Alarm: …"): a "Cleared: …" e-mail is no second
   * announcement of it.
   */
  const stored = async (code: string) => {
    const { db } = ctx.handle;
    const rows = await db.select().from(alarmOccurrences).where(eq(alarmOccurrences.code, code));
    const outbox = await db.select().from(notificationOutbox);
    const announcesRaise = (r: (typeof outbox)[number]) => {
      const text = JSON.stringify(r.message);
      return text.includes('"subject":"Alarm: ') && text.includes(code) && text.includes(STANDALONE);
    };
    return {
      occurrences: rows.length,
      mail: outbox.filter((r) => r.channel === 'mail' && announcesRaise(r)).length,
      push: outbox.filter((r) => r.channel === 'push').length,
    };
  };
  const changeCount = async () => (await ctx.handle.db.select().from(alarmChanges)).length;

  /**
   * Waits for the raise of `code` on `stream`, clears it and waits for that: a stream sends changes in their
   * order, so a second event of the raise would have come before the clearing. Answers the events before it.
   * (An event carries the device's alarms as they are when it is sent: a clearing made before the raise was sent
   * would make the raise's own event read as cleared, so the raise is awaited first.)
   */
  const eventsBeforeClearing = async (stream: Stream, code: string, at: number) => {
    const isRaise = (e: Stream['events'][number]) => e.entry.alarms?.some((a) => a.code === code) ?? false;
    await eventually(() => stream.events.some(isRaise), { what: `the raise of ${code} on the stream` });
    ctx.app.alarms.store.handle(changed(code, false, at));
    await ctx.app.alarms.flush();
    const isClearing = (e: Stream['events'][number]) => !isRaise(e);
    await eventually(() => stream.events.some(isClearing), { what: `the clearing of ${code} on the stream` });
    return stream.events.slice(0, stream.events.findIndex(isClearing));
  };

  it('announces a raise heard by both instances once: one change, one stream event, one e-mail, one push', async () => {
    const stream = await openRegisteredStream(ctx.app, base, token);
    const changes = await changeCount();
    const event = changed('HIGH_TEMPERATURE', true, T0);
    ctx.app.alarms.store.handle(event);
    second.alarms.store.handle(event);
    await Promise.all([ctx.app.alarms.flush(), second.alarms.flush()]);
    expect(await changeCount()).toBe(changes + 1);
    expect(await stored('HIGH_TEMPERATURE')).toEqual({ occurrences: 1, mail: 1, push: 1 });
    expect(heard.map((e) => e.type)).toEqual(['alarm.raised']);
    const raises = await eventsBeforeClearing(stream, 'HIGH_TEMPERATURE', T0 + 100);
    expect(raises).toHaveLength(1);
    expect(raises[0]!.entry.alarms.map((a) => a.code)).toEqual(['HIGH_TEMPERATURE']);
    await stream.close();
  });

  /** Another instance's store over `db`, with the e-mail and push writers and `last` after them. */
  const otherStore = (db: Database, repository: AlarmsRepository, last: AlarmWriter) => {
    const emitter = new AlarmEmitter(silentLogger);
    ctx.app.mail.listenTo(emitter);
    ctx.app.push.listenTo(emitter);
    emitter.addWriter(last);
    const holds = createAlarmHolds(() => ctx.devices.adfs);
    return createAlarmStore({
      repository,
      directory: createAlarmDirectory(db, () => ctx.devices.adfs),
      feed: new ChangeFeed(db, silentLogger),
      emitter,
      holds,
      defrosts: createDefrostRecorder({ db, adfs: () => ctx.devices.adfs, holds }),
      clock: ctx.clock,
      log: silentLogger,
    });
  };

  it('an instance killed between storing an alarm and announcing it leaves it to the other, which announces it once', async () => {
    // The dying instance: the real store, e-mail and push writers, but its transaction never commits, as a
    // process killed before COMMIT leaves it (PostgreSQL rolls back the transaction of a connection that died).
    const { db } = ctx.handle;
    const repository = createAlarmsRepository(db);
    const reached: string[] = [];
    const killedBeforeCommit: AlarmsRepository = {
      ...repository,
      transaction: (work) =>
        repository.transaction(async (queries, tx) => {
          await work(queries, tx);
          throw new Error('killed');
        }),
    };
    const dying = otherStore(db, killedBeforeCommit, async (event) => void reached.push(event.type));

    const stream = await openRegisteredStream(ctx.app, base, token);
    const changes = await changeCount();
    const event = changed('SENSOR_FAULT', true, T0 + 1000);
    dying.handle(event);
    await dying.flush();
    // It stored the alarm and wrote its e-mail and push, then died: none of it is left.
    expect(reached).toEqual(['alarm.raised']);
    expect(await stored('SENSOR_FAULT')).toEqual({ occurrences: 0, mail: 0, push: 0 });
    expect(await changeCount()).toBe(changes);

    // The other instance heard the same event from the broker.
    second.alarms.store.handle(event);
    await second.alarms.flush();
    expect(await changeCount()).toBe(changes + 1);
    expect(await stored('SENSOR_FAULT')).toEqual({ occurrences: 1, mail: 1, push: 1 });
    expect(heard.map((e) => e.type)).toEqual(['alarm.raised']);
    const raises = await eventsBeforeClearing(stream, 'SENSOR_FAULT', T0 + 1100);
    expect(raises).toHaveLength(1);
    expect(raises[0]!.entry.alarms.map((a) => a.code)).toContain('SENSOR_FAULT');
    await stream.close();
  });

  it("the other instance waits on a dying instance's uncommitted alarm, and announces it once its connection is killed", async () => {
    // The dying instance has a connection of its own, held in the middle of its transaction: alarm, change,
    // e-mail and push written, not committed.
    const own = createDatabase(ctx.handle.url);
    let pid = 0;
    let resume = () => {};
    const held = new Promise<void>((resolve) => (resume = resolve));
    const dying = otherStore(own.db, createAlarmsRepository(own.db), async (_event, tx) => {
      const { rows } = (await tx.execute(sql`SELECT pg_backend_pid() AS pid`)) as {
        rows: { pid: number }[];
      };
      pid = rows[0]!.pid;
      await held;
    });
    try {
      const stream = await openRegisteredStream(ctx.app, base, token);
      const event = changed('COMPRESSOR_TRIP', true, T0 + 3000);
      dying.handle(event);
      await eventually(() => pid > 0, { what: 'the dying transaction, holding its rows' });
      let otherDone = false;
      second.alarms.store.handle(event);
      void second.alarms.flush().then(() => (otherDone = true));
      await eventually(
        async () => {
          const { rows } = (await ctx.handle.db.execute(
            sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          )) as { rows: { n: number }[] };
          return rows[0]!.n > 0;
        },
        { what: 'the other instance waiting on the uncommitted raise' },
      );
      expect(otherDone).toBe(false);
      // The process dies: PostgreSQL ends its connection and rolls its transaction back.
      await ctx.handle.db.execute(sql`SELECT pg_terminate_backend(${pid})`);
      resume();
      await dying.flush();
      await eventually(() => otherDone, { what: 'the other instance storing the alarm' });
      expect(await stored('COMPRESSOR_TRIP')).toEqual({ occurrences: 1, mail: 1, push: 1 });
      expect(heard.map((e) => e.type)).toEqual(['alarm.raised']);
      expect(await eventsBeforeClearing(stream, 'COMPRESSOR_TRIP', T0 + 3100)).toHaveLength(1);
      await stream.close();
    } finally {
      resume();
      await own.close();
    }
  });

  it('a writer that fails loses its own rows only: the alarm and the other writers are kept', async () => {
    const stop = second.alarms.addWriter(async (_event, tx) => {
      await tx.delete(notificationOutbox); // undone with the failure: the savepoint rolls back
      throw new Error('a bug');
    });
    const event = changed('DOOR_OPEN', true, T0 + 2000);
    second.alarms.store.handle(event);
    await second.alarms.flush();
    stop();
    expect(await stored('DOOR_OPEN')).toEqual({ occurrences: 1, mail: 1, push: 1 });
    expect(heard.map((e) => e.type)).toEqual(['alarm.raised']);
  });
});
