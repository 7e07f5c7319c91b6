/**
 * `run --record FILE`: keeps every exchange the run's transport completes (the transport's exchange observer),
 * then writes the cassette (cassette.ts) through the run's output redactor. The checks run in the main thread
 * when recording (the inline engine): the observer sees what this thread's transport sends, and a worker
 * thread has a transport of its own.
 */
import { writeFileSync } from 'node:fs';
import type { RunConfig } from '../config/run-config.js';
import type { Expectation } from '../runner/expectations.js';
import { checksOf, placeOf } from '../report/report-checks.js';
import type { CheckStatus, Report } from '../report/model.js';
import { redactOutput } from '../report/output-boundary.js';
import { observeExchanges, type HttpOutcome } from '../transport/http-client.js';
import { senderOf } from '../transport/request-sender.js';
import { UsageError } from '../config/usage-error.js';
import { ACCESS_KEY_CLASS, CassetteSchema, LIMITED_KEY_CLASS, type Cassette, type RecordedExchange } from './cassette.js';

let recording: Recorder | undefined;

/** Called by the run once its configuration is complete (keys and fixtures known); nothing when not recording. */
export function recordingConfig(config: RunConfig): void {
  recording?.useConfig(config);
}

export class Recorder {
  private readonly outcomes: HttpOutcome[] = [];
  private config: RunConfig | undefined;

  constructor(
    private readonly file: string,
    private readonly expectations: readonly Expectation[] | undefined,
  ) {}

  useConfig(config: RunConfig): void {
    this.config = config;
  }

  take(outcome: HttpOutcome): void {
    if (!outcome.ok && outcome.unsent) return;
    this.outcomes.push(outcome);
  }

  private exchange(outcome: HttpOutcome): RecordedExchange {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(outcome.request.headers)) {
      const lower = name.toLowerCase();
      if (lower !== 'x-access-key') headers[lower] = value;
      else if (value === this.config?.accessKey) headers[lower] = ACCESS_KEY_CLASS;
      else if (value === this.config?.limitedAccessKey) headers[lower] = LIMITED_KEY_CLASS;
      else headers[lower] = value;
    }
    const chainNode = this.chainNodeOf(outcome.request.url);
    const request = {
      method: outcome.request.method,
      url: outcome.request.url,
      headers,
      ...(outcome.request.body === undefined ? {} : { body: outcome.request.body }),
    };
    const sender = senderOf(outcome.request);
    const node = { ...(chainNode === undefined ? {} : { chainNode }), ...(sender === undefined ? {} : { sender }) };
    if (!outcome.ok) return { request, transportError: { failure: outcome.failure, message: outcome.message }, ...node };
    return {
      request,
      response: { status: outcome.response.status, headers: { ...outcome.response.headers }, body: outcome.response.text },
      ...node,
    };
  }

  /** The network whose chain node `url` is (`*`: the one node of every network); undefined for any other URL. */
  private chainNodeOf(url: string): string | undefined {
    const template = this.config?.chainRpcUrl;
    if (template === undefined) return undefined;
    if (!template.includes('{network}')) return url === template ? '*' : undefined;
    return this.config!.networks.find((slug) => url === template.replaceAll('{network}', slug));
  }

  /** Writes the cassette of the run whose report this is; the output redactor has learnt all the run's secrets. */
  write(report: Report): number {
    const verdicts: Record<string, CheckStatus> = {};
    for (const c of checksOf(report)) verdicts[placeOf(c)] = c.status;
    const cassette: Cassette = {
      $schema: CassetteSchema.$id!,
      tool: report.tool,
      contractVersion: report.contractVersion,
      run: report.run,
      fixtures: this.config?.fixtures ?? {},
      ...(this.expectations ? { expectations: [...this.expectations] } : {}),
      verdicts,
      exchanges: this.outcomes.map((o) => this.exchange(o)),
    };
    writeFileSync(this.file, redactOutput(`${JSON.stringify(cassette)}\n`));
    return cassette.exchanges.length;
  }

  stop(): void {
    observeExchanges(undefined);
    recording = undefined;
  }
}

/** Starts keeping exchanges for FILE; a file that cannot be written is refused before anything is sent. */
export function startRecording(file: string, expectations: readonly Expectation[] | undefined): Recorder {
  try {
    writeFileSync(file, '');
  } catch (error) {
    throw new UsageError(`--record: cannot write ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const recorder = new Recorder(file, expectations);
  recording = recorder;
  observeExchanges((outcome) => recorder.take(outcome));
  return recorder;
}
