import { describe, expect, it } from 'vitest';
import { nestedDeeperThan, textNestedDeeperThan } from '../../src/harness/json-depth.js';

const nest = (levels: number, inner: string): string => `${'{"a":['.repeat(levels)}${inner}${']}'.repeat(levels)}`;

describe('textNestedDeeperThan', () => {
  it('answers as nestedDeeperThan does on the value parsed from the text', () => {
    const texts = [
      '1',
      '"[[[[[["',
      '[]',
      nest(3, '1'),
      nest(4, '"]]]]{{{{"'),
      nest(4, '"\\"[[[[[[[[[[[[\\\\"'),
      nest(5, '{"b":[[[]]]}'),
      `[${'"x",'.repeat(40)}[[[[]]]]]`,
    ];
    for (const text of texts)
      for (const max of [0, 1, 2, 3, 5, 8, 9, 10, 11, 12, 20]) {
        const padded = `${text}${' '.repeat(2 * (max + 1))}`;
        expect([text, max, textNestedDeeperThan(padded, max)]).toEqual([text, max, nestedDeeperThan(JSON.parse(text), max)]);
      }
  });

  it('counts the levels of the shortest texts exactly', () => {
    expect(textNestedDeeperThan('[[[]]]', 2)).toBe(true);
    expect(textNestedDeeperThan('[[]]', 2)).toBe(false);
    expect(textNestedDeeperThan('[[ ]]', 1)).toBe(true);
  });
});
