/**
 * The report's own words: check ids, operation names, services, network slugs, field names. The redactor never
 * takes a piece of them for a piece of a key (a key holding `limited-key` must not turn the check id
 * `limited-key-permission-denied` into `[redacted]permission-denied`); a key that shares them is weak.
 */
import { CHECKS } from '../checks/catalogue.generated.js';
import { NETWORKS } from '../contract/networks.js';
import { OPERATIONS, operationId } from '../contract/operations.js';
import { RESOURCES } from '../contract/resources.js';

let words: string | undefined;

/** Every word, lower-cased, one a line: a slice of a key is one of ours when this text holds it. */
export function reportVocabulary(): string {
  words ??= [
    ...CHECKS.map((c) => c.id),
    ...OPERATIONS.flatMap((op) => [operationId(op), op.service, op.method]),
    ...NETWORKS.map((n) => n.slug),
    ...Object.values(RESOURCES).flatMap((r) => Object.keys(r.properties)),
    ...Object.keys(RESOURCES),
  ]
    .join('\n')
    .toLowerCase();
  return words;
}
