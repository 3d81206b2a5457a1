import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../e2e/support/server';
import { eventually } from '../../server/src/testing/wait';
import { reachable } from '../../server/src/testing/net';

export const MOSQUITTO = '/usr/sbin/mosquitto';

export interface OwnBroker {
  url: string;
  /** Ends the broker at once (SIGKILL), as a crash would: no wills, no goodbye to the clients. */
  kill(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A Mosquitto of a test's own, configured as the machine's (a loopback listener, anonymous clients), so a test
 * can kill and restart it while other suites go on using the machine's. Without persistence: a SIGKILL loses what
 * was not autosaved anyway, so after a restart the broker knows only what clients publish again.
 */
export async function startOwnBroker(): Promise<OwnBroker> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'coldwatch-mosquitto-'));
  const config = join(dir, 'mosquitto.conf');
  await writeFile(
    config,
    `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\nlog_dest none\n`,
  );
  let child: ChildProcess | undefined;
  const kill = async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  const start = async () => {
    child = spawn(MOSQUITTO, ['-c', config], { stdio: 'ignore' });
    await eventually(() => reachable(port), { what: 'Mosquitto listening' });
  };
  await start();
  return {
    url: `mqtt://127.0.0.1:${port}`,
    kill,
    start,
    stop: async () => {
      await kill();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
