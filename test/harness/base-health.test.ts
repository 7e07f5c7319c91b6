import { afterEach, describe, expect, it } from 'vitest';
import { baseDownReason, noteBaseOutcome, resetBaseHealth, TIMEOUTS_IN_A_ROW_BEFORE_BASE_IS_DOWN } from '../../src/harness/base-health.js';
import type { HttpOutcome } from '../../src/transport/http-client.js';

const request = { method: 'POST', url: 'http://staging.test/rpc/API/GetSwapPrices', headers: {} };
const timeout: HttpOutcome = { ok: false, request, failure: 'timeout', message: 'no complete answer within 100 ms', durationMs: 100 };
const unsent: HttpOutcome = { ...timeout, message: 'not sent', durationMs: 0, unsent: true };
const refused: HttpOutcome = { ok: false, request, failure: 'connection', message: 'ECONNREFUSED', durationMs: 1 };
const answer: HttpOutcome = { ok: true, request, response: { status: 200, headers: {}, text: '{}', json: {} }, durationMs: 3 };

describe('base health', () => {
  afterEach(() => resetBaseHealth());

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

  it('keeps each base apart: one down base leaves the others answering', () => {
    for (let i = 0; i < TIMEOUTS_IN_A_ROW_BEFORE_BASE_IS_DOWN; i += 1) noteBaseOutcome('http://a.test/marketplace/polygon', timeout);
    expect(baseDownReason('http://a.test/marketplace/polygon')).toBeDefined();
    expect(baseDownReason('http://a.test/marketplace/base')).toBeUndefined();
  });
});
