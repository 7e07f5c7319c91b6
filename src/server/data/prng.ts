/**
 * Determinism for the seeded data: a small PRNG (sfc32) keyed by the server seed and a label, so each network's
 * data is generated independently (adding a network or a field elsewhere never shifts another network's data),
 * and keccak-derived values for answers that depend on caller input (balances of any address).
 */
import type { Hex } from 'viem';
import { keccak256Hex } from '../../crypto/keccak.js';

/** cyrb128: four 32-bit words from a string, enough to seed sfc32. */
function hashString(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
}

export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, label: string) {
    [this.a, this.b, this.c, this.d] = hashString(`${seed}/${label}`);
    for (let i = 0; i < 12; i++) this.next(); // let the state mix before the first draw
  }

  /** A uniform 32-bit unsigned integer. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor((this.next() / 4294967296) * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() / 4294967296 < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(0, items.length - 1)] as T;
  }

  /** `bytes` random bytes as lower-case hex, without 0x. */
  hex(bytes: number): string {
    let out = '';
    while (out.length < bytes * 2) out += this.next().toString(16).padStart(8, '0');
    return out.slice(0, bytes * 2);
  }

  /** An address as real servers send it: 0x and 40 lower-case hex digits (wire-facts.md §5). */
  address(): Hex {
    return `0x${this.hex(20)}`;
  }
}

/** A keccak-derived non-negative integer for `parts` (stable across runs and platforms). */
export function hashToBigInt(...parts: readonly (string | number)[]): bigint {
  return BigInt(keccak256Hex(parts.join('|')));
}

/**
 * The seeded times, written thousands of times each in a run (every order and collectible carries a few):
 * written once. Bounded, as the clock's own times are written here too.
 */
const written = new Map<number, string>();
const MAX_WRITTEN = 16_384;

/** A seeded point in time, as RFC 3339 without fractional seconds (wire-facts.md §5). */
export function rfc3339(epochSeconds: number): string {
  let text = written.get(epochSeconds);
  if (text === undefined) {
    text = new Date(epochSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    if (written.size >= MAX_WRITTEN) written.clear();
    written.set(epochSeconds, text);
  }
  return text;
}

/** The clock's current time in RFC 3339 (for records the server creates at run time). */
export function nowRfc3339(): string {
  return rfc3339(Math.floor(Date.now() / 1000));
}
