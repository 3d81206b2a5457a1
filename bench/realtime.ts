/**
 * Device-to-browser latency of live line values, and the raw broker throughput of the same run.
 *
 *   node --import tsx bench/realtime.ts [--devices 50] [--seconds 10] [--rates 1000,5000] [--broker-messages 50000]
 *
 * Starts the real server (embedded PostgreSQL and broker, demo seed without the simulated fleet), registers bench
 * devices through the admin API, connects them as MQTT clients speaking docs/device-protocol.md, opens the live
 * socket in headless Chromium on the server's origin and subscribes to page 1 of every department. Each publish
 * changes four lines to values not used before, so each value the browser receives names its send time. An
 * update not received must have been replaced by a newer value of its line (the server counts those on /metrics):
 * the script exits with GOAL_MISSED when one is neither.
 */
import { parseArgs } from 'node:util';
import { startServer } from '../tests/e2e/support/server';
import { seededDatabase } from './support/seededDatabase';
import { launchBrowserForBench } from './support/browser';
import { registerCase } from './support/api';
import { signInAsAdmin } from './support/alarmFleet';
import { BENCH_DEPARTMENTS, BenchDevice, sampleKey } from './support/benchDevice';
import { drainReceipts, openBrowserClient } from './support/client';
import { extremes, percentile, round } from './support/stats';
import { measureBrokerThroughput } from './support/brokerThroughput';
import { endWithGoal } from './support/goal';

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '10' },
    rates: { type: 'string', default: '1000,5000' },
    'broker-messages': { type: 'string', default: '50000' },
  },
});
const deviceCount = Number(args.devices);
const seconds = Number(args.seconds);
const rates = args.rates!.split(',').map(Number);

const server = await startServer({ SIMULATOR: 'false', LOG_LEVEL: 'error' }, seededDatabase());
const browser = await launchBrowserForBench();
const devices: BenchDevice[] = [];
try {
  const token = await signInAsAdmin(server.port);
  for (let i = 0; i < deviceCount; i++) {
    const hexacode = (0xbe0000 + i).toString(16).toUpperCase();
    const credential = await registerCase(server.port, token, hexacode, `Bench case ${i + 1}`);
    const device = new BenchDevice(`mqtt://127.0.0.1:${server.mqttPort}`, 'demo', hexacode, credential);
    await device.connect();
    devices.push(device);
  }

  const page = await browser.newPage();
  await page.goto(`http://localhost:${server.port}/login`);
  const departments = devices.flatMap((d) =>
    BENCH_DEPARTMENTS.map(([department, subDepartment]) => ({
      hexacode: d.hexacode,
      department,
      subDepartment,
    })),
  );
  await openBrowserClient(page, token, departments);
  await new Promise((r) => setTimeout(r, 1500));
  await drainReceipts(page);

  /** Values the server did not send because a newer value of the same line went instead (its /metrics). */
  const replacedSoFar = async () => {
    const text = await (await fetch(`http://127.0.0.1:${server.port}/metrics`)).text();
    return Number(/^coldwatch_live_values_replaced_total (\d+)/m.exec(text)?.[1]);
  };
  const rows: string[] = [];
  let unaccounted = 0;
  for (const rate of rates) {
    const sentAt = new Map<string, number>();
    const replacedBefore = await replacedSoFar();
    const started = performance.now();
    let sent = 0;
    let next = 0;
    // Every 5 ms, publish what the target rate owes since the start, round-robin over devices and departments.
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const elapsed = (performance.now() - started) / 1000;
        if (elapsed >= seconds) {
          clearInterval(timer);
          resolve();
          return;
        }
        while (sent < rate * elapsed) {
          const device = devices[next % devices.length]!;
          sent += device.publish(Math.floor(next / devices.length), sentAt);
          next += 1;
        }
      }, 5);
    });
    // What is still on its way (an overloaded machine may be seconds behind) counts once it arrives: read until a
    // second passes with nothing more, for at most 60 s.
    const latencies: number[] = [];
    const drainUntil = performance.now() + 60_000;
    for (let quiet = 0; quiet < 2 && performance.now() < drainUntil;) {
      await new Promise((r) => setTimeout(r, 500));
      const receipts = await drainReceipts(page);
      quiet = receipts.length === 0 ? quiet + 1 : 0;
      for (const [hexacode, department, sub, line, value, at] of receipts) {
        const key = sampleKey(hexacode, department, sub, line, Math.round(Number(value) * 10));
        const sentTime = sentAt.get(key);
        if (sentTime !== undefined) latencies.push(at - sentTime);
      }
    }
    const achieved = sent / seconds;
    const { min, max } = extremes(latencies);
    const replaced = (await replacedSoFar()) - replacedBefore;
    unaccounted += Math.max(0, sent - latencies.length - replaced);
    rows.push(
      `| ${rate} | ${round(achieved, 0)} | ${latencies.length} / ${sent} | ${replaced} | ` +
        `${round(percentile(latencies, 50))} | ` +
        `${round(percentile(latencies, 99))} | ${round(min)} | ${round(max)} |`,
    );
  }

  const broker = await measureBrokerThroughput(Number(args['broker-messages']));
  console.log(
    `\nDevice-to-browser latency (${deviceCount} devices, ${departments.length} watched pages, ${seconds} s a rate)\n`,
  );
  console.log(
    '| target updates/s | sent updates/s | received / sent | replaced by a newer value | p50 ms | p99 ms | min ms | max ms |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
  console.log(
    '\nRaw broker throughput in the same run (QoS 0, one publisher, one subscriber, same message size)\n',
  );
  console.log('| broker | messages/s |');
  console.log('| --- | --- |');
  for (const [name, perSecond] of broker)
    console.log(`| ${name} | ${perSecond === null ? 'not running' : round(perSecond, 0)} |`);
  console.log(`\nUpdates neither received nor replaced by a newer value: ${unaccounted}`);
  endWithGoal(unaccounted === 0);
} finally {
  await Promise.allSettled(devices.map((d) => d.close()));
  await browser.close();
  await server.stop();
}
