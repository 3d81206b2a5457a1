// @ts-check
import { machines, mutationScope } from './stryker.config.mjs';

/** `npm run test:mutation:paths`: the src/machines mutants against the generated path tests alone. */
export default mutationScope('machines-paths', machines, 'tests/config/vitest.mutation.paths.config.ts');
