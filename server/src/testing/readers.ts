import type { Database } from '../db/client';
import { insertUser } from './users';

/**
 * Adds a user of `tenant` who may read devices (DEVICES at READ) but not change them, reading the product in
 * `languageCode` when given: the reader of the tests that check what the server answers in a user's language.
 */
export function insertReader(
  db: Database,
  reader: { username: string; password: string; languageCode?: string; tenant?: string },
): Promise<void> {
  return insertUser(db, { ...reader, authorities: [{ authority: 'GRANT_DEVICES', type: 'READ' }] });
}

/** The passwords of the two readers insertReaders adds, by username (for signInAll). */
export const READER_PASSWORDS = { viewer: 'Viewer123', leser: 'Leser123' };

/**
 * Adds demo's two readers: viewer, who reads the product in English, and leser, in German; for the suites that
 * check what a reader may not change and what the server answers in each language.
 */
export async function insertReaders(db: Database): Promise<void> {
  await insertReader(db, { username: 'viewer', password: READER_PASSWORDS.viewer, languageCode: 'EN' });
  await insertReader(db, { username: 'leser', password: READER_PASSWORDS.leser, languageCode: 'DE' });
}
