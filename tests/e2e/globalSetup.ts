import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { makeSeededDataDir } from './support/seededDataDir';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The data directory every end-to-end file's server starts from a copy of. */
    seededDataDir: string;
  }
}

/** Seeds one demo database for the run; each end-to-end file's server starts from a copy (e2eServer.ts). */
export default async function setup(project: TestProject) {
  const dataDir = await makeSeededDataDir();
  project.provide('seededDataDir', dataDir);
  return () => rm(dataDir, { recursive: true, force: true });
}
