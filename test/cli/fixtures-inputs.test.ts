/** The fixtures inputs for the limited key, the illiquid currency and the `*` defaults of every network. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFixtures, parseRunOptions } from '../../src/runner/run-options.js';
import { UsageError } from '../../src/config/usage-error.js';
import { swapPairOf } from '../../src/config/fixtures.js';
import { redactSecret } from '../../src/report/redact.js';

const A = `0x${'a'.repeat(40)}`;
const B = `0x${'b'.repeat(40)}`;
const C = `0x${'c'.repeat(40)}`;
function file(content: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'fixtures-')), 'f.json');
  writeFileSync(path, JSON.stringify(content));
  return path;
}

describe('fixtures networks["*"]', () => {
  it("merges the defaults under every network, the network's own fields winning", () => {
    const fixtures = loadFixtures(
      file({
        networks: {
          '*': { swap: { illiquidCurrencyAddress: C, userAddress: A }, account: A },
          polygon: { swap: { buyCurrencyAddress: A, sellCurrencyAddress: B, buyAmount: '1' }, account: B },
        },
      }),
    );
    expect(fixtures.networks?.['*']).toBeUndefined();
    expect(fixtures.networks?.['polygon']).toEqual({
      swap: { illiquidCurrencyAddress: C, userAddress: A, buyCurrencyAddress: A, sellCurrencyAddress: B, buyAmount: '1' },
      account: B,
    });
    expect(swapPairOf(fixtures.networks?.['polygon'])).toBeDefined();
    expect(fixtures.networks?.['base']).toEqual({ swap: { illiquidCurrencyAddress: C, userAddress: A }, account: A });
    expect(swapPairOf(fixtures.networks?.['base'])).toBeUndefined();
    expect(Object.keys(fixtures.networks ?? {})).toHaveLength(39);
  });

  it('refuses half a swap pair and unknown denied operations as usage errors', () => {
    expect(() => loadFixtures(file({ networks: { base: { swap: { buyCurrencyAddress: A } } } }))).toThrow(/missing sellCurrencyAddress/);
    expect(() => loadFixtures(file({ limitedKey: { deniedOperations: ['Builder.NoSuch'] } }))).toThrow(UsageError);
    expect(loadFixtures(file({ limitedKey: { deniedOperations: ['Builder.GetAudience'] } })).limitedKey?.deniedOperations).toEqual([
      'Builder.GetAudience',
    ]);
  });
});

describe('the limited key', () => {
  it('is taken from --limited-access-key and redacted like the main key', () => {
    const config = parseRunOptions({ target: 'http://127.0.0.1:1', accessKey: 'main-key-1234', limitedAccessKey: 'limited-key-5678' });
    expect(config.limitedAccessKey).toBe('limited-key-5678');
    expect(redactSecret('a main-key-1234 b limited-key-5678', [config.accessKey, config.limitedAccessKey])).toBe(
      'a [redacted] b [redacted]',
    );
  });
});
