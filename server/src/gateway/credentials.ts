import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device credentials. A device credential is a random secret made by the server at registration (≥ 128 bits), not
 * a human password, so a single SHA-256 is a sound way to store it: there is nothing to brute-force, and the broker
 * can check thousands of reconnecting devices per second after a restart (scrypt at 50 ms each would take minutes).
 */
export interface DeviceCredentials {
  /** The stored hash ("sha256:<hex>") of the credential of tenant/hexacode, or undefined for an unknown device. */
  lookup(tenant: string, hexacode: string): Promise<string | undefined>;
}

export const MIN_CREDENTIAL_LENGTH = 16;

export function generateCredential(): string {
  return randomBytes(24).toString('base64url');
}

export function hashCredential(credential: string): string {
  return `sha256:${createHash('sha256').update(credential, 'utf8').digest('hex')}`;
}

export function verifyCredential(credential: string, stored: string): boolean {
  const expected = Buffer.from(stored, 'utf8');
  const actual = Buffer.from(hashCredential(credential), 'utf8');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** For tests, the standalone demo broker and the simulator; the product uses a database-backed implementation. */
export class MemoryDeviceCredentials implements DeviceCredentials {
  private readonly hashes = new Map<string, string>();

  constructor(entries: Iterable<{ tenant: string; hexacode: string; credential: string }> = []) {
    for (const e of entries) this.set(e.tenant, e.hexacode, e.credential);
  }

  set(tenant: string, hexacode: string, credential: string): void {
    this.hashes.set(`${tenant}/${hexacode}`, hashCredential(credential));
  }

  delete(tenant: string, hexacode: string): void {
    this.hashes.delete(`${tenant}/${hexacode}`);
  }

  async lookup(tenant: string, hexacode: string): Promise<string | undefined> {
    return this.hashes.get(`${tenant}/${hexacode}`);
  }
}
