import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../db/client';
import { tenants } from '../../db/schema';
import { silentLogger } from '../../gateway/logger';
import { AlarmEmitter } from '../alarms/emitter';
import type { AlarmEvent, AlarmOccurrence } from '../alarms/events';
import { eventually } from '../../testing/wait';
import type { MailSettings } from './plugin';

/**
 * Test-only: the alarms module's events, announcing what a test says as the store does once per change: written
 * in a transaction of `db` (the one that would store the alarm), then emitted.
 */
export class TestAlarmEvents extends AlarmEmitter {
  constructor(private readonly db: () => Database) {
    super(silentLogger);
  }

  async announce(event: AlarmEvent): Promise<void> {
    await this.db().transaction((tx) => this.writeAll(event, tx as unknown as Database));
    this.emit(event);
  }
}

/** A high-temperature alarm of the demo's first case (1A0101), department 1.0, in tenant `tenant`. */
export async function testOccurrence(
  db: Database,
  tenant = 'demo',
  overrides: Partial<AlarmOccurrence> = {},
): Promise<AlarmOccurrence> {
  const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, tenant));
  return {
    id: `occ-${Math.random().toString(36).slice(2)}`,
    tenantId: row!.id,
    tenant,
    hexacode: '1A0101',
    deviceName: 'Dairy case 1',
    businessGroupName: 'Store North',
    department: 1,
    subDepartment: 0,
    departmentName: 'Dairy',
    page: 1,
    code: 'HIGH_TEMPERATURE',
    adfName: 'High temp',
    raisedAt: new Date('2026-01-15T03:04:05Z'),
    clearedAt: null,
    ...overrides,
  };
}

/** A plain-text e-mail read back: its headers (lower-case names) and decoded text. */
export function parseMail(raw: string): { headers: Record<string, string>; text: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const split = normalized.indexOf('\n\n');
  const headers: Record<string, string> = {};
  for (const line of normalized
    .slice(0, split)
    .replace(/\n[ \t]+/g, ' ')
    .split('\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  let text = normalized.slice(split + 2);
  if (headers['content-transfer-encoding'] === 'quoted-printable') {
    text = Buffer.from(
      text
        .replace(/=\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  }
  return { headers, text };
}

/**
 * A suite's outbox directory (a fresh one under the system's temporary folder, named from `prefix`, removed after
 * the suite), set into `settings`, the mail settings the suite gives its app.
 */
export function useOutboxDir(prefix: string, settings: Partial<MailSettings>) {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
    settings.outboxDir = dir;
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  return {
    settings,
    /** The first e-mail written to the outbox, raw, once there is one. */
    async firstMail(what = 'an .eml file'): Promise<string> {
      const [file] = await eventually(
        async () => {
          const files = (await readdir(dir)).filter((f) => f.endsWith('.eml'));
          return files.length > 0 ? files : null;
        },
        { what },
      );
      return readFile(join(dir, file!), 'utf8');
    },
  };
}
