import { afterEach, describe, expect, it } from 'vitest';
import {
  baseDownReason,
  baseGivenUp,
  forgetBasesOf,
  noteBaseOutcome,
  TIMEOUTS_IN_A_ROW_BEFORE_BASE_IS_DOWN,
} from '../../src/harness/base-health.js';
import type { HttpOutcome } from '../../src/transport/http-client.js';

const request = { method: 'POST', url: 'http://staging.test/rpc/API/GetSwapPrices', headers: {} };
const timeout: HttpOutcome = { ok: false, request, failure: 'timeout', message: 'no complete answer within 100 ms', durationMs: 100 };
const unsent: HttpOutcome = { ...timeout, message: 'not sent', durationMs: 0, unsent: true };
const refused: HttpOutcome = { ok: false, request, failure: 'connection', message: 'ECONNREFUSED', durationMs: 1 };
const answer: HttpOutcome = { ok: true, request, response: { status: 200, headers: {}, text: '{}', json: {} }, durationMs: 3 };

describe('base health', () => {
  // Every origin these tests mark: each test starts from a tracker that knows none of them.
  afterEach(() =>
    forgetBasesOf(['http://a.test', 'http://b.test', 'http://c.test', 'http://staging.test', 'https://polygon-marketplace.b.test']),
  );

  it('forgets the origins of a new run only (a {network} host stands for every slug), so runs may share a thread', () => {
    const down = (base: string) => {
      for (let i = 0; i < TIMEOUTS_IN_A_ROW_BEFORE_BASE_IS_DOWN; i += 1) noteBaseOutcome(base, timeout);
    };
    down('http://a.test/rpc/Marketplace/polygon');
    down('https://polygon-marketplace.b.test/rpc');
    down('http://c.test/rpc/Marketplace/polygon');
    forgetBasesOf(['http://a.test/rpc/Marketplace', 'https://{network}-marketplace.b.test/rpc']);
    expect(baseDownReason('http://a.test/rpc/Marketplace/polygon')).toBeUndefined();
    expect(baseDownReason('https://polygon-marketplace.b.test/rpc')).toBeUndefined();
    expect(baseDownReason('http://c.test/rpc/Marketplace/polygon')).toMatch(/not answering/);
  });

  it('marks a base not answering after timeouts in a row, and says why', () => {
    for (let i = 1; i < TIMEOUTS_IN_A_ROW_BEFORE_BASE_IS_DOWN; i += 1) noteBaseOutcome('http://a.test', timeout);
    expect(baseDownReason('http://a.test')).toBeUndefined();
    noteBaseOutcome('http://a.test', timeout);
    expect(baseDownReason('http://a.test')).toMatch(/http:\/\/a\.test is not answering: 3 requests in a row/);
  });

  it('starts counting again after any answer, and counts neither unsent requests nor other failures', () => {
    noteBaseOutcome('http://a.test', timeout);
    noteBaseOutcome('http://a.test', timeout);
    noteBaseOutcome('http://a.test', answer);
    noteBaseOutcome('http://a.test', timeout);
    noteBaseOutcome('http://a.test', unsent);
    noteBaseOutcome('http://a.test', refused);
    noteBaseOutcome('http://a.test', timeout);
    expect(baseDownReason('http://a.test')).toBeUndefined();
  });

  it('keeps each base of an origin that answers apart: one down base leaves the others answering', () => {
    noteBaseOutcome('http://a.test/marketplace/base', answer);
    for (let i = 0; i < TIMEOUTS_IN_A_ROW_BEFORE_BASE_IS_DOWN; i += 1) noteBaseOutcome('http://a.test/marketplace/polygon', timeout);
    expect(baseDownReason('http://a.test/marketplace/polygon')).toBeDefined();
    expect(baseDownReason('http://a.test/marketplace/base')).toBeUndefined();
    expect(baseDownReason('http://a.test/relayer/polygon')).toBeUndefined();
  });

  it('marks every base of an origin that never answered once its requests timed out, whichever bases they went to', () => {
    const bases = ['http://a.test/marketplace/polygon', 'http://a.test/relayer/base', 'http://a.test'];
    for (const base of bases.slice(0, TIMEOUTS_IN_A_ROW_BEFORE_BASE_IS_DOWN)) noteBaseOutcome(base, timeout);
    for (const base of [...bases, 'http://a.test/indexer/xai'])
      expect(baseDownReason(base), base).toMatch(
        /is not answering: 3 requests to http:\/\/a\.test got no answer in time and it has answered none/,
      );
    expect(baseDownReason('http://b.test')).toBeUndefined();
  });

  it('gives up the requests in flight to a base when it is marked down, and forgives a silent origin that answers late', () => {
    const inFlight = baseGivenUp('http://a.test/relayer/base');
    const elsewhere = baseGivenUp('http://b.test/relayer/base');
    for (let i = 0; i < TIMEOUTS_IN_A_ROW_BEFORE_BASE_IS_DOWN; i += 1) noteBaseOutcome('http://a.test/marketplace/polygon', timeout);
    expect(inFlight.aborted).toBe(true);
    expect(String(inFlight.reason)).toMatch(/http:\/\/a\.test\/relayer\/base is not answering/);
    expect(elsewhere.aborted).toBe(false);
    noteBaseOutcome('http://a.test/relayer/base', answer);
    expect(baseDownReason('http://a.test/relayer/base')).toBeUndefined();
    expect(baseGivenUp('http://a.test/relayer/base').aborted).toBe(false);
    // The base that timed out three times in a row stays down on its own account.
    expect(baseDownReason('http://a.test/marketplace/polygon')).toMatch(/3 requests in a row/);
  });
});
