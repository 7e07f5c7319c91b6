/**
 * The process's one exit for text: every report file and every terminal line passes `redactOutput`. The run
 * arms it with what it must hide (its keys and URLs) before anything is sent, and feeds it the personal values
 * the checks took out of answers; until then it still removes e-mail addresses.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Redactor, type RedactionInputs } from './redactor.js';

interface Boundary {
  active: Redactor;
}

const unarmed = (): Redactor => new Redactor({ keys: [], urls: [] });
const processWide: Boundary = { active: unarmed() };
const ownBoundaries = new AsyncLocalStorage<Boundary>();
const boundary = (): Boundary => ownBoundaries.getStore() ?? processWide;

export function armOutputRedactor(inputs: RedactionInputs): Redactor {
  boundary().active = new Redactor(inputs);
  return boundary().active;
}

export function outputRedactor(): Redactor {
  return boundary().active;
}

export function redactOutput(text: string): string {
  return boundary().active.text(text);
}

/**
 * Runs `work` behind a boundary of its own, for runs that share a process (the tool's own tests run the command
 * line in-process, several at once): each run then hides its own secrets, whatever another run armed meanwhile.
 */
export function withOwnOutputBoundary<T>(work: () => T): T {
  return ownBoundaries.run({ active: unarmed() }, work);
}
