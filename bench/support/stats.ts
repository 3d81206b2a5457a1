/** Percentile of already-collected samples (nearest rank). */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** Smallest and largest sample, in one pass (spreading 100,000 samples into Math.min overflows the stack). */
export function extremes(samples: readonly number[]): { min: number; max: number } {
  let min = Number.NaN;
  let max = Number.NaN;
  for (const sample of samples) {
    if (!(sample >= min)) min = sample;
    if (!(sample <= max)) max = sample;
  }
  return { min, max };
}

export const round = (value: number, digits = 1) => Number(value.toFixed(digits));

export const now = () => performance.timeOrigin + performance.now();
