/**
 * The units of work of a run: one per vitest test the spec files register — an operation on a network (or
 * once, for an operation that is not per network) and the service-wide wire checks per network (and once for
 * the services that are not per network). Sharding (`run --shard`) and `rerun` select units by id; the spec
 * files register only the selected ones, and this module is the one place that says which tests exist.
 */
import { findOperation, isPerNetwork, operationId } from '../contract/operations.js';
import { serviceDef, type ServiceName } from '../contract/services.js';
import type { RunConfig } from '../config/run-config.js';
import { specFileOf, WIRE_SPEC } from './spec-files.js';

/** The describe block of the service-wide wire checks (specs/wire.spec.ts). */
export const WIRE_SUITE = 'wire';
/** The test name of a unit that is not per network. */
export const GLOBAL_TEST = 'global';

export interface WorkUnit {
  /** `<describe>@<test>`: `Marketplace.GetFloorOrder@polygon`, `Builder.CreateAudience@global`, `wire@base`. */
  readonly id: string;
  /** The spec file that registers it, relative to the project root. */
  readonly file: string;
  /** The network slug, null for a unit that is not per network. */
  readonly network: string | null;
}

export const unitId = (suite: string, network: string | null): string => `${suite}@${network ?? GLOBAL_TEST}`;

/** Whether a service's wire checks run per network: when its base address is per network. */
export function wireIsPerNetwork(service: ServiceName): boolean {
  return serviceDef(service).perNetwork;
}

/** The services of the selected operations, split by whether their wire checks run per network. */
export function wireServices(operations: readonly string[]): { perNetwork: ServiceName[]; global: ServiceName[] } {
  const services = [...new Set(operations.map((id) => findOperation(id)!.service))];
  return { perNetwork: services.filter(wireIsPerNetwork), global: services.filter((s) => !wireIsPerNetwork(s)) };
}

/** Every unit of a run of these operations on these networks, in a fixed order (operations, then wire). */
export function workUnits(operations: readonly string[], networks: readonly string[]): WorkUnit[] {
  const units: WorkUnit[] = [];
  for (const id of operations) {
    const op = findOperation(id)!;
    for (const network of isPerNetwork(op) ? networks : [null]) {
      units.push({ id: unitId(operationId(op), network), file: specFileOf(op), network });
    }
  }
  const wire = wireServices(operations);
  if (wire.perNetwork.length > 0) for (const network of networks) units.push({ id: unitId(WIRE_SUITE, network), file: WIRE_SPEC, network });
  if (wire.global.length > 0) units.push({ id: unitId(WIRE_SUITE, null), file: WIRE_SPEC, network: null });
  return units;
}

/** The units of the run that `config` selects. */
export function selectedUnits(config: Pick<RunConfig, 'operations' | 'networks' | 'selection'>): WorkUnit[] {
  const all = workUnits(config.operations, config.networks);
  if (!config.selection) return all;
  const wanted = new Set(config.selection);
  return all.filter((u) => wanted.has(u.id));
}

/** Whether the spec files register the test `network` (null: `global`) of `suite`. */
export function isSelected(config: Pick<RunConfig, 'selection'>, suite: string, network: string | null): boolean {
  return config.selection === undefined || config.selection.includes(unitId(suite, network));
}

/** The unit a result of the report belongs to: its operation (or, for a wire check, the wire suite) and network. */
export function unitOfResult(result: { operation: string; network: string | null }): string {
  return unitId(findOperation(result.operation) ? result.operation : WIRE_SUITE, result.network);
}
