import { describe, expect, it } from 'vitest';
import { removedAt, replacedAt } from './json-edit.js';

describe('json-edit', () => {
  const doc = Object.freeze({ a: Object.freeze({ 'b/c': 1, 'd~e': [1, 2, 3] }) });

  it('replaces at a pointer, escapes included, without touching the original', () => {
    expect(replacedAt(doc, '/a/b~1c', 'x')).toEqual({ a: { 'b/c': 'x', 'd~e': [1, 2, 3] } });
    expect(replacedAt(doc, '/a/d~0e/1', null)).toEqual({ a: { 'b/c': 1, 'd~e': [1, null, 3] } });
    expect(replacedAt(doc, '', 7)).toBe(7);
    expect(doc).toEqual({ a: { 'b/c': 1, 'd~e': [1, 2, 3] } });
  });

  it('removes a field or an array item', () => {
    expect(removedAt(doc, '/a/b~1c')).toEqual({ a: { 'd~e': [1, 2, 3] } });
    expect(removedAt(doc, '/a/d~0e/0')).toEqual({ a: { 'b/c': 1, 'd~e': [2, 3] } });
  });
});
