/** The replay server's mark on its answer to a request the cassette does not hold: the check is skipped with that reason. */
export const NOT_IN_CASSETTE_HEADER = 'x-conformance-replay-missing';
