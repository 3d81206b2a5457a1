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
