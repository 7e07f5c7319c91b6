/**
 * One redactor per run configuration in a worker: what one session learns (personal data of a Builder answer),
 * the others keep out too.
 */
import type { RunConfig } from '../../config/run-config.js';
import { redactionInputsOf } from '../../report/redaction-inputs.js';
import { Redactor } from '../../report/redactor.js';

const redactors = new WeakMap<RunConfig, Redactor>();

export function redactorOf(config: RunConfig): Redactor {
  let redactor = redactors.get(config);
  if (!redactor) {
    redactor = new Redactor(redactionInputsOf(config, config.limitedAccessKey));
    redactors.set(config, redactor);
  }
  return redactor;
}
