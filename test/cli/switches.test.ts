import { describe, expect, it } from 'vitest';
import { switchFromEnv } from '../../src/cli/option-sources.js';
import { UsageError } from '../../src/config/usage-error.js';

describe('switches from the environment', () => {
  it('reads on and off words, and nothing when unset', () => {
    expect(switchFromEnv('--read-only', { CONFORMANCE_READ_ONLY: 'true' })).toBe(true);
    expect(switchFromEnv('--read-only', { CONFORMANCE_READ_ONLY: '1' })).toBe(true);
    expect(switchFromEnv('--read-only', { CONFORMANCE_READ_ONLY: 'false' })).toBe(false);
    expect(switchFromEnv('--read-only', { CONFORMANCE_READ_ONLY: '0' })).toBe(false);
    expect(switchFromEnv('--read-only', { CONFORMANCE_READ_ONLY: '' })).toBe(false);
    expect(switchFromEnv('--strict', {})).toBeUndefined();
  });

  it('refuses anything else as a usage error', () => {
    expect(() => switchFromEnv('--allow-destructive', { CONFORMANCE_ALLOW_DESTRUCTIVE: 'sure' })).toThrow(UsageError);
  });
});
