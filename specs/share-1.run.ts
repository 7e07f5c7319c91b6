/** Worker file 2 of `conformance run` (see src/harness/load-specs.ts). */
import { loadShare } from '../src/harness/load-specs.js';

await loadShare(1);
