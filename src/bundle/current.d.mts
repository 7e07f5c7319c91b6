/** The folder of the bundles to run (cli.mjs, check-thread.mjs, lib.mjs), built if need be; undefined when none. */
export function bundleFolder(): Promise<string | undefined>;
/** The checks' worker thread from the bundle; undefined when there is no bundle. */
export function checkThreadBundle(): Promise<URL | undefined>;
