/**
 * `remove-required-field`: one field the document marks required (CollectiblesFilter `includeEmpty`,
 * PropertyFilter `name` and `type`: interface.md's "Required: yes") is left out of an object that has it.
 * Breaks the request schema, but real servers read a missing key as its zero value (wire-facts.md §4), so
 * no refusal is required.
 */
import fc from 'fast-check';
import { isRecord } from '../../src/contract/json-values.js';
import { bodyNodes } from '../body-nodes.js';
import { removedAt } from '../json-edit.js';
import { escapeSegment } from '../json-schema.js';
import type { Mutate, Mutation } from './mutation.js';

const mutate: Mutate = (body, schema) => {
  const sites = bodyNodes(body, schema).flatMap((node) =>
    isRecord(node.value)
      ? (node.schema.required ?? []).filter((key) => key in (node.value as object)).map((key) => `${node.pointer}/${escapeSegment(key)}`)
      : [],
  );
  if (sites.length === 0) return undefined;
  return fc.constantFrom(...sites).map((pointer) => ({
    mutation: 'remove-required-field' as const,
    body: removedAt(body, pointer),
    path: pointer,
    refusal: 'none' as const,
    schemaBreach: 'must' as const,
    detail: `left out the required field ${pointer}`,
  }));
};

export const removeRequiredField: Mutation = {
  name: 'remove-required-field',
  mutate,
  refusal: 'none',
  basis:
    'interface.md §CollectiblesFilter, §PropertyFilter mark the field "Required: yes"; wire-facts.md §4: "missing keys become zero values"',
};
