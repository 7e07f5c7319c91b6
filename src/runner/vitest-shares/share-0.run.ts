/** Worker file 1 of `conformance run` (see src/runner/vitest-shares/load-specs.ts). */
import { loadShare } from './load-specs.js';

await loadShare(0);
