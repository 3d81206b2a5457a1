import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachBackend, type TestDatabase } from '../testing/backends';
import { preparedRead } from './prepared';

const A = '6f1c9a52-3d4e-4b8a-9c2f-0a1b2c3d4e5f';
const B = '0e2d4c6b-8a9f-4e1d-b3c5-7a9b1c3d5e7f';

describeEachBackend('prepared reads', (backend) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await backend.open();
  });
  afterAll(() => handle.dispose());

  const echo = () =>
    preparedRead<{ first: string; same: boolean }>(
      handle.db,
      'coldwatch_test_echo',
      'SELECT $1::uuid::text AS first, $1::uuid = $2::uuid AS same',
    );

  it('answers each call with its own parameters, the statement made once for every reader of the database', async () => {
    const one = echo();
    const two = echo();
    // Concurrent first calls, from two readers as two app instances over one database make them.
    const answers = await Promise.all([one(A, B), two(B, B), one(A, A)]);
    expect(answers).toEqual([
      [{ first: A, same: false }],
      [{ first: B, same: true }],
      [{ first: A, same: true }],
    ]);
    expect(await two(B, A)).toEqual([{ first: B, same: false }]);
  });
});
