import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { apiRequest } from './api';
import { e2eServer } from './e2eServer';
import { apiToken } from './pathSession';

/** The demo administrator's bearer token. */
export const adminToken = (): Promise<string> => apiToken('demo', 'admin', 'Admin123');

/** A call to the demo tenant's API; a refusal fails the test with the server's answer. */
export async function call(token: string, method: string, path: string, body?: object): Promise<string> {
  const response = await apiRequest('demo', path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${response.body}`);
  return response.body;
}

/** The warehouse cold room of the demo tenant: a standalone CC-410 whose evaporator is department 1.0. */
export const COLD_ROOM = '2D0001';

/** The simulated cold room raises or clears `code` on its evaporator (the demo's documented on-demand route). */
export const forceColdRoomAlarm = (token: string, code: string, raised: boolean) =>
  call(token, 'POST', '/api/v2/demo/alarms', { hexacode: COLD_ROOM, department: '1.0', code, raised });

/** The .eml files of the server's outbox in which `text` stands (an .eml.tmp is still being written). */
export async function mailsWith(text: string): Promise<string[]> {
  const outbox = join(e2eServer().dataDir, 'outbox');
  const names = (await readdir(outbox).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
  const mails = await Promise.all(names.map((name) => readFile(join(outbox, name), 'utf8')));
  return mails.filter((mail) => mail.includes(text));
}
