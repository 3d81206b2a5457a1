import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { machinesDocPath, machinesDocument } from '../../scripts/machines-doc';

// docs/machines.md is generated from the machines; CI fails here when a machine changed and the document did not.
describe('docs/machines.md', () => {
  it('matches the machine definitions', { timeout: 30_000 }, async () => {
    const expected = await machinesDocument();
    const written = readFileSync(machinesDocPath, 'utf8');
    if (written !== expected) {
      expect.fail(
        'docs/machines.md does not match the machines under src/machines/: run `npm run docs:machines`',
      );
    }
  });

  it('says what every top- and second-level state means to the user', { timeout: 30_000 }, async () => {
    const undescribed = (await machinesDocument())
      .split('\n')
      .filter((line) => /^\| `[^.`]+(\.[^.`]+)?`/.test(line) && /\| — \|/.test(line.replace(/ {2,}/g, ' ')));
    expect(undescribed, 'add a `description` to these states, then run `npm run docs:machines`').toEqual([]);
  });
});
