/**
 * The process's one exit for text: every report file and every terminal line passes `redactOutput`. The run
 * arms it with what it must hide (its keys and URLs) before anything is sent; until then it still removes
 * e-mail addresses.
 *
 * Personal values are learned where answers are read (a session's redactor, in this thread or in a checks'
 * thread): every redactor made behind a boundary joins it, and what one learns, all of them know at once —
 * the output redactor included, so a line printed after a value was learned anywhere in the run cannot hold
 * it. A checks' thread hands what its redactors learn to the main thread (`shareLearnedPersonal`), which
 * tells the run's other threads (`learnedElsewhere`).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Redactor, whenRedactorMade, type RedactionInputs } from './redactor.js';

interface Boundary {
  active: Redactor;
  /** The redactors made behind this boundary (sessions' and the output redactor). */
  members: Set<WeakRef<Redactor>>;
  /** Every personal value any of them learned since the boundary was armed. */
  learned: Set<string>;
  /** Where this thread's learning goes beyond it (a checks' thread: to the main thread). */
  announce?: (values: readonly string[]) => void;
}

/** Set while the boundary makes its own output redactor, which joins the boundary it is made for. */
let makingOwn = false;

function ownRedactor(boundary: Boundary, inputs: RedactionInputs): Redactor {
  makingOwn = true;
  try {
    const redactor = new Redactor(inputs);
    join(boundary, redactor);
    return redactor;
  } finally {
    makingOwn = false;
  }
}

function newBoundary(): Boundary {
  const boundary = { members: new Set<WeakRef<Redactor>>(), learned: new Set<string>() } as Omit<Boundary, 'active'> as Boundary;
  boundary.active = ownRedactor(boundary, { keys: [], urls: [] });
  return boundary;
}

const processWide: Boundary = newBoundary();
const ownBoundaries = new AsyncLocalStorage<Boundary>();
const boundary = (): Boundary => ownBoundaries.getStore() ?? processWide;

/** A redactor joins the boundary it was made behind: it knows what was learned so far, and shares what it learns. */
function join(boundary: Boundary, redactor: Redactor): void {
  if (boundary.learned.size > 0) redactor.learnPersonal(boundary.learned);
  boundary.members.add(new WeakRef(redactor));
  redactor.onLearned((values) => spread(boundary, values, true));
}

/** Teaches every redactor of the boundary values one of them (or another thread) learned. */
function spread(boundary: Boundary, values: readonly string[], announce: boolean): void {
  const fresh = values.filter((value) => !boundary.learned.has(value));
  if (fresh.length === 0) return;
  for (const value of fresh) boundary.learned.add(value);
  for (const member of boundary.members) {
    const redactor = member.deref();
    if (redactor) redactor.learnPersonal(fresh);
    else boundary.members.delete(member);
  }
  if (announce) boundary.announce?.(fresh);
}

whenRedactorMade((redactor) => {
  if (!makingOwn) join(boundary(), redactor);
});

/** A new run: its own keys and URLs, and nothing learned of an earlier run's answers. */
export function armOutputRedactor(inputs: RedactionInputs): Redactor {
  const current = boundary();
  current.members.clear();
  current.learned.clear();
  current.active = ownRedactor(current, inputs);
  return current.active;
}

export function outputRedactor(): Redactor {
  return boundary().active;
}

export function redactOutput(text: string): string {
  return boundary().active.text(text);
}

/** In a checks' thread: hands each personal value this thread's redactors learn to `announce`, once. */
export function shareLearnedPersonal(announce: (values: readonly string[]) => void): void {
  boundary().announce = announce;
}

/** Personal values another thread of the run learned: every redactor here knows them from now on. */
export function learnedElsewhere(values: readonly string[]): void {
  spread(boundary(), values, false);
}

/**
 * Runs `work` behind a boundary of its own, for runs that share a process (the tool's own tests run the command
 * line in-process, several at once): each run then hides its own secrets, whatever another run armed meanwhile.
 */
export function withOwnOutputBoundary<T>(work: () => T): T {
  return ownBoundaries.run(newBoundary(), work);
}
