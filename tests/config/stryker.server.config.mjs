// @ts-check
import { mutationScope } from './stryker.config.mjs';

/** `npm run test:mutation:server`: the server's modules against every test (the server ones cover them). */
export default mutationScope(
  'server',
  ['server/src/modules/**/*.ts', '!server/src/modules/**/*.test.ts'],
  'tests/config/vitest.mutation.config.ts',
);
