/** Every named mutation, by name: the catalogue a report or a check can cite. */
import { addUnknownField } from './add-unknown-field.js';
import { changeFieldType } from './change-field-type.js';
import { malformedJson } from './malformed-json.js';
import type { Mutation, MutationName } from './mutation.js';
import { negativeOrFractionalInteger } from './negative-or-fractional-integer.js';
import { nestedWrongValue } from './nested-wrong-value.js';
import { nonObjectBody } from './non-object-body.js';
import { removeRequiredField } from './remove-required-field.js';
import { unknownEnumValue } from './unknown-enum-value.js';

export const MUTATIONS: Readonly<Record<MutationName, Mutation>> = {
  'change-field-type': changeFieldType,
  'nested-wrong-value': nestedWrongValue,
  'remove-required-field': removeRequiredField,
  'add-unknown-field': addUnknownField,
  'unknown-enum-value': unknownEnumValue,
  'negative-or-fractional-integer': negativeOrFractionalInteger,
  'malformed-json': malformedJson,
  'non-object-body': nonObjectBody,
};

export * from './mutation.js';
export {
  addUnknownField,
  changeFieldType,
  malformedJson,
  negativeOrFractionalInteger,
  nestedWrongValue,
  nonObjectBody,
  removeRequiredField,
  unknownEnumValue,
};
