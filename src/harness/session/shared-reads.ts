/**
 * Requests one session shares among its checks (the example request, a floor order found once, an audience
 * created once): each made once, and every check that reads one gets the exchanges behind it on its trail
 * (reading-trail.ts), as if it had sent them itself.
 */
import { followReads, readsNow } from './reading-trail.js';

interface Shared {
  readonly value: Promise<unknown>;
  /** The exchanges made to produce the value. */
  readonly reads: Set<number>;
}

export class SharedReads {
  private readonly made = new Map<string, Shared>();

  constructor(private readonly owner: object) {}

  memoize<T>(key: string, make: () => Promise<T>): Promise<T> {
    let shared = this.made.get(key);
    if (!shared) {
      const reads = new Set<number>();
      shared = { value: followReads(this.owner, reads, make), reads };
      this.made.set(key, shared);
    }
    const reader = readsNow(this.owner);
    if (!reader) return shared.value as Promise<T>;
    const { value, reads } = shared;
    return value.then((made) => {
      for (const index of reads) reader.add(index);
      return made as T;
    });
  }
}
