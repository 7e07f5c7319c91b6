import { describe, expect, it } from 'vitest';
import { DecodeError } from '../../src/server/decode.js';
import { StacklessError, withoutStackTraces } from '../../src/server/stackless.js';
import { RpcError } from '../../src/server/wire.js';

describe('refusals are made without a stack', () => {
  it('keeps the message and the class, captures no frames, and leaves other errors their stacks', () => {
    for (const error of [new DecodeError('field x'), new RpcError('InvalidArgument', 'bad'), new StacklessError('plain')]) {
      expect(error).toBeInstanceOf(Error);
      expect(error.message).not.toBe('');
      expect(error.stack?.split('\n').filter((line) => line.trimStart().startsWith('at '))).toEqual([]);
    }
    expect(new RpcError('NotFound', 'gone').message).toBe('NotFound: gone');
    expect(new Error('ordinary').stack).toMatch(/\n\s+at /);
  });

  it('runs a function without stack traces and restores the limit, also when it throws', () => {
    const before = Error.stackTraceLimit;
    const caught = withoutStackTraces(() => {
      try {
        JSON.parse('{');
      } catch (error) {
        return error as Error;
      }
      return undefined;
    });
    expect(caught?.stack).not.toMatch(/\n\s+at /);
    expect(() => withoutStackTraces(() => JSON.parse('{'))).toThrow(SyntaxError);
    expect(Error.stackTraceLimit).toBe(before);
  });
});
