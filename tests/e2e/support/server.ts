import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgliteDirOf } from '../../../server/src/db/client';
import { copyPgliteTemplate } from '../../../server/src/testing/pgliteTemplate';

export interface RunningServer {
  port: number;
  mqttPort: number;
  /** DATA_DIR of the server: its embedded database and mail outbox. */
  dataDir: string;
  /** The server process (benches read its memory). */
  pid: number;
  /** What the server has written to standard output and error so far. */
  output(): string;
  /** Ends the process at once (SIGKILL), as a crash or a lost machine would. */
  kill(): Promise<void>;
  /** Ends the process as a deploy would (SIGTERM) and deletes its data directory unless `keepData`. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export interface StartOptions {
  /** A data directory to start from (copied, never changed): a database the server made before. */
  from?: string;
  /** A server that ended: start again on its ports and its data directory, as after a crash or a deploy. */
  again?: Pick<RunningServer, 'port' | 'mqttPort' | 'dataDir'>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitUntilHealthy(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy within 90 s:\n${log()}`);
}

/**
 * Starts the real server (the built SPA from dist/) on a free port, with a fresh data directory or a copy of
 * `options.from`.
 */
export async function startServer(
  extraEnv: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  const { again } = options;
  const port = again?.port ?? (await freePort());
  const mqttPort = again?.mqttPort ?? (await freePort());
  const dataDir = again?.dataDir ?? (await mkdtemp(join(tmpdir(), 'coldwatch-e2e-')));
  // Started again, the server finds its data directory as it left it.
  if (!again && options.from) await cp(options.from, dataDir, { recursive: true });
  // A copy of a fresh database: the server migrates and seeds it as it would a database it created itself.
  else if (!again) await copyPgliteTemplate(pgliteDirOf(dataDir));
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO: 'true',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  try {
    await waitUntilHealthy(port, child, () => output);
  } catch (error) {
    // A server that never became healthy must not outlive the run that started it.
    child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    mqttPort,
    dataDir,
    pid: child.pid!,
    output: () => output,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!keepData) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
