import type { TestProject } from 'vitest/node';
import { makeSeededTemplates, removeSeededTemplates } from './seededTemplates';
import { startTestPostgres } from './testPostgres';

/** Starts the run's PostgreSQL and seeds its template databases; each server suite starts from a copy. */
export default async function setup(project: TestProject) {
  const postgres = await startTestPostgres();
  const server = { adminUrl: postgres.adminUrl, templates: await makeSeededTemplates(postgres.adminUrl) };
  project.provide('testDatabase', server);
  return async () => {
    await removeSeededTemplates(server);
    await postgres.stop();
  };
}
