import type { TestProject } from 'vitest/node';
import { dropDatabase, startTestPostgres } from '../../server/src/testing/testPostgres';
import type { DatabaseTemplate } from './support/server';
import { makeSeededDatabase } from './support/seededDatabase';
import { serverBundle } from './support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded database every end-to-end file's server starts on a copy of. */
    seededDatabase: DatabaseTemplate;
  }
}

/** Starts the run's PostgreSQL and seeds one demo database; each end-to-end file's server gets a copy (e2eServer.ts). */
export default async function setup(project: TestProject) {
  // Built once for the run's workers (they inherit the environment), not once a file.
  process.env.COLDWATCH_SERVER_BUNDLE = await serverBundle();
  const postgres = await startTestPostgres();
  const seeded = await makeSeededDatabase(postgres.adminUrl);
  project.provide('seededDatabase', seeded);
  return async () => {
    await dropDatabase(seeded.adminUrl, seeded.template);
    await postgres.stop();
  };
}
