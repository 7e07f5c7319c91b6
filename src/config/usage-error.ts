/** A mistake in what the user gave the tool (flags, environment, fixtures file): exit code 2, nothing run. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
