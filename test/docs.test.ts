import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECK_CATALOGUE } from '../src/checks/catalogue.js';
import { buildProgram } from '../src/cli/main.js';
import { GENERATED_SECTIONS, renderGeneratedSections } from '../src/docs/generated-sections.js';
import { RUN_EXIT_CODES } from '../src/commands/exit-codes.js';

const ROOT = join(import.meta.dirname, '..');
const read = (page: string) => readFileSync(join(ROOT, page), 'utf8');

describe('the documentation', () => {
  it.each(Object.keys(GENERATED_SECTIONS))('%s: its generated tables are current (run `npm run docs`)', (page) => {
    const text = read(page);
    expect(text).toBe(renderGeneratedSections(page, text));
  });

  it('lists every check id with its level', () => {
    const checks = read('docs/checks.md');
    for (const check of CHECK_CATALOGUE) expect(checks).toContain(`| \`${check.id}\` | ${check.level} |`);
  });

  it("docs/cli.md's exit codes of run are those --help prints, the signals' codes among them", () => {
    const cli = read('docs/cli.md');
    const helpCodes = RUN_EXIT_CODES.flatMap((c) => [c.code, ...[...c.meaning.matchAll(/\b(1[2-4]\d): /g)].map((m) => m[1]!)]);
    expect(helpCodes).toEqual(['0', '1', '2', '130', '143', '129']);
    for (const code of helpCodes) expect(cli, code).toContain(`**${code}**`);
  });

  it('says a TLS failure writes no report, as the run does (the README and docs/transport.md)', () => {
    expect(read('README.md')).toMatch(/TLS certificate not trusted[\s\S]{0,200}exit 2, no report/);
    expect(read('docs/transport.md')).toMatch(/TLS failure[\s\S]{0,200}exits 2/);
  });

  it('names every command and every flag of the command line in docs/cli.md', () => {
    const cli = read('docs/cli.md');
    const program = buildProgram({ log: () => undefined, error: () => undefined });
    for (const command of program.commands) {
      expect(cli, command.name()).toContain(`conformance ${command.name()}`);
      for (const option of command.options) {
        // The --no- forms and --config are added to every command and described once.
        if (option.long === undefined || option.negate || option.long === '--config') continue;
        expect(cli, `${command.name()} ${option.long}`).toMatch(new RegExp(`(?<![\\w-])${option.long}(?![\\w-])`));
      }
    }
  });
});
