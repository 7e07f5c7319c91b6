/**
 * `run --shard i/n`: a deterministic share of the run's units of work (operations × networks, see
 * src/harness/work.ts). vitest's own `--shard` partitions spec files, and the files here are very unequal
 * (a per-network operation is 39 tests, a Builder operation one, and there are 19 files, so 20 shards would
 * leave one empty); the share is therefore cut from the units in their fixed order, round robin: unit k goes
 * to shard (k mod n) + 1. Every unit lands in exactly one shard, each shard gets the same number of units
 * within one, and the same flags always give the same shares. The distributed engine is the CI matrix; each
 * shard writes a partial report, and `conformance merge` puts them together (src/gate/merge.ts).
 */
import { UsageError } from '../config/usage-error.js';
import { shownValue } from '../config/shown-values.js';
import { workUnits } from '../harness/work.js';

export interface Shard {
  readonly index: number;
  readonly count: number;
}

export function parseShard(value: string): Shard {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  if (!match) throw new UsageError(`--shard: expected i/n (e.g. 2/3), got ${shownValue(value)}`);
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || count > 1000) throw new UsageError(`--shard: the number of shards must be between 1 and 1000, got ${count}`);
  if (index < 1 || index > count) throw new UsageError(`--shard: the index must be between 1 and ${count}, got ${index}`);
  return { index, count };
}

/** The ids of the units shard `index` of `count` runs. */
export function shardUnits(operations: readonly string[], networks: readonly string[], shard: Shard): string[] {
  return workUnits(operations, networks)
    .filter((_, k) => k % shard.count === shard.index - 1)
    .map((u) => u.id);
}

/** Narrows a run to its shard's units (a run without --shard is returned as it is). */
export function selectShard<
  C extends { readonly operations: readonly string[]; readonly networks: readonly string[]; readonly shard?: Shard },
>(config: C): C & { readonly selection?: readonly string[] } {
  if (!config.shard) return config;
  const total = workUnits(config.operations, config.networks).length;
  if (config.shard.count > total) {
    throw new UsageError(
      `--shard ${config.shard.index}/${config.shard.count}: this run has only ${total} units of work (operations × networks); use at most ${total} shards`,
    );
  }
  return { ...config, selection: shardUnits(config.operations, config.networks, config.shard) };
}
