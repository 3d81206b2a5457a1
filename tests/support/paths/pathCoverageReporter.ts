import type { Reporter, TestModule } from 'vitest/node';
import type { PathCoverage } from './pathCoverage';

const headers = ['machine', 'states', 'transitions', 'paths', 'walked', 'not walked'] as const;

/** The rows of the table: a machine's first line, then one line per further name not walked or allowed. */
export function coverageTable(coverages: PathCoverage[]): string {
  const rows = coverages.flatMap((coverage) => {
    const names = [...coverage.notWalked, ...coverage.allowed.map((allowance) => `allowed: ${allowance}`)];
    const first = [
      coverage.machine.replace(/ paths$/, ''),
      String(coverage.states),
      String(coverage.transitions),
      String(coverage.paths),
      `${coverage.walked}/${coverage.declared}`,
      names[0] ?? '—',
    ];
    return [first, ...names.slice(1).map((name) => ['', '', '', '', '', name])];
  });
  const total = coverages.reduce(
    (sum, c) => ({
      paths: sum.paths + c.paths,
      walked: sum.walked + c.walked,
      declared: sum.declared + c.declared,
    }),
    { paths: 0, walked: 0, declared: 0 },
  );
  rows.push(['total', '', '', String(total.paths), `${total.walked}/${total.declared}`, '']);
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (column === 5 ? 0 : row[column]!.length))),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) =>
        column === 0 || column === 5 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

/** Prints, once every path test has run, one row per machine: `npm run test:paths` ends with it. */
export default class PathCoverageReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const coverages = testModules
      .flatMap((module) => [...module.children.allTests()])
      .flatMap((test) => test.meta().pathCoverage ?? [])
      .sort((a, b) => a.machine.localeCompare(b.machine));
    if (!coverages.length) return;
    console.log(`\nPath coverage against each machine's declaration\n\n${coverageTable(coverages)}\n`);
  }
}
