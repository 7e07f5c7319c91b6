/** Per-check seeds derived from the run's seed, so one `--seed` replays every property of a run exactly. */
export function deriveSeed(seed: number, ...parts: readonly string[]): number {
  // FNV-1a over the parts: stable across platforms and Node versions, unlike Math.random or object order.
  let hash = 0x811c9dc5 ^ (seed >>> 0);
  for (const part of parts) {
    for (let i = 0; i < part.length; i += 1) {
      hash ^= part.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    hash = Math.imul(hash ^ 0xff, 0x01000193) >>> 0;
  }
  return hash | 0;
}
