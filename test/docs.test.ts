import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECK_CATALOGUE } from '../src/checks/catalogue.js';
import { renderReadme } from '../src/docs/readme-sections.js';

const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');

describe('README', () => {
  it('its generated tables are current (run `npm run docs`)', () => {
    expect(readme).toBe(renderReadme(readme));
  });

  it('lists every check id with its level', () => {
    for (const check of CHECK_CATALOGUE) expect(readme).toContain(`| \`${check.id}\` | ${check.level} |`);
  });

  it('names every flag of `conformance run`', () => {
    const flags = [
      '--target',
      '--marketplace-url',
      '--api-url',
      '--metadata-url',
      '--relayer-url',
      '--indexer-url',
      '--access-key',
      '--networks',
      '--operations',
      '--seed',
      '--runs',
      '--timeout-ms',
      '--report-dir',
      '--fixtures',
      '--chain-rpc-url',
      '--strict',
      '--read-only',
      '--allow-destructive',
      '--help',
    ];
    for (const flag of flags) expect(readme, flag).toContain(`\`${flag}`);
  });
});
