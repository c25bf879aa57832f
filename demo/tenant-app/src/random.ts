/**
 * Deterministic randomness: the same seed and parts always give the same number, so the demo document is a pure
 * function of its seed and the clock (and testable as such).
 */

/** A number in [0, 1) from the seed and any parts: FNV-1a over the text, then a murmur3 finaliser to spread it. */
export function unitHash(...parts: ReadonlyArray<string | number>): number {
  const text = parts.join('|');
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) / 2 ** 32;
}

/** An integer in [min, max]. */
export function intHash(min: number, max: number, ...parts: ReadonlyArray<string | number>): number {
  return min + Math.floor(unitHash(...parts) * (max - min + 1));
}

export function pick<T>(items: readonly T[], ...parts: ReadonlyArray<string | number>): T {
  return items[intHash(0, items.length - 1, ...parts)] as T;
}

/** A smooth wave in [-1, 1] with the given period, its phase drawn from the seed. */
export function wave(seed: string, name: string, timeMs: number, periodMs: number): number {
  const phase = unitHash(seed, name, 'phase') * 2 * Math.PI;
  return Math.sin((2 * Math.PI * timeMs) / periodMs + phase);
}

/**
 * Noise that drifts rather than jumps: values drawn per step of `stepMs` and interpolated between, in [0, 1).
 * This is what makes the load wander between scrapes without a visible saw-tooth.
 */
export function drift(seed: string, name: string, timeMs: number, stepMs: number): number {
  const step = Math.floor(timeMs / stepMs);
  const within = (timeMs - step * stepMs) / stepMs;
  const smooth = within * within * (3 - 2 * within);
  const from = unitHash(seed, name, step);
  const to = unitHash(seed, name, step + 1);
  return from + (to - from) * smooth;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
