// @ts-check
/**
 * `MUTATION_SAMPLE=0.05`: Stryker tests a uniform random sample of the mutants (5% here) and reports the others
 * as ignored ("Outside the sample"), so a score over all of src/machines can be estimated on two cores in an
 * hour instead of measured in days (docs/benchmarks.md, "Mutation testing"). The sample is a hash of each
 * mutant's file, place, mutator and replacement: the same code gives the same sample, so runs can be repeated
 * and compared, and the scopes (all tests, path tests alone) are scored on the same mutants.
 *
 * Stryker has no sampling option, and its ignorer plugins see syntax nodes, whose ignoring spreads to every
 * mutant inside them (a sample of nodes would favour small ones). So this wraps the one place where each
 * mutant is made, the instrumenter's MutantCollector, which runs in Stryker's main process.
 */
import { createHash } from 'node:crypto';
import process from 'node:process';
import { URL } from 'node:url';
import { relative } from 'node:path';

const rate = Number(process.env.MUTATION_SAMPLE);

/** @param {{ fileName: string, original: any, mutatorName: string, replacementCode: string }} mutant */
function inSample({ fileName, original, mutatorName, replacementCode }) {
  const { line, column } = original.loc.start;
  const key = `${relative(process.cwd(), fileName)}:${line}:${column}:${mutatorName}:${replacementCode}`;
  const hash = createHash('sha256').update(key).digest().readUInt32BE(0);
  return hash / 2 ** 32 < rate;
}

if (rate > 0 && rate < 1) {
  // The package exports only its index; the collector is its sibling file, the module Stryker itself loads.
  const index = import.meta.resolve('@stryker-mutator/instrumenter');
  const { MutantCollector } = await import(new URL('./transformers/mutant-collector.js', index).href);
  const collect = MutantCollector.prototype.collect;
  MutantCollector.prototype.collect = function (/** @type {unknown[]} */ ...args) {
    const mutant = collect.apply(this, args);
    if (!mutant.ignoreReason && !inSample(mutant)) mutant.ignoreReason = 'Outside the sample';
    return mutant;
  };
}
