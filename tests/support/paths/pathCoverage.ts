import type { Declaration } from './transitionCoverage';

/**
 * What a path suite's coverage test attaches to its task meta (`task.meta.pathCoverage`) for the table
 * `npm run test:paths` ends with. Vitest sends task meta from the worker to the main process, so the table
 * works whatever pool or file parallelism runs the suites.
 */
export interface PathCoverage {
  machine: string;
  states: number;
  transitions: number;
  paths: number;
  /** Declared states and transitions walked, out of `declared`. */
  walked: number;
  declared: number;
  notWalked: string[];
  /** Unreachable allowances, with their reasons. */
  allowed: string[];
}

declare module 'vitest' {
  interface TaskMeta {
    pathCoverage?: PathCoverage;
  }
}

/** A suite's row of the table, from its machine's declaration and the names the product walked on its paths. */
export function pathCoverage(options: {
  machine: string;
  declaration: Declaration;
  paths: number;
  walked: ReadonlySet<string>;
  /** Names allowed not to be walked, with the reason. */
  unreachable?: Readonly<Record<string, string>>;
}): PathCoverage {
  const { declaration, walked, unreachable = {} } = options;
  const declared = [...declaration.transitions, ...declaration.states];
  return {
    machine: options.machine,
    states: declaration.states.length,
    transitions: declaration.transitions.length,
    paths: options.paths,
    walked: declared.filter((name) => walked.has(name)).length,
    declared: declared.length,
    notWalked: declared.filter((name) => !walked.has(name) && !(name in unreachable)),
    allowed: Object.entries(unreachable).map(([name, reason]) => `${name} (${reason})`),
  };
}
