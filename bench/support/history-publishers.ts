/**
 * The devices of bench/history-record.ts, in a process of their own so the server's CPU share is its own: CC-410
 * controllers publishing both departments' complete values every period until stopped.
 *
 *   node --import tsx bench/support/history-publishers.ts <broker url> <devices> <period ms>
 */
import mqtt from 'mqtt';
import { loadAdfs } from '../../server/src/gateway/adf/loader';
import { PROTOCOL_VERSION } from '../../server/src/gateway/protocol';
import { benchCredential, benchHexacode } from './history';

const [url, count, period] = process.argv.slice(2) as [string, string, string];
const kind = (await loadAdfs()).get('CC-410')!.kinds.get('evaporator')!;
const lines = [...kind.lines].map(([key, line]) => ({ key, options: line.options !== undefined }));

let sent = 0;
const clients = await Promise.all(
  Array.from({ length: Number(count) }, async (_, i) => {
    const hexacode = benchHexacode(i);
    const username = `bench/${hexacode}`;
    const client = await mqtt.connectAsync(url, {
      username,
      password: benchCredential(hexacode),
      clientId: username,
      protocolVersion: 4,
      reconnectPeriod: 0,
    });
    const publish = () => {
      for (const sub of [0, 1]) {
        const values: Record<string, number> = {};
        for (const line of lines) values[line.key] = line.options ? 0 : Math.round(Math.random() * 400 - 200);
        const message = { v: PROTOCOL_VERSION, type: 'values', ts: Date.now(), values };
        client.publish(`devices/bench/${hexacode}/departments/1.${sub}/values`, JSON.stringify(message), {
          qos: 0,
          retain: true,
        });
        sent++;
      }
    };
    // Spread over the period, as a fleet of independent controllers would be.
    setTimeout(() => setInterval(publish, Number(period)), (Number(period) * i) / Number(count));
    return client;
  }),
);
process.send?.({ ready: true });
process.on('message', async () => {
  process.send?.({ sent });
  await Promise.all(clients.map((c) => c.endAsync()));
  process.exit(0);
});
