import { e2eServer } from './e2eServer';
import { request } from 'node:http';

/** Calls the server directly on loopback with a tenant's Host header (no DNS for *.localhost needed). */
export function apiRequest(
  tenant: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string }> {
  const port = e2eServer().port;
  const host = tenant === 'demo' ? `localhost:${port}` : `${tenant}.localhost:${port}`;
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: init.method ?? 'GET', headers: { ...init.headers, host } },
      (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}
