/** What the run hands an engine (threads or inline): how to stop it. */
export interface EngineControl {
  /** Hands over how to stop the checks: every session stops sending, no further unit starts. */
  readonly onStop: (stop: (why: string) => void) => void;
}
