import { createECDH, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Agent, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';

/**
 * Test-only: a push service on 127.0.0.1 and a browser's keys, to check what the server pushes by decrypting it
 * as a browser would (RFC 8291 aes128gcm). The certificate below is self-signed for 127.0.0.1, for tests only.
 */
const TEST_KEY = `
-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgIZxtPczOOCPjZxPY
F7yl5hVYCH0h+TVSHHU2h9d5QjmhRANCAATj1pSYQMOJjKzePNw8a9E7gbgqrHPn
vWZbqf7BTNCeG1rUUhcur6ECOwqL6DazBNYMyyjSUcycIayEXpOo/Deq
-----END PRIVATE KEY-----
`;
const TEST_CERT = `
-----BEGIN CERTIFICATE-----
MIIBkDCCATagAwIBAgIUPHOhh7dSYaaMIfXdROoz8ap09LMwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEyMjIxMTE0NloYDzIxMjYxMDI5
MjExMTQ2WjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAATj1pSYQMOJjKzePNw8a9E7gbgqrHPnvWZbqf7BTNCeG1rUUhcur6EC
OwqL6DazBNYMyyjSUcycIayEXpOo/Deqo2QwYjAdBgNVHQ4EFgQUivUuo7xACoAP
XoLCYUWVzAVYoK8wHwYDVR0jBBgwFoAUivUuo7xACoAPXoLCYUWVzAVYoK8wDwYD
VR0TAQH/BAUwAwEB/zAPBgNVHREECDAGhwR/AAABMAoGCCqGSM49BAMCA0gAMEUC
IBDYXPXYIlSnGKwmOlFNqxgARLwlixhvXjwVcz9ycukdAiEA3olQ5PxPCPkfkO+m
Mc/jdX+Vf9ymnyFtcGnN4E9rlQY=
-----END CERTIFICATE-----
`;

/** An agent that trusts the test push service's certificate (web-push always speaks https). */
export const testPushAgent = () => new Agent({ ca: TEST_CERT });

interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A push service: records each push; answers `statusOf(path)` (201 Created by default). */
export async function startTestPushService(statusOf: (path: string) => number = () => 201) {
  const received: ReceivedPush[] = [];
  const server = createServer({ key: TEST_KEY, cert: TEST_CERT }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(statusOf(request.url ?? '')).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    url: (path: string) => `https://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's subscription keys: a P-256 key pair and a 16-byte auth secret. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
    /** Decrypts an aes128gcm push body (RFC 8188 header, RFC 8291 key derivation), one record. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const senderKey = body.subarray(21, 21 + idLength);
      const ciphertext = body.subarray(21 + idLength);
      const secret = ecdh.computeSecret(senderKey);
      const info = (label: string, ...rest: Buffer[]) => Buffer.concat([Buffer.from(label), ...rest]);
      const ikm = Buffer.from(
        hkdfSync('sha256', secret, auth, info('WebPush: info\0', publicKey, senderKey), 32),
      );
      const key = Buffer.from(hkdfSync('sha256', ikm, salt, info('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, info('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', key, nonce);
      decipher.setAuthTag(ciphertext.subarray(-16));
      const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
      // The last record ends with the delimiter 0x02 then zero padding.
      const end = padded.lastIndexOf(2);
      return padded.subarray(0, end).toString('utf8');
    },
  };
}
