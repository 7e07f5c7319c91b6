/** The command line's `main(argv)`, from the bundle of the package's TypeScript or through tsx. */
export function loadCli(): Promise<(argv: readonly string[]) => Promise<number>>;
