import type { TestProject } from 'vitest/node';
import { makeSeededTemplates, removeSeededTemplates } from './seededTemplates';

/** Seeds one database of each kind for the server suites of this run; each suite starts from a copy. */
export default async function setup(project: TestProject) {
  const templates = await makeSeededTemplates();
  project.provide('seededTemplates', templates);
  return () => removeSeededTemplates(templates);
}
