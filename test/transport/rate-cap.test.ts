/**
 * --max-rps shared by the run's threads: two schedules over one shared memory (as two worker threads hold
 * them) together never send more than N in any second by the reference server's own gate, even with their
 * timers firing late and the target counting each request late (anywhere before its answer); a timer firing
 * late does not lose its turn; they share the rate by demand; and a run in threads against a server limited
 * to N is never answered 429. Time is simulated: nothing here waits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateGate } from '../../src/server/rate-gate.js';
import { startReferenceServer } from '../../src/server/index.js';
import type { RunningReferenceServer } from '../../src/server/types.js';
import { CAP_BURST_MS, CAP_COUNTED_WITHIN_MS, CAP_WINDOW_MARGIN_MS, RateCap } from '../../src/transport/throttle.js';
import { brokenResults, readReport, runCli, targetArgs } from '../support/run-cli.js';

/** A simulated clock whose sleeps end when the simulation reaches them, `late` ms past what was asked. */
class SimulatedTime {
  now = 1_000;
  private readonly sleeping: { readonly at: number; readonly wake: () => void }[] = [];

  constructor(private readonly late: () => number = () => 0) {}

  readonly clock = (): number => this.now;
  readonly wait = (ms: number): Promise<void> =>
    new Promise((wake) => this.sleeping.push({ at: this.now + Math.max(ms, 1) + this.late(), wake }));

  /** Runs the simulation until `until` (ms), letting every promise settle before time moves on. */
  async runUntil(until: number): Promise<void> {
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      if (this.sleeping.length === 0) return;
      this.sleeping.sort((a, b) => a.at - b.at);
      const next = this.sleeping[0]!;
      if (next.at > until) return;
      this.sleeping.shift();
      this.now = Math.max(this.now, next.at);
      next.wake();
    }
  }
}

/** A small seeded generator (mulberry32): the same "random" lateness on every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const URL_A = 'http://target.example:8080/rpc/Indexer/GetTokenBalances';

/**
 * `requesters` sending one request after another through `cap` until `until`; each send's time goes to `sent`.
 * The target answers each `answerMs()` after its send, and counts it at a moment of its own before that, which
 * goes to `counted`.
 */
function demand(
  cap: RateCap,
  time: SimulatedTime,
  requesters: number,
  until: number,
  sent: number[],
  answer: {
    readonly answerMs: () => number;
    readonly countedAt: (sentAt: number, answeredAt: number) => number;
    readonly counted: number[];
  } = {
    answerMs: () => 0,
    countedAt: (sentAt) => sentAt,
    counted: [],
  },
): void {
  for (let i = 0; i < requesters; i += 1) {
    void (async () => {
      while (time.now < until) {
        const turn = await cap.turn(URL_A);
        if (time.now >= until) return turn.answered();
        const sentAt = time.now;
        sent.push(sentAt);
        const answerMs = answer.answerMs();
        if (answerMs > 0) await time.wait(answerMs);
        answer.counted.push(answer.countedAt(sentAt, time.now));
        turn.answered();
      }
    })();
  }
}

/** The requests the server's gate would refuse, counted at `arrivals`. */
function refusedBy(limit: number, arrivals: readonly number[]): number {
  const gate = new RateGate(limit);
  return [...arrivals].sort((a, b) => a - b).filter((at) => gate.refuse(at) !== undefined).length;
}

describe('--max-rps shared by the threads of a run', () => {
  const N = 200;

  it('two threads together keep under N in any second by the gate, late timers and late counting included', async () => {
    const random = seeded(7);
    // One timer in ten fires up to 40 ms late, as on a busy machine.
    const time = new SimulatedTime(() => (random() < 0.1 ? 40 * random() : random()));
    const first = new RateCap(N, undefined, time.clock, time.wait);
    const second = new RateCap(N, first.buffer, time.clock, time.wait);
    const sentByFirst: number[] = [];
    const sentBySecond: number[] = [];
    // The target stalls now and then: one answer in twenty comes up to 150 ms late, and the target counts each
    // request anywhere between its send and its answer.
    const answer = {
      answerMs: () => (random() < 0.05 ? 150 * random() : 1),
      countedAt: (sentAt: number, answeredAt: number) => sentAt + (answeredAt - sentAt) * random(),
      counted: [] as number[],
    };
    const end = time.now + 10_000;
    demand(first, time, 64, end, sentByFirst, answer);
    demand(second, time, 64, end, sentBySecond, answer);
    await time.runUntil(end + 1_000);
    const sent = [...sentByFirst, ...sentBySecond];

    expect(refusedBy(N, sent)).toBe(0);
    expect(refusedBy(N, answer.counted)).toBe(0);
    // Not paced so slowly that the quota is wasted: N a second over the 10 s, but for what the late answers
    // cost (each holds its place in the window until it comes, as the target may count it until then).
    expect(sent.length).toBeGreaterThanOrEqual(0.85 * 10 * N);
    // Both threads had demand all along: both sent (by demand, neither holds a fixed half).
    expect(sentByFirst.length).toBeGreaterThan(0);
    expect(sentBySecond.length).toBeGreaterThan(0);
  });

  it('lets a request whose timer fires late keep its turn, and still never sends N + 1 in a second', async () => {
    // At 20 a second a turn is 50 ms: every timer firing 20 ms late would lose 40 % of the quota if a late turn
    // moved the next ones on.
    const perSecond = 20;
    const time = new SimulatedTime(() => 20);
    const cap = new RateCap(perSecond, undefined, time.clock, time.wait);
    const sent: number[] = [];
    const start = time.now;
    demand(cap, time, 8, start + 10_000, sent);
    await time.runUntil(start + 10_000);

    expect(refusedBy(perSecond, sent)).toBe(0);
    for (let i = perSecond; i < sent.length; i += 1)
      expect(sent[i]! - sent[i - perSecond]!).toBeGreaterThanOrEqual(1000 + CAP_WINDOW_MARGIN_MS);
    expect(sent.length).toBeGreaterThanOrEqual(0.95 * 10 * perSecond);
  });

  it('holds a request that is not answered in the window for a while after its send', async () => {
    const perSecond = 10;
    const time = new SimulatedTime();
    const cap = new RateCap(perSecond, undefined, time.clock, time.wait);
    const sent: number[] = [];
    const start = time.now;
    // Answers take a second: the target may count each request up to then.
    demand(cap, time, 40, start + 5_000, sent, { answerMs: () => 1_000, countedAt: (at) => at, counted: [] });
    await time.runUntil(start + 5_000);
    for (let i = perSecond; i < sent.length; i += 1)
      expect(sent[i]! - sent[i - perSecond]!).toBeGreaterThanOrEqual(1000 + CAP_COUNTED_WITHIN_MS + CAP_WINDOW_MARGIN_MS);
  });

  it('gives the whole rate to the thread that has requests, once the other has none', async () => {
    const time = new SimulatedTime();
    const first = new RateCap(N, undefined, time.clock, time.wait);
    const second = new RateCap(N, first.buffer, time.clock, time.wait);
    const sentByFirst: number[] = [];
    const sentBySecond: number[] = [];
    const start = time.now;
    // The first thread's work ends after 2 s; the second's goes on to 6 s.
    demand(first, time, 16, start + 2_000, sentByFirst);
    demand(second, time, 16, start + 6_000, sentBySecond);
    await time.runUntil(start + 6_000);

    const lastFour = sentBySecond.filter((at) => at >= start + 2_100);
    expect(refusedBy(N, [...sentByFirst, ...sentBySecond])).toBe(0);
    // The second thread alone sends at the whole rate, not at a half share of it.
    expect(lastFour.length).toBeGreaterThan(0.97 * 3.9 * N);
  });

  it('starts without a burst: a few requests at once at the most, never a second of them', async () => {
    const time = new SimulatedTime();
    const cap = new RateCap(N, undefined, time.clock, time.wait);
    const sent: number[] = [];
    const start = time.now;
    demand(cap, time, 500, start + 1_000, sent);
    await time.runUntil(start + 1_000);
    // One, and one more for each turn in the interval and the burst allowed.
    const turnMs = 1000 / N;
    expect(sent.filter((at) => at < start + CAP_BURST_MS).length).toBeLessThanOrEqual(1 + (2 * CAP_BURST_MS) / turnMs);
    expect(sent.length).toBeLessThanOrEqual(N);
  });

  it('gives every origin a schedule of its own', async () => {
    const time = new SimulatedTime();
    const cap = new RateCap(2, undefined, time.clock, time.wait);
    const turns = ['http://a.example/x', 'http://b.example/y', 'https://a.example/z', 'http://a.example/w'].map((url) => cap.turn(url));
    await time.runUntil(time.now + 2_000);
    const waits = (await Promise.all(turns)).map((turn) => turn.waitedMs);
    expect(waits.slice(0, 3)).toEqual([0, 0, 0]);
    // The same origin again: half a second apart, as 2 a second are.
    expect(waits[3]).toBeGreaterThan(400);
  });
});

describe('a run in threads against a server limited to --max-rps', () => {
  const LIMIT = 200;
  let server: RunningReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer({ host: '127.0.0.1', port: 0, maxRps: LIMIT });
  });
  afterAll(() => server.close());

  it('of one network is never answered 429', async () => {
    const { args, env } = targetArgs(server);
    // The command line in a process of its own, as a user runs it: this process only answers, as the target.
    // Four requests in flight: each of the two checks' threads gets units to run, so both send.
    const result = await runCli(
      ['run', ...args, '--networks', 'polygon', '--engine', 'thread', '--concurrency', '4', '--max-rps', String(LIMIT), '--seed', '3'],
      env,
    );
    const report = readReport(result.reportDir);
    expect(brokenResults(report)).toEqual([]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    // Seconds' worth of the quota: sent any faster, the server would have refused some.
    expect(report.run.requests).toBeGreaterThan(3 * LIMIT);
    expect(report.run.throttling?.throttled ?? 0).toBe(0);
    expect(result.stdout).toMatch(/paced \(--max-rps\), requests waited/);
  }, 120_000);
});
