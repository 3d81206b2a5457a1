/** Small seeded PRNG (mulberry32) so a fleet behaves the same on every run and in tests. */
export type Random = () => number;

export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function seedOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Roughly normal noise (sum of uniforms), mean 0, standard deviation sd. */
export function noise(random: Random, sd: number): number {
  return (random() + random() + random() + random() - 2) * sd * 1.73;
}

/** True with the probability that an event of `perHour` rate happens within dt seconds. */
export function chance(random: Random, perHour: number, dtSeconds: number): boolean {
  return random() < 1 - Math.exp((-perHour * dtSeconds) / 3600);
}

export const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
