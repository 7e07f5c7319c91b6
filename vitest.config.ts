/**
 * The tool's own tests (`npm test`): unit tests beside the code and in test/, plus the end-to-end
 * certification of the embedded server and the fault table. The spec files under specs/ are not tests of
 * the tool: they run through `conformance run`, which configures vitest itself.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts', 'properties/**/*.test.ts', 'reporters/**/*.test.ts'],
    exclude: ['node_modules/**', 'specs/**'],
    pool: 'forks',
    // Every temporary folder of a test run under one, removed at its end (test/support/temp-root.ts).
    globalSetup: ['test/support/temp-root.ts'],
    // Most test files wait on servers (the reference server's thread, a hanging target) rather than compute:
    // on a 2-core machine the default (cores - 1 = one file at a time) leaves a core idle; three overlap the waits.
    maxWorkers: 3,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
