import { describe, expect, it } from 'vitest';
import { linkBaseOf, loopbackOrigin } from './links';

const request = (hostname: string, port = 8080) => ({
  protocol: 'http' as const,
  hostname,
  host: `${hostname}:${port}`,
});

describe('where links in e-mail lead', () => {
  it('to where the request came from when that is this machine', () => {
    for (const hostname of ['localhost', 'acme.localhost', '127.0.0.1', '[::1]'])
      expect(loopbackOrigin(request(hostname))).toBe(`http://${hostname}:8080`);
  });

  it('never to any other host a request names: it could take a token elsewhere', () => {
    for (const hostname of [
      'demo.attacker.example',
      '10.0.0.5',
      'localhost.attacker.example',
      'evillocalhost',
    ])
      expect(loopbackOrigin(request(hostname)), hostname).toBeNull();
  });

  it("to PUBLIC_URL with the tenant's name when it is set, whatever the request", () => {
    const links = { publicUrl: 'https://coldwatch.example.com', port: 8080 };
    expect(linkBaseOf('acme', links, 'http://localhost:8080')).toBe('https://acme.coldwatch.example.com');
    const local = { publicUrl: undefined, port: 8080 };
    expect(linkBaseOf('acme', local, 'http://acme.localhost:8080')).toBe('http://acme.localhost:8080');
    expect(linkBaseOf('demo', local, 'http://localhost:8080')).toBe('http://localhost:8080');
    expect(linkBaseOf('demo', local, null)).toBe('http://demo.localhost:8080');
  });
});
