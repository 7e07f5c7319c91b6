/**
 * A target that answers with near-cap bodies: the checks get the whole parsed answer, but what a session keeps
 * for the report (its exchanges, the error answers for the error checks, the results) is bounded — redacted,
 * then cut — so the run's memory does not grow with the size of the answers.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunConfig } from '../../src/config/run-config.js';
import { networkBySlug } from '../../src/contract/networks.js';
import { findOperation } from '../../src/contract/operations.js';
import { AUTH_INVALID_KEY, RESPONSE_SCHEMA } from '../../src/harness/common-checks.js';
import { CheckSession } from '../../src/harness/session.js';
import { DEFAULT_MAX_BODY_BYTES } from '../../src/transport/http-client.js';
import { listen } from '../support/hostile.js';
import { sessionConfig } from '../support/session-config.js';

const KEY = 'session-memory-test-key-0123456789';
const ITEM = JSON.stringify({ id: 1, note: 'x'.repeat(80) });
/** A JSON body just under the transport's cap, the access key echoed at its start. */
function nearCap(prefix: string, suffix: string): string {
  const count = Math.floor((DEFAULT_MAX_BODY_BYTES - prefix.length - suffix.length - 16) / (ITEM.length + 1));
  return `${prefix}${Array(count).fill(ITEM).join(',')}${suffix}`;
}
const OK_BODY = nearCap(`{"echo":"${KEY}","items":[`, ']}');
const ERROR_BODY = nearCap(`{"error":"InvalidArgument","code":2001,"status":400,"msg":"${KEY}","items":[`, ']}');

const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const error = req.headers['x-access-key'] !== KEY;
    res.writeHead(error ? 400 : 200, { 'content-type': 'application/json' });
    res.end(error ? ERROR_BODY : OK_BODY);
  });
});
let origin = '';
beforeAll(async () => {
  origin = await listen(server);
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const config = (): RunConfig => sessionConfig(origin, KEY);

describe('a session against near-cap answers', () => {
  it('hands the checks the whole parsed answer but keeps only what a report can show', async () => {
    const session = new CheckSession(findOperation('Marketplace.GetFloorOrder')!, networkBySlug('polygon'), config());
    let items = 0;
    const passed = await session.check({
      ...RESPONSE_SCHEMA,
      async run(run) {
        const answer = await run.send({ collectionAddress: '0x0000000000000000000000000000000000000001' });
        items = (answer.json as { items: unknown[] }).items.length;
      },
    });
    const failed = await session.check({
      ...AUTH_INVALID_KEY,
      async run(run) {
        const answer = await run.send({}, { accessKey: 'not-the-key' });
        run.fail({ message: 'refused as expected?', pointer: '', expected: 401, actual: answer.text });
      },
    });
    expect(passed.status).toBe('passed');
    expect(items).toBeGreaterThan(30_000);
    expect(OK_BODY.length).toBeGreaterThan(DEFAULT_MAX_BODY_BYTES * 0.99);

    // Kept: the exchanges' texts cut to the redaction window, unparsed; the error answer judged, not kept.
    for (const exchange of session.exchanges) {
      expect(exchange.ok && exchange.response.json).toBeUndefined();
      expect(exchange.ok && exchange.response.text.length).toBeLessThanOrEqual(64 * 1024);
    }
    expect(session.errorAnswers).toHaveLength(1);
    expect(session.errorAnswers[0]).toMatchObject({ checkId: 'auth-invalid-key', status: 400, error: 'InvalidArgument' });
    expect(session.errorAnswers[0]).not.toHaveProperty('response');
    expect(JSON.stringify(session.errorAnswers).length).toBeLessThan(200 * 1024);

    // Reported: the failure's exchange cut (and said to be), the key redacted wherever the cut left it.
    expect(failed.status).toBe('failed');
    expect(failed.exchange?.response?.truncated).toBe(true);
    expect(failed.exchange?.response?.body.length).toBeLessThanOrEqual(8 * 1024 + 1);
    const results = JSON.stringify(session.results);
    expect(results.length).toBeLessThan(64 * 1024);
    expect(results).not.toContain(KEY);
  });
});
