/**
 * Before a run: can the target be reached at all, and over the scheme it was given? A TLS session that cannot
 * be made (a certificate not trusted, http:// for an HTTPS server or the reverse) is the user's to fix: one
 * line naming the cause and the option that fixes it, exit 2, nothing more sent.
 *
 * Can the target be reached at all? Sending thousands of requests into a dead address would
 * take long and say nothing more than this one line does. Any answer, even a hang, counts as reachable; only
 * a connection failure on every base counts as unreachable. It sends nothing to an operation that writes.
 */
import type { RunConfig } from '../config/run-config.js';
import { findNetwork, NETWORKS } from '../contract/networks.js';
import { findOperation, OPERATIONS, type OperationDef } from '../contract/operations.js';
import { operationUrl } from '../harness/endpoints.js';
import { configureTransport } from '../transport/configure.js';
import { send, type HttpOutcome } from '../transport/http-client.js';
import { speaksTls, tlsProblem } from './tls-diagnosis.js';
import { UsageError } from '../config/usage-error.js';

/**
 * How long the probe waits for a sign of life before it counts the target as there: a refusal or a reset comes
 * at once, so an exchange still open by then is a target that is slow or hangs — the checks find out which,
 * each with its own timeout, rather than the whole run waiting one more timeout before it starts.
 */
const PROBE_PATIENCE_MS = 2_000;

/**
 * A description of why the target is unreachable, or undefined when some base answered. `secured` is told once
 * every base probed is https and has its TLS session made: the target is there and its certificate trusted
 * before its answer comes (against a distant target a round trip sooner). A plain http base is never told so:
 * only its answer shows whether a TLS server is behind it.
 */
export async function probeTargets(config: RunConfig, secured?: () => void): Promise<string | undefined> {
  // The probe goes out as the checks will (TLS material, proxy), and keeps to --max-rps too: its requests and
  // the checks' that follow share the target's limit.
  configureTransport(config);
  const network = findNetwork(config.networks[0] ?? '') ?? NETWORKS[0]!;
  // The probe never goes to an operation that writes (even an empty CreateAudience is a write a lax server may
  // act on): a base whose selected operations all write is reached through an operation of the same base that
  // reads, and under --read-only such a base is not probed at all.
  const byBase = new Map<string, OperationDef>();
  for (const op of config.operations.map((id) => findOperation(id)!)) {
    if (byBase.get(op.base)?.writes === false) continue;
    const reads = op.writes ? OPERATIONS.find((other) => other.base === op.base && !other.writes) : op;
    if (reads) byBase.set(op.base, reads);
    else if (!config.readOnly) byBase.set(op.base, op);
  }
  const problems: string[] = [];
  // Each base counted once, whatever connections its probe goes through.
  let unsecured = byBase.size;
  const baseSecured = (): (() => void) => {
    let told = false;
    return () => {
      if (told) return;
      told = true;
      unsecured -= 1;
      if (unsecured === 0) secured?.();
    };
  };
  const failures = await Promise.all(
    [...byBase.values()].map(async (op) => {
      const url = operationUrl(config.targets, op, op.network.kind === 'none' ? null : network);
      const outcome = await soonerOrStillOpen(
        send(
          { method: 'POST', url, headers: { 'Content-Type': 'application/json' }, body: '{}' },
          { timeoutMs: config.timeoutMs, ...(secured ? { tlsReady: baseSecured() } : {}) },
        ),
        Math.min(PROBE_PATIENCE_MS, config.timeoutMs),
      );
      const problem = outcome === 'still open' ? undefined : await schemeOrTlsProblem(url, outcome);
      if (problem !== undefined) problems.push(problem);
      // Only a refused or unresolvable connection means "not there". A target that hangs or answers garbage is
      // there and broken: the checks report that, each with its own timeout.
      if (outcome === 'still open' || outcome.ok || outcome.failure !== 'connection') return undefined;
      return `${url}: ${outcome.failure} (${outcome.message})`;
    }),
  );
  if (problems.length > 0) throw new UsageError(problems.sort()[0]!);
  const unreachable = failures.filter((failure) => failure !== undefined);
  return unreachable.length > 0 && unreachable.length === failures.length ? unreachable.join('; ') : undefined;
}

/** Why no exchange over the scheme given can be had with `url`, as the line to print; undefined when one can. */
async function schemeOrTlsProblem(url: string, outcome: HttpOutcome): Promise<string | undefined> {
  if (outcome.ok) return undefined;
  if (outcome.failure === 'tls') return tlsProblem(url, outcome.message);
  // A TLS server drops a request in plain HTTP without a word: it is asked for a TLS session to tell.
  if (
    url.startsWith('http:') &&
    outcome.failure === 'connection' &&
    /hang up|ECONNRESET|reset/i.test(outcome.message) &&
    (await speaksTls(url))
  )
    return `${new URL(url).origin}: http:// was given but the server speaks HTTPS: use https://`;
  return undefined;
}

/** The outcome, or 'still open' when it has not come within `patienceMs` (the request goes on to its deadline). */
async function soonerOrStillOpen(outcome: Promise<HttpOutcome>, patienceMs: number): Promise<HttpOutcome | 'still open'> {
  let timer: NodeJS.Timeout | undefined;
  const patience = new Promise<'still open'>((resolve) => {
    timer = setTimeout(() => resolve('still open'), patienceMs);
  });
  try {
    return await Promise.race([outcome, patience]);
  } finally {
    clearTimeout(timer);
  }
}
