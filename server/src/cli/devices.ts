/**
 * Device registration for administrators (docs/device-protocol.md, "Registering a device"):
 *
 *   npm run device -- register --tenant demo --model CC-410 --hexacode 0A1B2C --name "Case 7" [--group "Store 101"]
 *   npm run device -- list [--tenant demo]
 *
 * Uses the server's configuration (DATABASE_URL, or the embedded PostgreSQL of DATA_DIR: the running server's, or
 * started for the command and stopped after it when no server runs).
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import { exitWhenDone } from './exit';
import { toolLog } from './toolLog';
import { AppError } from '../errors';
import { loadAdfs } from '../gateway/adf/loader';
import { listDevices, registerDevice } from '../modules/devices/registration';

const USAGE = `usage:
  device register --tenant <name> --model <ADF id> --hexacode <6-16 hex digits> --name <name> [--group <business group>]
  device list [--tenant <name>]`;

async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      tenant: { type: 'string' },
      model: { type: 'string' },
      hexacode: { type: 'string' },
      name: { type: 'string' },
      group: { type: 'string' },
    },
  });
  if (command !== 'register' && command !== 'list') {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig(process.env);
  const handle = await openDatabase({ ...config, role: 'tool', log: toolLog });
  try {
    await migrate(handle);
    if (command === 'list') {
      const rows = await listDevices(handle.db, values.tenant);
      for (const r of rows) {
        console.log(
          [
            r.tenant,
            r.hexacode,
            r.type,
            r.model,
            JSON.stringify(r.name),
            r.group ? JSON.stringify(r.group) : '-',
          ].join('\t'),
        );
      }
      if (rows.length === 0) console.log('no devices');
      return 0;
    }
    const { tenant, model, hexacode, name, group } = values;
    if (!tenant || !model || !hexacode || !name) {
      console.error(`register needs --tenant, --model, --hexacode and --name\n${USAGE}`);
      return 2;
    }
    const adfs = await loadAdfs();
    const registered = await registerDevice(handle.db, adfs, { tenant, model, hexacode, name, group });
    console.log(`Registered ${tenant}/${registered.hexacode} (${model}).`);
    console.log('MQTT username:   ' + `${tenant}/${registered.hexacode}`);
    console.log('MQTT password:   ' + registered.credential);
    console.log('Shown only now: the server keeps only its hash. Put it in the device now.');
    return 0;
  } finally {
    await handle.close();
  }
}

exitWhenDone(
  run(process.argv.slice(2)),
  (error): error is Error => error instanceof AppError || error instanceof ConfigError,
  (error) => (error instanceof AppError && error.statusCode === 409 ? 3 : 1),
);
