/**
 * Where a flag's value comes from, for every command and every flag declared with `option(...)`: the command
 * line, then the environment (CONFORMANCE_<FLAG>), then the config file (config-file.ts), then the default.
 * Every switch also gets a `--no-` form, so a switch set in the environment or the file can be turned off.
 */
import { Command, Option } from 'commander';
import { configFileValues, flagName, settableOptions } from './config-file.js';
import { UsageError } from '../config/usage-error.js';
import { envName } from '../config/env-name.js';
import { shownValue } from '../config/shown-values.js';

export { envName } from '../config/env-name.js';

/**
 * A flag that also reads CONFORMANCE_<FLAG> (e.g. --timeout-ms ← CONFORMANCE_TIMEOUT_MS). Switches read their
 * variable in `applySources`: commander treats any value, even "false", as on.
 */
export function option(flags: string, description: string): Option {
  const created = new Option(flags, description);
  return created.isBoolean() ? created : created.env(envName(flags));
}

/** A switch's environment variable: 1/true/yes on, 0/false/no/empty off, anything else a usage error. */
export function switchFromEnv(flag: string, env: NodeJS.ProcessEnv = process.env): boolean | undefined {
  const name = envName(flag);
  const value = env[name];
  if (value === undefined) return undefined;
  if (/^(1|true|yes|on)$/i.test(value.trim())) return true;
  if (/^(0|false|no|off|)$/i.test(value.trim())) return false;
  throw new UsageError(`${name}: expected true or false, got ${shownValue(value)}`);
}

/**
 * Call once the commands are declared: adds --config and the --no- forms to every command, and resolves each
 * flag's source before the command's action runs.
 */
export function withOptionSources(program: Command, env: NodeJS.ProcessEnv = process.env): Command {
  for (const command of program.commands) {
    for (const switchOption of command.options.filter((o) => o.isBoolean() && o.long)) {
      const negation = `--no-${flagName(switchOption)}`;
      if (!command.options.some((o) => o.long === negation))
        command.addOption(new Option(negation, `${switchOption.long} off, whatever the environment or config file say`));
    }
    command.addOption(
      option('--config <file>', 'a JSON file of flag values (schemas/config.schema.json); default: ./conformance.config.json when present'),
    );
  }
  program.hook('preAction', (_program, command) => applySources(command, env));
  return program;
}

function applySources(command: Command, env: NodeJS.ProcessEnv): void {
  for (const flag of command.options) valueFromEnv(command, flag, env);
  const fromFile = configFileValues(command);
  for (const flag of settableOptions(command)) {
    const key = flag.attributeName();
    const source = command.getOptionValueSource(key);
    if (source === 'cli') continue;
    if (flag.isBoolean()) {
      const fromEnv = switchFromEnv(flag.long!, env);
      if (fromEnv !== undefined) {
        command.setOptionValueWithSource(key, fromEnv, 'env');
        continue;
      }
    } else if (source === 'env') continue;
    const value = fromFile.get(flagName(flag));
    if (value !== undefined) command.setOptionValueWithSource(key, value, 'config');
  }
}

/**
 * A flag's CONFORMANCE_<FLAG> value, read from `env` (commander read the process's, which a caller running the
 * command line in-process may not mean). An empty variable is an unset one (CI templates often expand to '').
 */
function valueFromEnv(command: Command, flag: Option, env: NodeJS.ProcessEnv): void {
  if (flag.envVar === undefined || flag.isBoolean()) return;
  const key = flag.attributeName();
  const source = command.getOptionValueSource(key);
  if (source === 'cli') return;
  const value = env[flag.envVar];
  if (value !== undefined && value !== '') command.setOptionValueWithSource(key, value, 'env');
  else if (source === 'env') command.setOptionValueWithSource(key, undefined, 'default');
}
