/** The environment variable of a flag: `--timeout-ms <n>` is read from CONFORMANCE_TIMEOUT_MS. */
export const envName = (flags: string) => `CONFORMANCE_${/--([a-z-]+)/.exec(flags)![1]!.toUpperCase().replace(/-/g, '_')}`;
