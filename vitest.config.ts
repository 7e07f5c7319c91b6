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
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
