/**
 * The order the checks' threads are handed their units in: the run's own while nothing is known, then units of
 * operations none of whose units has finished, then the operations whose units took longest. Every unit is
 * handed out exactly once, whatever is learnt meanwhile, and past the last one the threads are told none is left.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UnitOrder, type ListedUnit } from '../../src/runner/unit-order.js';

/** Units network after network, as a run orders them: every suite on the first network, then on the next. */
function runOrder(suites: readonly string[], networks: readonly string[]): ListedUnit[] {
  return networks.flatMap((network) => suites.map((suite) => ({ suite, network })));
}

const SUITES = ['Marketplace.GetFloorOrder', 'Marketplace.GetCountOfFilteredCollectibles', 'wire'];
const NETWORKS = ['amoy', 'polygon', 'base', 'xai'];

describe('the order units are handed out in', () => {
  it("is the run's own while no unit has finished", () => {
    const units = runOrder(SUITES, NETWORKS);
    const order = new UnitOrder();
    order.list(units);
    expect(Array.from({ length: units.length }, () => order.next())).toEqual(units.map((_, place) => place));
    expect(order.next()).toBe(units.length);
  });

  it('starts the units of an operation not yet finished anywhere before those of operations known, then the longest', () => {
    const units = runOrder(SUITES, NETWORKS);
    const order = new UnitOrder();
    order.list(units);
    // The first network's three units start; its floor and wire units finish, the count one runs on.
    expect([order.next(), order.next(), order.next()]).toEqual([0, 1, 2]);
    order.finished('Marketplace.GetFloorOrder', 900);
    order.finished('wire', 300);
    // The count units, of an operation none of whose units has finished, go first, on every network left.
    const countPlaces = [4, 7, 10];
    expect([order.next(), order.next(), order.next()]).toEqual(countPlaces);
    expect(countPlaces.map((place) => units[place]!.suite)).toEqual(Array(3).fill('Marketplace.GetCountOfFilteredCollectibles'));
    // Then the longer of the operations known, in the run's order.
    expect([order.next(), order.next(), order.next()]).toEqual([3, 6, 9]);
    expect([order.next(), order.next(), order.next()]).toEqual([5, 8, 11]);
    expect(order.next()).toBe(units.length);
  });

  it('hands out in the run order before the list is known, and never those places again', () => {
    const units = runOrder(SUITES, NETWORKS);
    const order = new UnitOrder();
    expect([order.next(), order.next()]).toEqual([0, 1]);
    order.list(units);
    order.list(units.slice(1)); // a second thread's list changes nothing
    const rest = Array.from({ length: units.length - 2 }, () => order.next());
    expect([...rest].sort((a, b) => a - b)).toEqual(units.map((_, place) => place).slice(2));
    expect(order.next()).toBeGreaterThanOrEqual(units.length);
  });

  it('hands out every unit exactly once, whatever finishes when, and then says none is left', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 6 }),
        fc.nat(4),
        fc.array(fc.tuple(fc.nat(20), fc.nat(10_000)), { maxLength: 40 }),
        (suiteCount, networkCount, beforeListing, finishes) => {
          const suites = Array.from({ length: suiteCount }, (_, i) => `suite${i}`);
          const units = runOrder(
            suites,
            Array.from({ length: networkCount }, (_, i) => `net${i}`),
          );
          const order = new UnitOrder();
          const handed: number[] = [];
          for (let i = 0; i < Math.min(beforeListing, units.length); i += 1) handed.push(order.next());
          order.list(units);
          let finishAt = 0;
          while (handed.length < units.length) {
            const [suite, took] = finishes[finishAt++ % Math.max(1, finishes.length)] ?? [0, 0];
            if (finishes.length > 0) order.finished(suites[suite % suites.length]!, took);
            handed.push(order.next());
          }
          expect([...handed].sort((a, b) => a - b)).toEqual(units.map((_, place) => place));
          expect(order.next()).toBeGreaterThanOrEqual(units.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});
