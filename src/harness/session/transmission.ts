/**
 * How a session's requests leave and what comes back: the request built from a check's body and options, held
 * back when the run is stopping or the operation already timed out twice, sent in the session's turn
 * (schedule.ts), its answer's depth guarded; and what it cost — requests sent, timeouts, throttling.
 */
import { SENDER_HEADER, tagSender } from '../../transport/request-sender.js';
import type { RunConfig } from '../../config/run-config.js';
import type { Network } from '../../contract/networks.js';
import { stringifyExact } from '../../contract/exact-json.js';
import type { OperationDef } from '../../contract/operations.js';
import { send, type HttpOutcome } from '../../transport/http-client.js';
import { baseDownReason, baseGivenUp, noteBaseOutcome } from '../base-health.js';
import { operationUrl, serviceBase } from '../endpoints.js';
import { guardDepth } from '../json-depth.js';
import { writesOf } from '../safe-writes.js';
import { requestRank } from '../schedule.js';
import { stopReason } from '../stop-signal.js';
import { ThrottlingTally } from './throttling.js';

/**
 * A target that hangs would hold every later check of the session for a full timeout each; after this many
 * timeouts the rest end errored at once, saying why (a run against a dead-slow target still ends in minutes).
 */
const TIMEOUTS_BEFORE_GIVING_UP = 2;

export interface SendOptions {
  /** Another operation than the session's (cross-operation checks). */
  readonly op?: Pick<OperationDef, 'service' | 'method'>;
  readonly method?: string;
  /** Overrides the URL entirely (wire checks on unknown routes). */
  readonly url?: string;
  /** The exact text to send instead of JSON.stringify(body) (sent as UTF-8: a lone surrogate goes as U+FFFD). */
  readonly rawBody?: string;
  readonly contentType?: string | null;
  /** `false`: no X-Access-Key; a string: that key instead of the configured one. */
  readonly accessKey?: false | string;
}

export type HttpRequest = Parameters<typeof send>[0];

/** A request as it would leave, with what the session's other parts need to know of it. */
export interface PreparedRequest {
  readonly op: Pick<OperationDef, 'service' | 'method'>;
  readonly request: HttpRequest;
  /** The exact text of the body (undefined for GET and HEAD). */
  readonly payload: string | undefined;
  /** Sent with the run's own key. */
  readonly withRunKey: boolean;
  /** To the operation's own route (not a URL of its own: a wire check of an unknown route). */
  readonly toOperation: boolean;
}

let nextSessionRank = 0;

export class Transmission {
  readonly throttling = new ThrottlingTally();
  private timeouts = 0;
  private count = 0;
  /** When this session started among the process's: its requests are served before those of later ones (schedule.ts). */
  private readonly startRank = nextSessionRank++;
  /** The rank of this session's next request, read as it waits for a slot. */
  private readonly rank = (): number => requestRank(this.config, this.kind, this.startRank, this.count);

  constructor(
    private readonly config: RunConfig,
    private readonly network: Network | null,
    private readonly sessionOp: Pick<OperationDef, 'service' | 'method'>,
    /** The sessions that send alike (schedule.ts). */
    private readonly kind: string,
  ) {}

  /** Requests actually sent (a request not sent after repeated timeouts is not counted). */
  get sent(): number {
    return this.count;
  }

  /** `sender` names the check sending, for a cassette and its replay (request-sender.ts). */
  prepare(body: unknown, options: SendOptions, sender?: string): PreparedRequest {
    const op = options.op ?? this.sessionOp;
    const url = options.url ?? operationUrl(this.config.targets, op, this.network);
    const headers: Record<string, string> = {};
    const contentType = options.contentType === undefined ? 'application/json' : options.contentType;
    if (contentType !== null) headers['Content-Type'] = contentType;
    const key = options.accessKey === undefined ? this.config.accessKey : options.accessKey;
    if (key !== false) headers['X-Access-Key'] = key;
    const method = options.method ?? 'POST';
    const text = options.rawBody ?? (method === 'GET' || method === 'HEAD' ? undefined : stringifyExact(body));
    // UTF-8 has no lone surrogates: the encoder sends U+FFFD for one. The body kept for the report, the
    // reproduction and the cassette is the one sent, so that a replay's request meets its recording.
    const payload = text?.toWellFormed();
    if (sender !== undefined && this.config.replaying) headers[SENDER_HEADER] = sender;
    const request = { method, url, headers, ...(payload === undefined ? {} : { body: payload }) };
    if (sender !== undefined) tagSender(request, sender);
    return { op, request, payload, withRunKey: key === this.config.accessKey, toOperation: options.url === undefined };
  }

  /** Sends the request, or answers why it was not sent (the run stopping, the operation timing out). */
  async deliver({ op, request }: PreparedRequest): Promise<HttpOutcome> {
    const stopped = stopReason(this.config);
    if (stopped) return { ok: false, request, failure: 'connection', message: `not sent: ${stopped}`, durationMs: 0, unsent: true };
    if (this.timeouts >= TIMEOUTS_BEFORE_GIVING_UP)
      return {
        ok: false,
        request,
        failure: 'timeout',
        message: `not sent: ${this.timeouts} requests of this operation on this network already timed out`,
        durationMs: 0,
        unsent: true,
      };
    const base = serviceBase(this.config.targets, op.service, this.network);
    const outcome = await send(request, {
      writes: writesOf(op),
      timeoutMs: this.config.timeoutMs,
      abandon: () => baseDownReason(base),
      learn: (learned) => noteBaseOutcome(base, learned),
      givenUp: baseGivenUp(base),
      rank: this.rank,
    });
    if (outcome.ok || !outcome.unsent) this.count += 1;
    if (!outcome.ok && outcome.failure === 'timeout') this.timeouts += 1;
    this.throttling.note(outcome);
    return guardDepth(outcome);
  }
}
