/** One fixed seed for the tool's own property tests: a failure replays exactly. */
export const SEED = 20_240_611;
export const RUNS = 50;
