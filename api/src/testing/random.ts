/**
 * Deterministic draws for the property and replay tests (mulberry32): `draw(n)` is a whole number from 0 to n - 1,
 * the same sequence for the same seed on every run, so a failure names a seed that reproduces it.
 */
export function seededDraws(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
}
