/**
 * The process's one exit for text: every report file and every terminal line passes `redactOutput`. The run
 * arms it with what it must hide (its keys and URLs) before anything is sent, and feeds it the personal values
 * the checks took out of answers; until then it still removes e-mail addresses.
 */
import { Redactor, type RedactionInputs } from './redactor.js';

let active = new Redactor({ keys: [], urls: [] });

export function armOutputRedactor(inputs: RedactionInputs): Redactor {
  active = new Redactor(inputs);
  return active;
}

export function outputRedactor(): Redactor {
  return active;
}

export function redactOutput(text: string): string {
  return active.text(text);
}
