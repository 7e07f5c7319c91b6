/**
 * The order the run's requests are served in: by when their session started while units are still starting,
 * then by how many requests their session has left, most first, so the run's last round trips are not left to
 * a few late sessions with the slots idle.
 */
import { describe, expect, it } from 'vitest';
import { targetsFromOrigin, type RunConfig } from '../../src/config/run-config.js';
import { networkBySlug } from '../../src/contract/networks.js';
import { allUnitsStarted, requestRank, sessionEnded, sessionKind, unitsAllStarted } from '../../src/harness/schedule.js';
import { parseRunOptions } from '../../src/runner/run-options.js';

/** A run's configuration: each is a run of its own. */
const runConfig = (): RunConfig => ({
  ...parseRunOptions({}),
  targets: targetsFromOrigin('http://127.0.0.1:1'),
  accessKey: 'key',
  embedded: false,
});
const floorOrder = sessionKind('Marketplace.GetFloorOrder', networkBySlug('polygon'));
const removeContacts = sessionKind('Builder.RemoveAudienceContacts', null);

describe('the order requests are served in', () => {
  it('ranks by start until the last unit has started, then by the requests a session has left', () => {
    const config = runConfig();
    expect(requestRank(config, floorOrder, 7, 3)).toBe(7);
    sessionEnded(config, floorOrder, 33);
    sessionEnded(config, floorOrder, 30);
    expect(requestRank(config, floorOrder, 7, 3)).toBe(7);

    unitsAllStarted(config);
    expect(allUnitsStarted(config)).toBe(true);
    // What the largest finished session of its kind sent, less what it sent: more left ranks lower (first).
    expect(requestRank(config, floorOrder, 7, 3)).toBe(-30);
    expect(requestRank(config, floorOrder, 2, 30)).toBe(-3);
    expect(requestRank(config, floorOrder, 2, 30)).toBeGreaterThan(requestRank(config, floorOrder, 7, 3));
    // A session that sent more than any finished one has nothing left that is known: served after the others.
    expect(requestRank(config, floorOrder, 9, 40)).toBe(0);
    // Kinds none of which has finished (a stateful sequence run once) are served before every other, by start.
    const unknownFirst = requestRank(config, removeContacts, 0, 100);
    const unknownLater = requestRank(config, sessionKind('Builder.CreateAudience', null), 1, 0);
    expect(unknownFirst).toBeLessThan(unknownLater);
    expect(unknownLater).toBeLessThan(requestRank(config, floorOrder, 7, 3));
  });

  it('keeps each run apart: another run in the same process ranks by start and learns for itself', () => {
    const first = runConfig();
    sessionEnded(first, floorOrder, 33);
    unitsAllStarted(first);
    const second = runConfig();
    expect(allUnitsStarted(second)).toBe(false);
    expect(requestRank(second, floorOrder, 5, 3)).toBe(5);
    unitsAllStarted(second);
    expect(requestRank(second, floorOrder, 5, 3)).toBeLessThan(requestRank(second, floorOrder, 6, 3));
    expect(requestRank(second, floorOrder, 5, 3)).toBeLessThan(-1e9);
  });
});
