/**
 * The run configuration of a check session built by hand against a loopback server: one network (polygon), one
 * operation (GetFloorOrder), one property run, no fixtures, nothing written anywhere.
 */
import { targetsFromOrigin, type RunConfig } from '../../src/config/run-config.js';

export function sessionConfig(origin: string, accessKey: string): RunConfig {
  return {
    targets: targetsFromOrigin(origin),
    embedded: false,
    accessKey,
    networks: ['polygon'],
    operations: ['Marketplace.GetFloorOrder'],
    seed: 1,
    runId: '000000000001',
    runs: 1,
    timeoutMs: 10_000,
    concurrency: 4,
    strict: false,
    readOnly: false,
    allowDestructive: false,
    requireComplete: false,
    fixtures: { networks: {} },
    reportDir: '/nonexistent',
  };
}
