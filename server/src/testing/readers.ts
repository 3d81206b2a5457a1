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
