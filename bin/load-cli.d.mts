/** The command line's `main(argv)`, from the bundle of the current sources or through tsx. */
export function loadCli(): Promise<(argv: readonly string[]) => Promise<number>>;
/** The checks' worker thread from the bundle of the current sources; undefined when there can be none. */
export function bundledCheckThread(): Promise<URL | undefined>;
