/**
 * For the renderers' tests only: a hand-built report fixture with hostile server strings, a generator of
 * large reports, and a tiny XML well-formedness checker (no XML parser is installed, and none should be added
 * for this: the checker only has to understand what the renderers write).
 */
import { buildReport, countResults } from '../../src/report/build.js';
import type { CheckResult, Counts, Exchange, NetworkResult, OperationResult, Report } from '../../src/report/model.js';

/** Everything a server could put in a string to break an output: markup, CDATA end, table pipes, controls. */
export const HOSTILE =
  '<script>alert(1)</script> ]]> a|b "dq" \'sq\' & &amp; `tick` ``` *em* _u_ [x](javascript:alert(1)) $x$ # <img src=x onerror=alert(1)>\nsecond line\r\nthird\u0000\u0001\u0008\u000b\u001b\u007f\u0085\u202e\uFFFE\uD800 end';

type CheckSpec = Partial<CheckResult> & Pick<CheckResult, 'checkId' | 'status'>;

export function check(operation: string, network: string | null, spec: CheckSpec): CheckResult {
  return {
    key: `${operation}:${spec.checkId}`,
    operation,
    network,
    level: 'MUST',
    title: `Title of ${spec.checkId}`,
    requests: 1,
    durationMs: 12,
    ...spec,
  };
}

function groupStatus(c: Counts): OperationResult['status'] {
  if (c.mustFailed > 0) return 'failed';
  return c.passed + c.failed + c.errored === 0 ? 'skipped' : 'passed';
}

export function operation(op: string, checks: CheckResult[]): OperationResult {
  const counts = countResults(checks);
  return { operation: op, status: groupStatus(counts), counts, checks };
}

export function network(slug: string, chainId: number, operations: OperationResult[]): NetworkResult {
  const counts = countResults(operations.flatMap((o) => o.checks));
  return { slug, chainId, status: groupStatus(counts), counts, operations };
}

export function report(networks: NetworkResult[], global: OperationResult[], overrides: Partial<Report['run']> = {}): Report {
  const all = [...networks.flatMap((n) => n.operations), ...global].flatMap((o) => o.checks);
  const counts = countResults(all);
  const globalCounts = countResults(global.flatMap((o) => o.checks));
  const strict = overrides.strict ?? false;
  const fails = counts.mustFailed > 0 || (strict && counts.shouldFailed > 0) || overrides.incident !== undefined;
  const operations = [...new Set([...networks.flatMap((n) => n.operations), ...global].map((o) => o.operation))];
  return {
    tool: { name: 'rpc-conformance', version: '0.1.0' },
    contractVersion: 'interface.md@2025-01',
    run: {
      startedAt: '2025-01-02T03:04:05.000Z',
      durationMs: 83_456,
      seed: 1234567,
      runs: 50,
      strict,
      readOnly: true,
      requests: 4321,
      targets: {
        embedded: false,
        marketplace: 'https://marketplace.example',
        api: 'https://api.example',
        metadata: 'https://metadata.example',
        relayer: 'https://relayer.example/',
        indexer: 'https://indexer.example',
      },
      networks: networks.map((n) => n.slug),
      operations,
      ...overrides,
    },
    verdict: fails ? 'fail' : 'pass',
    counts,
    networks,
    global: { status: groupStatus(globalCounts), counts: globalCounts, operations: global },
  };
}

const FLOOR = 'Marketplace.GetFloorOrder';
const PRICE = 'API.GetSwapPrice';
const BALANCE = 'Indexer.GetNativeTokenBalance';

export const hostileExchange: Exchange = {
  request: {
    method: 'POST',
    url: `https://marketplace.example/rpc/Marketplace/GetFloorOrder?q=${HOSTILE}`,
    headers: { 'content-type': 'application/json', 'x-evil': HOSTILE },
    body: '{"chainId":"42161","contractAddress":"0x0000000000000000000000000000000000000001"}',
  },
  response: {
    status: 500,
    headers: { 'content-type': 'text/html', [`x-${HOSTILE}`]: HOSTILE },
    body: `{"error":"${HOSTILE}"}`,
    truncated: true,
  },
  durationMs: 34,
};

/**
 * arbitrum: a MUST failure full of hostile text on GetFloorOrder, a SHOULD finding on GetSwapPrice.
 * base: an errored check (transport error) on GetFloorOrder, a skipped check on GetSwapPrice.
 * polygon: everything passes. amoy: everything skipped.
 * global: a failing Builder check and a passing per-service wire check.
 */
export function fixture(overrides: Partial<Report['run']> = {}): Report {
  const arbitrum = network('arbitrum', 42161, [
    operation(FLOOR, [
      check(FLOOR, 'arbitrum', { checkId: 'response-schema', status: 'passed' }),
      check(FLOOR, 'arbitrum', {
        checkId: 'valid-never-5xx',
        status: 'failed',
        title: 'A valid request never gets a 5xx',
        message: `Marketplace.GetFloorOrder on arbitrum: server said ${HOSTILE}`,
        pointer: `/error/${HOSTILE}`,
        expected: 'a status below 500',
        actual: HOSTILE,
        reproduction: `curl -sS -X POST 'https://marketplace.example/rpc/Marketplace/GetFloorOrder' -d '${HOSTILE}'`,
        exchange: hostileExchange,
      }),
    ]),
    operation(PRICE, [
      check(PRICE, 'arbitrum', {
        checkId: 'response-conventions',
        level: 'SHOULD',
        status: 'failed',
        message: `price is not a decimal integer: ${HOSTILE}`,
        pointer: '/price/price',
        expected: 'decimal-integer',
        actual: '"1e18"',
      }),
      check(PRICE, 'arbitrum', { checkId: 'response-schema', status: 'passed' }),
    ]),
    operation(BALANCE, [check(BALANCE, 'arbitrum', { checkId: 'only-passed-check-here', status: 'passed' })]),
  ]);
  const base = network('base', 8453, [
    operation(FLOOR, [
      check(FLOOR, 'base', {
        checkId: 'valid-never-5xx',
        status: 'errored',
        message: 'Marketplace.GetFloorOrder on base: no answer within 10000 ms',
        reproduction: "curl -sS -X POST 'https://marketplace.example/rpc/Marketplace/GetFloorOrder'",
        exchange: {
          request: { method: 'POST', url: 'https://marketplace.example/rpc/Marketplace/GetFloorOrder', headers: {} },
          transportError: `timeout after 10000 ms ${HOSTILE}`,
          durationMs: 10_000,
        },
      }),
      check(FLOOR, 'base', { checkId: 'response-schema', status: 'passed' }),
    ]),
    operation(PRICE, [
      check(PRICE, 'base', { checkId: 'stateful-order', status: 'skipped', message: `read-only run ${HOSTILE}` }),
      check(PRICE, 'base', { checkId: 'response-schema', status: 'passed' }),
    ]),
  ]);
  const polygon = network('polygon', 137, [
    operation(FLOOR, [check(FLOOR, 'polygon', { checkId: 'response-schema', status: 'passed' })]),
    operation(PRICE, [check(PRICE, 'polygon', { checkId: 'response-schema', status: 'passed' })]),
  ]);
  const amoy = network('amoy', 80002, [
    operation(FLOOR, [check(FLOOR, 'amoy', { checkId: 'stateful-order', status: 'skipped', message: 'read-only run' })]),
  ]);
  const global = [
    operation('Builder.CreateAudience', [
      check('Builder.CreateAudience', null, {
        checkId: 'auth.missing-key-is-unauthorized',
        status: 'failed',
        message: `Builder.CreateAudience: expected 401 without a key, got 200 ${HOSTILE}`,
        expected: '401',
        actual: '200',
        reproduction: "curl -sS -X POST 'https://api.example/rpc/Builder/CreateAudience' -d '{}'",
      }),
    ]),
    operation('Marketplace', [check('Marketplace', null, { key: 'Marketplace:bad-route', checkId: 'bad-route', status: 'passed' })]),
  ];
  return report([arbitrum, base, polygon, amoy], global, overrides);
}

/** 39 networks × 18 operations × 7 checks (4,914): ~10% failing MUST with an exchange, some SHOULD, some skipped. */
export function largeReport(): Report {
  const ops = Array.from({ length: 18 }, (_, i) => `Service${i % 5}.Method${i}`);
  let n = 0;
  const networks = Array.from({ length: 39 }, (_, ni) =>
    network(
      `network-${ni}`,
      1000 + ni,
      ops.map((op) =>
        operation(
          op,
          Array.from({ length: 7 }, (_, ci) => {
            n++;
            const kind = n % 10 === 0 ? 'must' : n % 13 === 0 ? 'should' : n % 17 === 0 ? 'skip' : 'pass';
            if (kind === 'pass') return check(op, `network-${ni}`, { checkId: `check-${ci}`, status: 'passed' });
            if (kind === 'skip') return check(op, `network-${ni}`, { checkId: `check-${ci}`, status: 'skipped', message: 'read-only run' });
            return check(op, `network-${ni}`, {
              checkId: `check-${ci}`,
              level: kind === 'must' ? 'MUST' : 'SHOULD',
              status: 'failed',
              message: `${op} on network-${ni}: ${HOSTILE}`,
              expected: 'x',
              actual: HOSTILE,
              reproduction: `curl -X POST 'https://x.example/rpc/${op}' -d '{}'`,
              exchange: { ...hostileExchange, response: { ...hostileExchange.response!, body: 'y'.repeat(2000) } },
            });
          }),
        ),
      ),
    ),
  );
  return report(networks, [operation('Builder.GetAudience', [check('Builder.GetAudience', null, { checkId: 'x', status: 'passed' })])]);
}

// --- a tiny XML/HTML well-formedness checker ------------------------------------------------------------------

export interface XmlElement {
  readonly name: string;
  readonly attrs: Record<string, string>;
  readonly children: XmlElement[];
  /** Decoded text directly inside this element. */
  text: string;
}

export interface ParseOptions {
  /** HTML mode: a leading <!DOCTYPE html>, these elements have no end tag, named references of HTML. */
  readonly html?: boolean;
}

const VOID = new Set(['meta', 'br', 'hr', 'img', 'input', 'link', 'wbr']);
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Parses the subset of XML the renderers write (prolog, elements, attributes in double quotes, text,
 * character and entity references) and throws on anything not well-formed: an unescaped `<` or `&`, a `]]>`
 * in text, an unknown reference, a mismatched or unclosed tag, a character XML 1.0 forbids.
 */
export function parseXml(doc: string, options: ParseOptions = {}): XmlElement {
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`not well-formed at ${i}: ${why}: ${JSON.stringify(doc.slice(Math.max(0, i - 40), i + 40))}`);
  };
  for (const ch of doc) {
    const cp = ch.codePointAt(0) ?? 0;
    const ok = cp === 9 || cp === 10 || cp === 13 || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || cp >= 0x10000;
    if (!ok) fail(`forbidden character U+${cp.toString(16)}`);
  }
  const skipSpace = (): void => {
    while (i < doc.length && ' \t\r\n'.includes(doc[i] ?? '')) i++;
  };
  const name = (): string => {
    const start = i;
    while (i < doc.length && /[A-Za-z0-9_:.-]/.test(doc[i] ?? '')) i++;
    if (i === start) fail('expected a name');
    return doc.slice(start, i);
  };
  const decode = (raw: string): string => {
    let out = '';
    for (let j = 0; j < raw.length; j++) {
      const ch = raw[j] ?? '';
      if (ch === '<') fail('raw < in text or attribute');
      if (ch !== '&') {
        out += ch;
        continue;
      }
      const end = raw.indexOf(';', j);
      if (end < 0) fail('unterminated reference');
      const ref = raw.slice(j + 1, end);
      if (/^#[0-9]+$/.test(ref)) out += String.fromCodePoint(Number(ref.slice(1)));
      else if (/^#x[0-9a-fA-F]+$/.test(ref)) out += String.fromCodePoint(parseInt(ref.slice(2), 16));
      else if (ref in NAMED) out += NAMED[ref];
      else fail(`unknown reference &${ref};`);
      j = end;
    }
    return out;
  };

  skipSpace();
  if (doc.startsWith('<?xml', i)) {
    const end = doc.indexOf('?>', i);
    if (end < 0) fail('unterminated prolog');
    i = end + 2;
  }
  skipSpace();
  if (options.html) {
    if (!doc.startsWith('<!DOCTYPE html>', i)) fail('missing doctype');
    i += '<!DOCTYPE html>'.length;
  }
  skipSpace();

  const root: XmlElement = { name: '#document', attrs: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  while (i < doc.length) {
    const top = stack[stack.length - 1] ?? fail('no open element');
    const lt = doc.indexOf('<', i);
    const textEnd = lt < 0 ? doc.length : lt;
    const raw = doc.slice(i, textEnd);
    if (raw.includes(']]>')) fail(']]> in text');
    if (stack.length === 1 && raw.trim() !== '') fail('text outside the root');
    top.text += decode(raw);
    i = textEnd;
    if (i >= doc.length) break;
    if (doc.startsWith('</', i)) {
      i += 2;
      const n = name();
      skipSpace();
      if (doc[i] !== '>') fail('expected >');
      i++;
      if (top.name !== n) fail(`</${n}> closes <${top.name}>`);
      stack.pop();
      continue;
    }
    i++;
    const el: XmlElement = { name: name(), attrs: {}, children: [], text: '' };
    if (stack.length === 1 && root.children.length > 0) fail('second root element');
    for (;;) {
      skipSpace();
      if (doc.startsWith('/>', i)) {
        i += 2;
        top.children.push(el);
        break;
      }
      if (doc[i] === '>') {
        i++;
        top.children.push(el);
        if (!(options.html && VOID.has(el.name))) stack.push(el);
        break;
      }
      const attr = name();
      if (attr in el.attrs) fail(`duplicate attribute ${attr}`);
      skipSpace();
      if (doc[i] !== '=') fail('expected =');
      i++;
      skipSpace();
      if (doc[i] !== '"') fail('expected a double-quoted value');
      const end = doc.indexOf('"', i + 1);
      if (end < 0) fail('unterminated attribute');
      el.attrs[attr] = decode(doc.slice(i + 1, end));
      i = end + 1;
    }
  }
  if (stack.length !== 1) fail(`unclosed <${stack[stack.length - 1]?.name ?? '?'}>`);
  const only = root.children[0];
  if (root.children.length !== 1 || only === undefined) fail('expected exactly one root element');
  return only as XmlElement;
}

export function* walk(el: XmlElement): Generator<XmlElement> {
  yield el;
  for (const c of el.children) yield* walk(c);
}

/** All text inside an element, decoded. */
export function textOf(el: XmlElement): string {
  return el.text + el.children.map(textOf).join('');
}

/** A report built from loose results, its networks and operations those of the results. */
export function reportOf(results: readonly CheckResult[], run: Partial<Report['run']> = {}): Report {
  return buildReport({
    tool: { name: 'rpc-conformance', version: '0.1.0' },
    contractVersion: 'v1',
    run: {
      startedAt: '2026-01-01T00:00:00.000Z',
      durationMs: 1000,
      seed: 7,
      runs: 1,
      strict: false,
      readOnly: false,
      targets: {
        embedded: false,
        marketplace: 'https://m.example',
        api: 'https://a.example',
        metadata: 'https://d.example',
        relayer: 'https://r.example',
        indexer: 'https://i.example',
      },
      networks: [...new Set(results.map((r) => r.network).filter((n): n is string => n !== null))],
      operations: [...new Set(results.map((r) => r.operation))],
      ...run,
    },
    results,
  });
}
