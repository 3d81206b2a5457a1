import { describe, it } from 'vitest';

/**
 * Calls `build` (which makes a suite's paths from its machine) while vitest collects the file; when the machine
 * throws on the way (a guard it cannot evaluate, a target it cannot resolve), a failing test says so. Thrown at
 * collection, it would fail the file without failing a test, which a mutation run reads as a surviving mutant.
 */
export function whenPathsBuild<T>(title: string, build: () => T, suite: (built: T) => void): void {
  let built: T;
  try {
    built = build();
  } catch (error) {
    describe(title, () =>
      it('makes its paths from the machine', () => {
        throw error;
      }),
    );
    return;
  }
  suite(built);
}
