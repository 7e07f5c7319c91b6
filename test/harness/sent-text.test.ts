/**
 * The body a session keeps for a request (for the report, its reproduction line and a cassette) is the one the
 * server reads. A raw body holding half a surrogate pair cannot be written as UTF-8: the encoder sends U+FFFD
 * for it, so a recording that kept the half pair would never meet the replay's request.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunConfig } from '../../src/config/run-config.js';
import { networkBySlug } from '../../src/contract/networks.js';
import { findOperation } from '../../src/contract/operations.js';
import { MALFORMED_JSON } from '../../src/harness/common-checks.js';
import { CheckSession } from '../../src/harness/session.js';
import { observeExchanges, type HttpOutcome } from '../../src/transport/http-client.js';
import { listen } from '../support/hostile.js';
import { sessionConfig } from '../support/session-config.js';

const KEY = 'sent-text-test-key-0123456789abcdef';
const received: string[] = [];
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    received.push(Buffer.concat(chunks).toString('utf8'));
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end('{"error":"WebrpcBadRequest","code":-4,"msg":"bad request","status":400}');
  });
});
let origin = '';
beforeAll(async () => {
  origin = await listen(server);
});
afterAll(() => {
  observeExchanges(undefined);
  server.closeAllConnections();
  server.close();
});

const config = (): RunConfig => sessionConfig(origin, KEY);

describe('the body kept for a request', () => {
  it('is the text the server read, also when the raw body cut a surrogate pair in half', async () => {
    const observed: HttpOutcome[] = [];
    observeExchanges((outcome) => observed.push(outcome));
    const session = new CheckSession(findOperation('Marketplace.GetFloorOrder')!, networkBySlug('polygon'), config());
    const halfPair = '{"collectionAddress":"\u{10536}\u{10536}'.slice(0, -1);
    expect(halfPair.isWellFormed()).toBe(false);
    await session.check({
      ...MALFORMED_JSON,
      async run(run) {
        await run.send({}, { rawBody: halfPair });
      },
    });
    expect(received).toEqual(['{"collectionAddress":"\u{10536}\uFFFD']);
    expect(observed.map((outcome) => outcome.request.body)).toEqual(received);
  });
});
