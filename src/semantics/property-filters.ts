/**
 * Rules over the PropertyFilters TokenCollectionFilters returns, and the way back: a returned filter as the
 * clause a client sends in CollectiblesFilter.properties. interface.md §TokenCollectionFilters: "For
 * string-type filters min and max are null and values lists the property values present"; PropertyFilter:
 * min and max are "null when absent".
 */
import { PROPERTY_TYPES, type PropertyType } from '../contract/enums.js';
import { isRecord } from '../contract/json-values.js';
import type { Judgement } from './judgement.js';

type Fields = Readonly<Record<string, unknown>>;

/** A PropertyFilter clause as a request carries it (closed: only the table's fields, no nulls). */
export interface PropertyClause {
  readonly name: string;
  readonly type: PropertyType;
  readonly min?: number;
  readonly max?: number;
  readonly values?: unknown[];
}

export interface FilterProblem {
  /** Relative to the filter. */
  readonly pointer: string;
  readonly message: string;
  readonly expected: unknown;
  readonly actual: unknown;
}

const isBound = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** What breaks the document's sentence on a STRING filter: a bound, or no list of values. */
export function stringFilterProblems(filter: Fields): FilterProblem[] {
  if (filter['type'] !== 'STRING') return [];
  const problems: FilterProblem[] = [];
  for (const bound of ['min', 'max'] as const) {
    const value = filter[bound];
    if (value !== undefined && value !== null) {
      problems.push({ pointer: `/${bound}`, message: `a string-type filter's ${bound} is null`, expected: null, actual: value });
    }
  }
  if (!Array.isArray(filter['values'])) {
    problems.push({
      pointer: '/values',
      message: "a string-type filter's values list the property values present",
      expected: 'a list of values',
      actual: filter['values'],
    });
  }
  return problems;
}

/** An INT filter whose bounds are both numbers and out of order. */
export function intRangeProblem(filter: Fields): FilterProblem | undefined {
  if (filter['type'] !== 'INT') return undefined;
  const { min, max } = filter;
  if (!isBound(min) || !isBound(max) || min <= max) return undefined;
  return { pointer: '/min', message: "an INT filter's min is not above its max", expected: `min <= ${max}`, actual: min };
}

/** The INT range of a filter, when both bounds are numbers in order. */
export function intRange(filter: Fields): { readonly min: number; readonly max: number } | undefined {
  const { min, max } = filter;
  return filter['type'] === 'INT' && isBound(min) && isBound(max) && min <= max ? { min, max } : undefined;
}

/** The returned filter fed back as a request clause; undefined when it has no usable name or type. */
export function asClause(filter: Fields): PropertyClause | undefined {
  const { name, type, min, max, values } = filter;
  if (typeof name !== 'string' || typeof type !== 'string' || !(PROPERTY_TYPES as readonly string[]).includes(type)) return undefined;
  return {
    name,
    type: type as PropertyType,
    ...(isBound(min) ? { min } : {}),
    ...(isBound(max) ? { max } : {}),
    ...(Array.isArray(values) ? { values: [...(values as unknown[])] } : {}),
  };
}

/** The filters of a TokenCollectionFilters answer that are objects, with their pointers. */
export function filtersInAnswer(json: unknown): { readonly pointer: string; readonly filter: Fields }[] {
  const filters = (json as { filters?: unknown } | null)?.filters;
  if (!Array.isArray(filters)) return [];
  return filters.flatMap((filter, i) => (isRecord(filter) ? [{ pointer: `/filters/${i}`, filter: filter as Fields }] : []));
}

/** Every STRING filter of the answer has no bounds and lists its values. */
export function judgeStringFilters(json: unknown): Judgement {
  const strings = filtersInAnswer(json).filter(({ filter }) => filter['type'] === 'STRING');
  if (strings.length === 0) return { undecided: 'the answer has no STRING filter' };
  for (const { pointer, filter } of strings) {
    const problem = stringFilterProblems(filter)[0];
    if (problem)
      return {
        finding: { message: problem.message, pointer: `${pointer}${problem.pointer}`, expected: problem.expected, actual: problem.actual },
      };
  }
  return 'holds';
}

/** Every INT filter of the answer with two numeric bounds has them in order. */
export function judgeIntRanges(json: unknown): Judgement {
  const bounded = filtersInAnswer(json).filter(
    ({ filter }) => filter['type'] === 'INT' && isBound(filter['min']) && isBound(filter['max']),
  );
  if (bounded.length === 0) return { undecided: 'the answer has no INT filter with both bounds' };
  for (const { pointer, filter } of bounded) {
    const problem = intRangeProblem(filter);
    if (problem)
      return {
        finding: { message: problem.message, pointer: `${pointer}${problem.pointer}`, expected: problem.expected, actual: problem.actual },
      };
  }
  return 'holds';
}
