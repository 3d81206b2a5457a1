import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../open';
import { tenants } from '../schema';
import { useTempDirs } from '../../testing/tempDirs';
import { eventually } from '../../testing/wait';
import { clusterDirOf, runningPostmaster } from './cluster';

const WRITER = fileURLToPath(new URL('../../testing/ackingWriter.ts', import.meta.url));
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The writer on `dataDir`: what it acknowledged, whether it opened the database, how it ended. */
function startWriter(dataDir: string, prefix: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dataDir, prefix], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const state = { acked: [] as string[], ready: false, exited: false, output: '' };
  let partial = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop()!;
    for (const line of lines) {
      if (line === 'ready') state.ready = true;
      else if (line.startsWith('acked ')) state.acked.push(line.slice(6));
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (state.output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => (state.exited = true));
  return { child, state, exited };
}

describe('the embedded PostgreSQL under SIGKILL', () => {
  const tempDir = useTempDirs();

  it('ten SIGKILLs during writes: every restart is healthy, no acknowledged write is lost', async () => {
    const dataDir = await tempDir('coldwatch-crash-');
    const acknowledged: string[] = [];
    const seed = Date.now();
    let random = seed;
    const next = (n: number) => ((random = (random * 1_103_515_245 + 12_345) % 2 ** 31) % n) + 1;
    for (let round = 0; round < 10; round++) {
      const writer = startWriter(dataDir, `round${round}`);
      // Killed after a random number of acknowledged writes, at whatever point of the next one it has reached.
      const writes = next(25);
      await eventually(() => writer.state.exited || writer.state.acked.length >= writes, {
        what: `round ${round}`,
        timeoutMs: 60_000,
      }).catch(async (error: Error) => {
        const logs = await readdir(join(clusterDirOf(dataDir), 'log')).catch(() => []);
        const tail = await Promise.all(
          logs.map(async (f) => (await readFile(join(clusterDirOf(dataDir), 'log', f), 'utf8')).slice(-3000)),
        );
        throw new Error(
          `${error.message} (seed ${seed}); ready: ${writer.state.ready}, acked ${writer.state.acked.length}; ` +
            `the writer said:\n${writer.state.output}\npostmaster.pid: ${await readFile(join(clusterDirOf(dataDir), 'postmaster.pid'), 'utf8').catch(() => '-')}\n${tail.join('\n')}`,
        );
      });
      expect({ round, seed, exited: writer.state.exited, log: writer.state.output }).toMatchObject({
        exited: false,
      });
      const postmaster = await runningPostmaster(clusterDirOf(dataDir));
      writer.child.kill('SIGKILL');
      // Every other round the database goes too, as on a power cut: the next start recovers it from its WAL.
      if (round % 2 === 1 && postmaster) process.kill(postmaster.pid, 'SIGKILL');
      await writer.exited;
      acknowledged.push(...writer.state.acked);
    }
    const handle = await openDatabase({ databaseUrl: undefined, dataDir, role: 'server', log: quiet });
    try {
      const found = await handle.db
        .select({ name: tenants.name })
        .from(tenants)
        .where(inArray(tenants.name, acknowledged));
      expect(found.map((t) => t.name).sort()).toEqual([...acknowledged].sort());
      expect(acknowledged.length).toBeGreaterThanOrEqual(10);
    } finally {
      await handle.close();
    }
    expect(await runningPostmaster(clusterDirOf(dataDir))).toBeUndefined();
  }, 240_000);
});
