/**
 * The order in which the checks' threads of a run are handed its units (an operation on a network). A unit is
 * a chain of round trips, of a length its operation's checks decide, and a run against a distant target ends
 * when its last chain does: handed out network after network, the longest units of the last networks started
 * past half-way into a full run against a target 150 ms away, and ran on alone at its end (0.4–0.5 s of a 24 s
 * run with fewer than 25 requests in flight).
 *
 * So, longest first, as learnt while the run goes: units of an operation none of whose units has finished come
 * first, in the run's order among themselves (at the start nothing is known, and the order is the run's own);
 * then the operations whose finished units took longest. The order changes when a unit starts, never what it
 * sends or decides (each unit's seed is its own).
 */

export interface ListedUnit {
  /** The operation id, or the wire suite's name. */
  readonly suite: string;
  readonly network: string | null;
}

export class UnitOrder {
  /** Places in the run's order not handed out yet, per suite, each in the run's order. */
  private pending: Map<string, number[]> | undefined = undefined;
  private total = Infinity;
  /** Handed out in the run's order while the list was not known: every place below this one. */
  private handedInOrder = 0;
  /** The longest time a finished unit of each suite took (ms). */
  private readonly longest = new Map<string, number>();

  /** The run's units in its order (a thread's list: every thread of a run lists the same). */
  list(units: readonly ListedUnit[]): void {
    if (this.pending) return;
    this.total = units.length;
    this.pending = new Map();
    units.forEach(({ suite }, place) => {
      if (place < this.handedInOrder) return;
      const places = this.pending!.get(suite);
      if (places) places.push(place);
      else this.pending!.set(suite, [place]);
    });
  }

  /** A unit of `suite` finished after `durationMs`. */
  finished(suite: string, durationMs: number): void {
    this.longest.set(suite, Math.max(this.longest.get(suite) ?? 0, durationMs));
  }

  /** The place of the unit to hand out next; past the last place when none is left. */
  next(): number {
    if (!this.pending) return this.handedInOrder++;
    let chosen: number[] | undefined = undefined;
    let chosenKey: readonly [number, number] | undefined = undefined;
    for (const [suite, places] of this.pending) {
      const first = places[0];
      if (first === undefined) continue;
      const took = this.longest.get(suite);
      // Unknown suites before known ones, then the longest; the run's order among equals.
      const key = [took === undefined ? -Infinity : -took, first] as const;
      if (!chosenKey || key[0] < chosenKey[0] || (key[0] === chosenKey[0] && key[1] < chosenKey[1])) {
        chosen = places;
        chosenKey = key;
      }
    }
    return chosen ? chosen.shift()! : Math.max(this.total, this.handedInOrder);
  }
}
