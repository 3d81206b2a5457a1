// Writes docs/machines.md from the workflow machines under src/machines/: per machine a Mermaid state diagram drawn
// from the machine's own definition and what each state means to the user (the states' `description`).
// `npm run docs:machines` rewrites the file; tests/machines/machinesDoc.test.ts fails when it no longer matches.
import { readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { renderMachinesDoc, type MachineSource } from './machinesDoc/render';

export const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const machinesDocPath = join(repositoryRoot, 'docs', 'machines.md');
const machinesDir = join(repositoryRoot, 'src', 'machines');

/** Every `*Machine.ts` under src/machines/, so a new machine is documented without editing this script. */
function machineFiles(): string[] {
  return (readdirSync(machinesDir, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((file) => file.endsWith('Machine.ts'))
    .map((file) => relative(repositoryRoot, join(machinesDir, file)).split('\\').join('/'))
    .sort();
}

function isStateMachine(value: unknown): value is MachineSource['machine'] {
  return typeof value === 'object' && value !== null && 'root' in value && 'definition' in value;
}

async function loadMachines(): Promise<MachineSource[]> {
  const sources: MachineSource[] = [];
  for (const file of machineFiles()) {
    const module = (await import(pathToFileURL(join(repositoryRoot, file)).href)) as Record<string, unknown>;
    const exported = Object.entries(module)
      .filter(([, value]) => isStateMachine(value))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (exported.length === 0) throw new Error(`${file} exports no state machine`);
    for (const [name, machine] of exported)
      sources.push({ file, name, machine: machine as MachineSource['machine'] });
  }
  return sources;
}

/** The text docs/machines.md must hold: generated, then formatted by the project's Prettier settings. */
export async function machinesDocument(): Promise<string> {
  const markdown = renderMachinesDoc(await loadMachines());
  const options = (await resolveConfig(machinesDocPath)) ?? {};
  return format(markdown, { ...options, filepath: machinesDocPath });
}

const runAsScript = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (runAsScript) {
  writeFileSync(machinesDocPath, await machinesDocument());
  console.log(`wrote ${relative(repositoryRoot, machinesDocPath)}`);
}
