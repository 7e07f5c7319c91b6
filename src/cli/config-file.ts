/**
 * The config file: `conformance.config.json` in the working directory, or the file given with --config
 * (CONFORMANCE_CONFIG). One section per command, keyed by flag name without the dashes:
 *
 *   { "run": { "networks": ["polygon", "base"], "strict": true, "timeout-ms": 5000 }, "serve": { "port": 8080 } }
 *
 * Its schema (schemas/config.schema.json) is generated from the commands' own flags, so a flag added to a
 * command can be set in the file without further work. Relative paths in it are relative to the working
 * directory, as on the command line.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import type { Command, Option } from 'commander';
import { publishable } from '../contract/schema-files.js';
import { SCHEMA_BASE } from '../contract/schema-kit.js';
import { SchemaValidators } from '../validation/validators.js';
import { UsageError } from '../config/usage-error.js';
import { readBoundedText } from '../config/bounded-file.js';
import { shownLine } from '../config/shown-values.js';

export const CONFIG_FILE_NAME = 'conformance.config.json';
export const CONFIG_SCHEMA_ID = `${SCHEMA_BASE}config.schema.json`;

/** The flags a config file may set for a command: every long flag but --config itself and the --no- forms. */
export function settableOptions(command: Command): Option[] {
  return command.options.filter((o) => o.long !== undefined && !o.negate && o.long !== '--config');
}

export const flagName = (o: Option): string => o.long!.slice(2);

function valueSchema(o: Option): TSchema {
  if (o.isBoolean()) return Type.Boolean({ description: o.description });
  // A list flag takes an array as well as its comma-separated form.
  const scalar = Type.Union([Type.String(), Type.Number()]);
  return Type.Union([Type.String(), Type.Number(), Type.Array(scalar)], { description: o.description });
}

export function configSchema(program: Command): TObject {
  const sections: Record<string, TSchema> = {};
  for (const command of program.commands) {
    const flags = settableOptions(command);
    if (flags.length === 0) continue;
    sections[command.name()] = Type.Optional(
      Type.Object(Object.fromEntries(flags.map((o) => [flagName(o), Type.Optional(valueSchema(o))])), {
        additionalProperties: false,
        description: `flags of \`conformance ${command.name()}\``,
      }),
    );
  }
  return Type.Object(
    { $schema: Type.Optional(Type.String()), ...sections },
    {
      $id: CONFIG_SCHEMA_ID,
      title: 'conformance.config.json',
      description: 'Flag values per command; a flag on the command line, then its CONFORMANCE_* variable, win over the file.',
      additionalProperties: false,
    },
  );
}

/** The file's values for `command`, as the command line would give them (lists joined with commas). */
export function configFileValues(command: Command, cwd = process.cwd()): Map<string, string | boolean> {
  const given = command.getOptionValue('config') as string | undefined;
  const path = given !== undefined && given !== '' ? resolve(cwd, given) : resolve(cwd, CONFIG_FILE_NAME);
  if ((given === undefined || given === '') && !existsSync(path)) return new Map();
  const where = given ? `--config: ${path}` : `${CONFIG_FILE_NAME}`;
  // A config file is a few flags: 1 MB is far more than any.
  const text = readBoundedText(path, given ? '--config' : CONFIG_FILE_NAME, { limit: 1024 * 1024 });
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${where}: not JSON: ${shownLine((error as Error).message, 120)}`);
  }
  const root = command.parent ?? command;
  const issues = new SchemaValidators([publishable(configSchema(root))]).must(CONFIG_SCHEMA_ID, data);
  if (issues.length > 0) {
    const lines = issues.slice(0, 5).map((i) => shownLine(`  ${shownLine(i.pointer || '/', 80)}: ${i.message}`));
    throw new UsageError(`${where} does not match schemas/config.schema.json:\n${lines.join('\n')}`);
  }
  const section = ((data as Record<string, unknown>)[command.name()] ?? {}) as Record<
    string,
    string | number | boolean | (string | number)[]
  >;
  return new Map(
    Object.entries(section).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(',') : typeof value === 'number' ? String(value) : value,
    ]),
  );
}
