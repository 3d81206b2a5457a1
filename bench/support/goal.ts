/**
 * How a benchmark ends when it ran but missed its goal: with this exit code, not 1. `npm run bench` fails on it;
 * the smoke run (`npm run bench:smoke`, sizes far too small to judge a goal) does not, while a crash still fails it.
 */
export const GOAL_MISSED = 3;

/** Sets the exit code for a goal met or missed (the process ends when its work is done, as before). */
export function endWithGoal(met: boolean): void {
  if (!met) process.exitCode = GOAL_MISSED;
}
