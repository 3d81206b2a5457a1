import type { ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eventually } from '../../../server/src/testing/wait';

/** Node options that let `diagnosticReport` ask a running server what it is doing. */
export const reportOnSignal = (dir: string) => ['--report-on-signal', `--report-directory=${dir}`];

interface NodeReport {
  javascriptStack?: { message?: string; stack?: string[] };
  libuv?: { type: string; is_active?: boolean; localEndpoint?: { port?: number } | null }[];
}

/**
 * What a server that does not become healthy is doing, for the test's error: Node's diagnostic report (SIGUSR2,
 * started with `reportOnSignal`) cut to its JavaScript stack and the TCP ports it listens on or uses.
 */
export async function diagnosticReport(child: ChildProcess, dir: string): Promise<string> {
  if (child.exitCode !== null || child.signalCode !== null || !child.kill('SIGUSR2')) return 'no report';
  // The file shows up before it is whole: wait until it parses.
  const report = await eventually(
    async () => {
      const file = (await readdir(dir).catch(() => [])).find((name) => /^report\..*\.json$/.test(name));
      if (!file) return undefined;
      return readFile(join(dir, file), 'utf8')
        .then((text) => JSON.parse(text) as NodeReport)
        .catch(() => undefined);
    },
    { what: "the server's diagnostic report", timeoutMs: 10_000 },
  ).catch(() => undefined);
  if (!report) return 'no report (none written within 10 s)';
  const ports = (report.libuv ?? [])
    .filter((handle) => handle.type === 'tcp' && handle.is_active && handle.localEndpoint?.port)
    .map((handle) => handle.localEndpoint!.port);
  const stack = (report.javascriptStack?.stack ?? []).slice(0, 8).join('\n  ');
  const running = stack
    ? `running ${report.javascriptStack?.message ?? ''}\n  ${stack}`
    : 'idle (waiting on I/O or a timer)';
  return `the server's local TCP ports (listening or connected): ${ports.join(', ') || 'none'}; its JavaScript: ${running}`;
}
