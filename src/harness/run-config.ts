/** The run's configuration inside a spec worker: handed over by the CLI through vitest's `provide`. */
import { inject } from 'vitest';
import { PROVIDE_KEY, type RunConfig } from '../config/run-config.js';
import type { CheckResult } from '../report/model.js';

declare module 'vitest' {
  export interface ProvidedContext {
    [PROVIDE_KEY]: RunConfig;
  }
  interface TaskMeta {
    /** The results of every check this test ran: what the conformance reporter reads. */
    conformance?: {
      results: CheckResult[];
      /** Personal values taken out of answers: the output redactor keeps them out of every file and line. */
      personal?: string[];
      /** How valid requests made with the run's key were answered: refused (401) or not. */
      keyAnswers?: { refused: number; accepted: number };
    };
  }
}

export function runConfig(): RunConfig {
  const config = inject(PROVIDE_KEY);
  if (!config) throw new Error('no run configuration: spec files run through `conformance run`, not directly');
  return config;
}
