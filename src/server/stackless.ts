/**
 * The reference server refuses thousands of requests in a run (conformance checks send bad bodies on purpose),
 * and each refusal made an Error whose stack V8 captured and nobody ever read: a visible share of the server's
 * CPU. Errors that are answers, not bugs, are made without one.
 */
export function withoutStackTraces<T>(make: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return make();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** An Error that stands for an answer (a refusal), made without a stack. */
export class StacklessError extends Error {
  // withoutStackTraces cannot wrap it: TypeScript allows `super` only directly in the constructor.
  constructor(message: string) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }
}
