/**
 * Standalone demo fleet:
 *
 *   node --import tsx server/src/simulator/cli.ts --url mqtt://127.0.0.1:1884 --tenant demo
 *   node --import tsx server/src/simulator/cli.ts --embedded-broker --port 1884   # own broker, fleet credentials
 *   node --import tsx server/src/simulator/cli.ts --fleet my-fleet.json --url mqtts://broker.example:8883
 *
 * Options: --url, --tenant (repeatable), --fleet <file.json> (default: the demo fleet), --prefix (default devices),
 * --interval <ms> (default 2000), --offline-per-hour <n> (default 0.1; 0 = never), --event-rate <x> (default 1),
 * --incidents-per-hour <n> (alarms somewhere in the fleet: door left open, trip, lost device…; default 12 × rate),
 * --embedded-broker [--port] (start an Aedes broker that knows the fleet's credentials), --quiet.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { loadAdfs } from '../gateway/adf/loader';
import { startBroker } from '../gateway/broker';
import { MemoryDeviceCredentials, generateCredential } from '../gateway/credentials';
import { Fleet, demoFleet, startFleet } from './fleet';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    tenant: { type: 'string', multiple: true },
    fleet: { type: 'string' },
    prefix: { type: 'string', default: 'devices' },
    interval: { type: 'string', default: '2000' },
    'offline-per-hour': { type: 'string', default: '0.1' },
    'incidents-per-hour': { type: 'string' },
    'event-rate': { type: 'string', default: '1' },
    'embedded-broker': { type: 'boolean', default: false },
    port: { type: 'string', default: '1884' },
    quiet: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

if (args.help) {
  console.log(
    'usage: node --import tsx server/src/simulator/cli.ts [--url mqtt://host:1884] [--tenant demo] ...',
  );
  console.log('see the comment at the top of server/src/simulator/cli.ts and docs/device-protocol.md');
  process.exit(0);
}

const log = args.quiet
  ? undefined
  : (message: string) => console.log(`${new Date().toISOString()} ${message}`);
const adfs = await loadAdfs();
const fleet = args.fleet ? v.parse(Fleet, JSON.parse(await readFile(args.fleet, 'utf8'))) : demoFleet;

let url = args.url ?? 'mqtt://127.0.0.1:1884';
let close: (() => Promise<void>) | undefined;
if (args['embedded-broker']) {
  const broker = await startBroker({
    port: Number(args.port),
    credentials: new MemoryDeviceCredentials(fleet.devices),
    server: {
      username: 'coldwatch-server',
      password: process.env.MQTT_SERVER_PASSWORD ?? generateCredential(),
    },
    prefix: args.prefix,
  });
  url = broker.url;
  close = () => broker.close();
  log?.(`embedded broker on ${broker.url}`);
}

const running = await startFleet(fleet, adfs, {
  url,
  prefix: args.prefix,
  tenants: args.tenant,
  intervalMs: Number(args.interval),
  offlinePerHour: Number(args['offline-per-hour']),
  eventRate: Number(args['event-rate']),
  ...(args['incidents-per-hour'] ? { incidentsPerHour: Number(args['incidents-per-hour']) } : {}),
  log,
});
log?.(
  `${running.devices.filter((d) => d.connected).length}/${running.devices.length} devices connected to ${url}`,
);

// The devices' timers do not hold a process (the server embeds the fleet): this one lives until it is told to stop,
// also while the broker is away and every device only waits to reconnect.
const alive = setInterval(() => undefined, 60_000);
let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  clearInterval(alive);
  log?.('stopping: devices say offline and disconnect');
  await running.stop();
  await close?.();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
