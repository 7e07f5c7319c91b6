import { describe, expect, it } from 'vitest';
import { approximated, holdsBigInt, parseExact, stringifyExact } from '../../src/contract/exact-json.js';
import { validators } from '../../src/validation/validators.js';
import { GetAudience } from '../../src/contract/operations.js';

describe('answers with integers beyond 2^53', () => {
  it('keep every digit, and are sent back with every digit', () => {
    const text = '{"audience":{"id":9007199254740993,"projectId":18446744073709551615,"name":"x","contactCount":2}}';
    const json = parseExact(text) as { audience: Record<string, unknown> };
    expect(json.audience['id']).toBe(9007199254740993n);
    expect(json.audience['projectId']).toBe(18446744073709551615n);
    expect(json.audience['contactCount']).toBe(2);
    expect(holdsBigInt(json)).toBe(true);
    expect(stringifyExact({ projectId: 1, audienceId: json.audience['id'] })).toBe('{"projectId":1,"audienceId":9007199254740993}');
    expect(approximated(json)).toEqual({ audience: { id: 9007199254740992, projectId: 18446744073709552000, name: 'x', contactCount: 2 } });
  });

  it('leave the common answer to JSON.parse: long digit runs inside strings, safe integers, fractions', () => {
    const text = '{"price":"1000000000000000000000","n":9007199254740991,"f":0.12345678901234567}';
    const json = parseExact(text);
    expect(json).toEqual(JSON.parse(text));
    expect(holdsBigInt(json)).toBe(false);
    expect(stringifyExact({ a: 1 })).toBe('{"a":1}');
  });

  it('take what JSON.parse takes, and refuse what it refuses', () => {
    // A key repeated with another value: lossless-json refuses it; the rounded reading stands.
    expect(parseExact('{"id":9007199254740993,"id":1}')).toEqual({ id: 1 });
    expect(() => parseExact('{"id":9007199254740993')).toThrow();
  });

  it('are numbers to the schema, whatever their size', () => {
    const json = parseExact('{"audience":{"id":9007199254740993,"projectId":1,"name":"x"},"contacts":[],"contracts":[]}');
    expect(validators().must(GetAudience.response.$id!, json)).toEqual([]);
  });
});
