/** The folder for the code V8 compiles from the bundle in `bundleDir`; undefined when there is none to use. */
export function compileCacheFolder(bundleDir: string): string | undefined;
/** Keeps compiled code in `folder` for this thread and the checks' threads started after it (Node 22.1 and later). */
export function cacheCompiledCode(folder: string | undefined): void;
