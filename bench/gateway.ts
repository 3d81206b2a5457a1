/**
 * Line values a second through the gateway: validate, translate-ready cache, diff and event per change.
 *
 *   node --import tsx bench/gateway.ts [--devices 50] [--seconds 5]
 *
 * The embedded broker and the gateway run in this process as the server runs them; bench devices (real MQTT
 * clients, one connection each) publish department snapshots with four changed lines as fast as the broker
 * takes them. Counted: changed line values the gateway emitted to its listeners per second of wall time, and per
 * second of this process's CPU time (user and system, all its threads), which a busy machine changes much less.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadAdfs } from '../server/src/gateway/adf/loader';
import { startBroker } from '../server/src/gateway/broker';
import { MemoryDeviceCredentials } from '../server/src/gateway/credentials';
import { MemoryDeviceDirectory } from '../server/src/gateway/directory';
import { Gateway } from '../server/src/gateway/gateway';
import { BenchDevice } from './support/benchDevice';
import { round } from './support/stats';

const { values: args } = parseArgs({
  options: { devices: { type: 'string', default: '50' }, seconds: { type: 'string', default: '5' } },
});
const deviceCount = Number(args.devices);
const seconds = Number(args.seconds);

const credentials = new MemoryDeviceCredentials();
const directory = new MemoryDeviceDirectory();
const server = { username: 'coldwatch-server', password: randomBytes(16).toString('hex') };
const broker = await startBroker({ port: 0, host: '127.0.0.1', credentials, server });
const gateway = new Gateway({ url: broker.url, ...server, adfs: await loadAdfs(), directory });
await gateway.start();

const devices: BenchDevice[] = [];
for (let i = 0; i < deviceCount; i++) {
  const hexacode = (0xbe0000 + i).toString(16).toUpperCase();
  const credential = randomBytes(16).toString('hex');
  credentials.set('demo', hexacode, credential);
  directory.set({ tenant: 'demo', hexacode, name: `Bench ${i}`, model: 'CC-410' });
  const device = new BenchDevice(broker.url, 'demo', hexacode, credential);
  await device.connect();
  devices.push(device);
}

let changed = 0;
gateway.subscribe((event) => {
  if (event.type === 'RawLineValues') changed += event.values.length;
});
// Warm-up: the first snapshot of each department also reports its unchanging lines once.
for (const device of devices) [0, 1].forEach((department) => device.publish(department, new Map()));
await new Promise((r) => setTimeout(r, 500));
changed = 0;

const sentAt = new Map<string, number>();
const cpuBefore = process.cpuUsage();
const started = performance.now();
let sent = 0;
let next = 0;
let lastChangeAt = started;
gateway.subscribe(() => (lastChangeAt = performance.now()));
while (performance.now() - started < seconds * 1000) {
  // Closed loop: keep at most 20,000 values in flight, so this measures what the gateway sustains rather than
  // how much the broker can buffer. Yielding gives the broker and gateway (same process, as in the server) the CPU.
  if (sent - changed < 20_000) {
    for (let i = 0; i < 100; i++, next++) {
      sent += devices[next % devices.length]!.publish(Math.floor(next / devices.length), sentAt);
    }
    sentAt.clear();
  }
  await new Promise((r) => setImmediate(r));
}
const drainUntil = performance.now() + 5000;
while (changed < sent && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 10));
const elapsed = (lastChangeAt - started) / 1000;
// The drain waits on timers, nearly idle: the CPU up to here is the work's.
const cpu = process.cpuUsage(cpuBefore);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;

console.log(`\nGateway throughput (${deviceCount} devices, ${seconds} s)\n`);
console.log(
  '| line values sent | line values through the gateway | per second | per CPU second | rejected messages |',
);
console.log('| --- | --- | --- | --- | --- |');
const rejected = Object.values(gateway.metrics().rejected).reduce((a, b) => a + b, 0);
console.log(
  `| ${sent} | ${changed} | ${round(changed / elapsed, 0)} | ${round(changed / cpuSeconds, 0)} | ${rejected} |`,
);

await Promise.allSettled(devices.map((d) => d.close()));
await gateway.stop();
await broker.close();
