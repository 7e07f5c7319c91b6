/**
 * Transport incidents: what kept checks from being judged at all — a target unreachable, a TLS session refused,
 * a base that stopped answering, throttling that never let up, connections closed before their answer. Each
 * is one entry, with the checks it left errored and one example exchange, shown before any finding: forty
 * errored checks of one dead base are one problem, not forty. Derived from the results (their errored
 * messages say why), so every engine and a merge of shards get the same incidents.
 */
import { madeOnce } from '../made-once.js';
import type { CheckResult, Incident, Report } from './model.js';

type Kind = Incident['kind'];

/** What the kinds mean, in the words every renderer uses. */
const SUMMARY: Record<Kind, string> = {
  unreachable: 'could not be reached (connections refused or the name not found)',
  tls: 'refused the TLS session',
  'not-answering': 'stopped answering (requests timed out)',
  throttled: 'kept throttling (429 or 503 with Retry-After) after every wait',
  'closed-early': 'closed connections before their answer',
  'stray-answers': 'sends answers nobody asked for (bytes after an answer on its connection)',
};

/** What the transport met that no errored check shows (the report's `run.transport`). */
type TransportNotes = NonNullable<Report['run']['transport']>;

/**
 * The incidents of the run's transport notes: an origin whose throttling never let up (its throttling answers
 * judged as they came), and one that sent answers nobody asked for. They left no check errored: each read
 * whose answer was suspect was sent again on a new connection, and a write with such an answer was errored
 * (an incident of its own kind, closed-early).
 */
export function transportIncidents(notes: TransportNotes | undefined): Incident[] {
  const incidents: Incident[] = [];
  for (const [origin, answers] of Object.entries(notes?.throttledWithoutEnd ?? {}))
    incidents.push({
      id: `throttled ${origin}`,
      kind: 'throttled',
      summary: `${origin} throttled without end (429 or 503 with Retry-After past the throttling budget): ${answers} throttling answer${answers === 1 ? ' was' : 's were'} judged as ${answers === 1 ? 'it' : 'they'} came`,
      checks: [],
    });
  for (const [origin, answers] of Object.entries(notes?.strayAnswers ?? {}))
    incidents.push({
      id: `stray-answers ${origin}`,
      kind: 'stray-answers',
      summary: `${origin} ${SUMMARY['stray-answers']}: ${answers} answer${answers === 1 ? ' was' : 's were'} not taken (reads sent again on a new connection, writes errored)`,
      checks: [],
    });
  return incidents;
}

/** The transport cause of an errored result, when it has one. */
function causeOf(result: CheckResult): { kind: Kind; origin: string | undefined } | undefined {
  if (result.status !== 'errored' || result.message === undefined) return undefined;
  const message = result.message;
  const notAnswering = /not run: (\S+) is not answering/.exec(message);
  if (notAnswering) return { kind: 'not-answering', origin: originOf(notAnswering[1]!) };
  const origin = originOf(result.exchange?.request.url);
  if (/not sent: \d+ requests of this operation on this network already timed out/.test(message)) return { kind: 'not-answering', origin };
  // A check decided from every exchange of its operation (the derived ones) quotes the transport's message.
  const noneAnswered = /no request of this operation got an answer: (.*)/s.exec(message);
  if (noneAnswered) {
    const kind = kindOfMessage(noneAnswered[1]!);
    return kind === undefined ? undefined : { kind, origin };
  }
  const failure = /no usable answer \(([a-z-]+)\): (.*)/s.exec(message);
  if (!failure) return undefined;
  const [, kind, detail] = failure as unknown as [string, string, string];
  if (kind === 'timeout') return { kind: 'not-answering', origin };
  if (kind === 'tls' || kind === 'throttled') return { kind, origin };
  if (kind === 'connection' && /answers nobody asked for/.test(detail)) return { kind: 'stray-answers', origin };
  if (kind === 'connection')
    return {
      kind: /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|refused/i.test(detail) ? 'unreachable' : 'closed-early',
      origin,
    };
  return undefined;
}

/** The kind of a transport failure known only by its message. */
function kindOfMessage(text: string): Kind | undefined {
  if (/within \d+ ms|given up|not answering|already timed out/.test(text)) return 'not-answering';
  if (/throttled/.test(text)) return 'throttled';
  if (/answers nobody asked for/.test(text)) return 'stray-answers';
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH/.test(text)) return 'unreachable';
  if (/CERT|SELF_SIGNED|EPROTO|ERR_TLS|ERR_SSL/.test(text)) return 'tls';
  if (/hang up|ECONNRESET|EPIPE|cut off|answer lost/.test(text)) return 'closed-early';
  return undefined;
}

/**
 * The incidents of `results`, most checks first, and the results with each affected one naming its incident.
 */
export function withIncidents(results: readonly CheckResult[]): { results: CheckResult[]; incidents: Incident[] } {
  const byId = new Map<string, Incident & { checks: string[] }>();
  const causes = results.map(causeOf);
  // A check that kept no exchange (it was not sent) belongs to its kind's one origin, when there is one.
  const originsOfKind = new Map<Kind, Set<string>>();
  for (const cause of causes) if (cause?.origin) madeOnce(originsOfKind, cause.kind, () => new Set<string>()).add(cause.origin);
  const named = results.map((result, index) => {
    const cause = causes[index];
    if (!cause) return result;
    const only = originsOfKind.get(cause.kind);
    const where = cause.origin ?? (only?.size === 1 ? [...only][0]! : 'the target');
    const id = `${cause.kind} ${where}`;
    let incident = byId.get(id);
    if (!incident) {
      incident = {
        id,
        kind: cause.kind,
        summary: `${where} ${SUMMARY[cause.kind]}`,
        checks: [],
        ...(result.exchange ? { example: result.exchange } : {}),
      };
      byId.set(id, incident);
    }
    if (incident.example === undefined && result.exchange) incident.example = result.exchange;
    incident.checks.push(`${result.network ?? 'global'}/${result.key}`);
    return { ...result, incident: id };
  });
  const incidents = [...byId.values()].sort((a, b) => b.checks.length - a.checks.length || a.id.localeCompare(b.id));
  return { results: named, incidents };
}

/** How the run's incident begins when the probe found the target unreachable (nothing else was sent). */
export const UNREACHABLE = 'target unreachable: ';

export function unreachableIncident(incident: string): Incident {
  const text = incident.slice(UNREACHABLE.length);
  const origin = originOf(/^(\S+?):? /.exec(text)?.[1]) ?? 'the target';
  return { id: `unreachable ${origin}`, kind: 'unreachable', summary: `${origin} ${SUMMARY.unreachable}: ${text}`, checks: [] };
}

/** "https://host:1 stopped answering … — 40 checks (Marketplace.GetFloorOrder on polygon, …)" */
export function incidentLine(incident: Incident, shown = 3): string {
  if (incident.checks.length === 0) return incident.summary;
  const checks = incident.checks.slice(0, shown).join(', ');
  const more = incident.checks.length > shown ? `, and ${incident.checks.length - shown} more` : '';
  return `${incident.summary} — ${incident.checks.length} check${incident.checks.length === 1 ? '' : 's'} errored (${checks}${more})`;
}

/**
 * The checks an incident stopped, by operation: "Marketplace.GetFloorOrder: 14 checks on polygon, base". The
 * incident's checks are `network/Operation:check` (global for an operation served once).
 */
export function stoppedByOperation(incident: Incident): string[] {
  const byOperation = new Map<string, { checks: number; networks: Set<string> }>();
  for (const entry of incident.checks) {
    const slash = entry.indexOf('/');
    const network = entry.slice(0, slash);
    const key = entry.slice(slash + 1);
    const operation = key.includes(':') ? key.slice(0, key.indexOf(':')) : key;
    const seen = madeOnce(byOperation, operation, () => ({ checks: 0, networks: new Set<string>() }));
    seen.checks += 1;
    seen.networks.add(network);
  }
  return [...byOperation].map(
    ([operation, { checks, networks }]) => `${operation}: ${checks} check${checks === 1 ? '' : 's'} on ${[...networks].join(', ')}`,
  );
}

/**
 * The incidents a renderer lists: all but an unreachable target that hit no check (the run's own incident
 * line already says that one).
 */
export function listedIncidents(report: { readonly incidents?: readonly Incident[] }): Incident[] {
  return (report.incidents ?? []).filter((incident) => incident.checks.length > 0 || incident.kind !== 'unreachable');
}

/** "POST https://host/rpc/X → connection: socket hang up": the example exchange in one line. */
export function exampleLine(incident: Incident): string | undefined {
  const example = incident.example;
  if (!example) return undefined;
  const answer = example.transportError ?? (example.response ? String(example.response.status) : 'no answer');
  return `${example.request.method} ${example.request.url} → ${answer}`;
}

function originOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const origin = new URL(url.replaceAll('{network}', 'network')).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}
