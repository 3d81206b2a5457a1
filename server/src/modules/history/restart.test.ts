import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createDatabase, type DatabaseHandle } from '../../db/client';
import { migrate } from '../../db/migrate';
import { seedDemo } from '../../seed';
import type { DeviceRuntime } from '../../gateway/runtime';
import { startQuietDevices } from '../../testing/devices';
import { describeEachBackend } from '../../testing/backends';
import { createTestClock } from '../../testing/app';
import { eventually } from '../../testing/wait';
import { insertBuffer, storedSamples } from './testing';

const MINUTE = 60_000;

describeEachBackend('history across a restart', (backend) => {
  it('finds after a restart every sample the stopped server had acknowledged', async () => {
    // The same database through a new connection pool, as a restarted server opens it.
    const opened = await backend.open();
    const open = (): DatabaseHandle => createDatabase(opened.url);
    const clock = createTestClock();
    const appOn = (handle: DatabaseHandle, devices?: DeviceRuntime): Promise<FastifyInstance> =>
      buildApp({
        config: { defaultTenant: 'demo', logLevel: 'silent' },
        db: handle.db,
        clock,
        logger: false,
        distDir: '/nonexistent-dist',
        ...(devices ? { devices } : {}),
      });
    try {
      const first = open();
      await migrate(first);
      await seedDemo(first.db, { dashboards: false });
      const runtime = await startQuietDevices(first.db);
      const app = await appOn(first, runtime);
      await app.ready();
      const recorder = app.history.recorder!;
      await eventually(() => recorder.connected, { what: 'recorder subscribed' });
      const start = clock.now();
      const id = await insertBuffer(first.db, {
        hexacode: '1A0105',
        pcNumber: 3,
        intervalSeconds: 60,
        startAt: start,
      });
      await app.history.reloadBuffers();
      const device = runtime.simulatedDevices.find((d) => d.spec.hexacode === '1A0105')!;
      for (let minute = 0; minute < 6; minute++) {
        clock.advance(start.getTime() + minute * MINUTE + 1_000 - clock.now().getTime());
        // Counting samples, not messages: the fleet's retained snapshots may still be arriving, and one of them
        // must not let the clock move on before this minute's reading is in.
        const recorded = recorder.metrics().recorded;
        await device.tick(1);
        await eventually(() => recorder.metrics().recorded > recorded, { what: 'sample recorded' });
      }
      // No flush: closing the app writes what it recorded before the database goes.
      await app.close();
      await runtime.stop();
      const acknowledged = recorder.metrics().written;
      await first.close();

      const second = open();
      const again = await appOn(second);
      await again.ready();
      const samples = (await storedSamples(second.db, id)).map((s) => s.at - start.getTime());
      expect(samples).toEqual([0, 1, 2, 3, 4, 5].map((m) => m * MINUTE));
      expect(acknowledged).toBeGreaterThanOrEqual(samples.length);
      await again.close();
      await second.close();
    } finally {
      await opened.dispose();
    }
  });
});
