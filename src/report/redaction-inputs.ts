/** What a run must keep out of every output: its access key and the secret parts of the URLs the user gave. */
import { statSync } from 'node:fs';
import { keyLike, type RedactionInputs } from './redactor.js';

/** Environment variables that hold a key. */
const KEY_VARIABLES = ['CONFORMANCE_ACCESS_KEY', 'CONFORMANCE_LIMITED_ACCESS_KEY'];
/** A flag whose value is a credential, however misspelt (`--acess-key`, `--token`). */
const CREDENTIAL_FLAG = /^--?[\w-]*(?:key|token|secret|passw)/i;
/**
 * A credential-like flag whose value is the path of a PEM private key (`run --key`, `serve --tls-key`): the
 * secret is the file's text, which no line quotes, not its name.
 */
const KEY_FILE_FLAG = /^--(?:tls-)?key$/;
/** A flag whose value is a URL (`--api-url`, `--target`): mistyped, it is still no one else's to read. */
const URL_FLAG = /^--?[\w-]*(?:url|target)/i;
/**
 * A flag whose value is a link the user hands over to be published (`comment --artifact-url`): no secret, and
 * redacting its path would publish a dead link.
 */
const PUBLISHED_LINK_FLAG = /^--artifact-url$/;

/**
 * What the command line must hide before it knows its options: a flag's value may be echoed by a usage error
 * (a URL with `user:password@`, a node URL whose path is the key, a misspelt key flag). Every URL among the
 * arguments is a URL to hide; every value of a credential-like flag, and the keys in the environment, are keys.
 */
export function redactionInputsOfArguments(argv: readonly string[], env: NodeJS.ProcessEnv): RedactionInputs {
  const keys: string[] = KEY_VARIABLES.map((name) => env[name]).filter((v): v is string => v !== undefined && v !== '');
  const urls: string[] = [];
  argv.forEach((arg, i) => {
    const [flag, inline] =
      arg.startsWith('-') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (PUBLISHED_LINK_FLAG.test(flag) && inline !== undefined) return;
    if (PUBLISHED_LINK_FLAG.test(argv[i - 1] ?? '') && !arg.startsWith('-')) return;
    // `serve` is given the key its server accepts, and prints it for the user to certify it with.
    if (CREDENTIAL_FLAG.test(flag) && argv[0] !== 'serve') {
      const value = inline ?? argv[i + 1];
      // A path's folders (`/tmp/conformance-x/key.pem`) as a key's slices would erase their words from every
      // line; what names no file may be a key pasted into the wrong flag, and stays hidden as one.
      if (value !== undefined && !(KEY_FILE_FLAG.test(flag) && namesFile(value))) keys.push(value, value.trim());
    }
    const value = inline ?? arg;
    if (value.includes('://')) urls.push(value);
    else if (URL_FLAG.test(inline === undefined ? (argv[i - 1] ?? '') : flag)) keys.push(...mistypedUrlKeys(value));
  });
  // A URL flag's variable (CONFORMANCE_CHAIN_RPC_URL) may be echoed by a usage error as the flag's value would.
  for (const [name, value] of Object.entries(env)) {
    if (!URL_VARIABLE.test(name) || value === undefined || value === '') continue;
    if (value.includes('://')) urls.push(value);
    else keys.push(...mistypedUrlKeys(value));
  }
  return { keys, urls };
}

/** Whether `value` is the path of a file or a pipe (`--key <(…)`) as it stands. */
function namesFile(value: string): boolean {
  try {
    const stat = statSync(value, { throwIfNoEntry: false });
    return stat !== undefined && (stat.isFile() || stat.isFIFO());
  } catch {
    // A name too long or holding a NUL (a key's text pasted): no file.
    return false;
  }
}

const HOST_NAME = /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** A variable of a URL flag. */
const URL_VARIABLE = /^CONFORMANCE_\w*(?:URL|TARGET)$/;

/**
 * A URL mistyped (`htps//user:password@host/key`) is no URL to the redactor: its parts that look like
 * credentials are keys.
 */
function mistypedUrlKeys(value: string): string[] {
  if (!/[/@]/.test(value)) return [];
  const keys: string[] = [];
  const credentials = /([^/:@\s]+):([^/@\s]+)@/.exec(value);
  if (credentials) keys.push(credentials[1]!, credentials[2]!);
  // A host name is what the user needs to see of the error, and no one's secret.
  keys.push(...value.split(/[/?&=;:@#]/).filter((part) => keyLike(part) && !HOST_NAME.test(part)));
  return keys;
}

export function redactionInputsOf(
  config: {
    readonly accessKey?: string | undefined;
    readonly chainRpcUrl?: string | undefined;
    readonly givenUrls?: readonly string[] | undefined;
  },
  ...moreKeys: (string | undefined)[]
): RedactionInputs {
  return { keys: [config.accessKey, ...moreKeys], urls: [config.chainRpcUrl, ...(config.givenUrls ?? [])] };
}
