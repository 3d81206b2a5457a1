import { request } from 'node:http';

/** A JSON call to the bench server on loopback (bare host = the demo tenant). */
export function callApi<T>(
  port: number,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          host: `localhost:${port}`,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () =>
          (res.statusCode ?? 500) < 300
            ? resolve(JSON.parse(text || 'null') as T)
            : reject(new Error(`${method} ${path}: ${res.statusCode} ${text}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Registers a CC-410 of the demo tenant through the admin API; answers its MQTT credential (shown only then). */
export async function registerCase(
  port: number,
  token: string,
  hexacode: string,
  name: string,
): Promise<string> {
  const { credential } = await callApi<{ credential: string }>(
    port,
    'POST',
    '/api/v2/admin/devices',
    { model: 'CC-410', hexacode, name },
    token,
  );
  return credential;
}
