/**
 * The results a session files: each check's outcome with who it is (key, operation, network, level, title) and
 * what it cost, kept unless the run's check selection or profile leaves it out of the report.
 */
import { checkDef, type CheckId } from '../../checks/catalogue.js';
import { checkSelection, type CheckSelection } from '../../checks/selection.js';
import type { RunConfig } from '../../config/run-config.js';
import type { CheckResult } from '../../report/model.js';
import { profileHidesSkip, profileRuns } from '../profile.js';

/** What a check's run decides; the filing adds who it is and what it cost. */
export type Outcome = Omit<CheckResult, 'requests' | 'durationMs' | 'key' | 'checkId' | 'operation' | 'network' | 'level' | 'title'>;

export class FiledResults {
  readonly results: CheckResult[] = [];
  private chosen: CheckSelection | undefined;

  constructor(
    private readonly config: RunConfig,
    /** What results are filed under: the operation, or a service for checks of a whole service. */
    private readonly subject: string,
    private readonly network: string | null,
  ) {}

  private get selection(): CheckSelection {
    this.chosen ??= checkSelection(this.config.checks);
    return this.chosen;
  }

  /** Whether the run executes check `id` here: why not, or undefined when it does. */
  whyNotRun(id: CheckId): string | undefined {
    if (!this.selection.executes(id)) return 'not chosen (--checks, --skip-checks)';
    if (!this.runsHere(id)) return 'not run here in the quick profile';
    return undefined;
  }

  file(id: CheckId, outcome: Outcome, requests: number, durationMs: number): CheckResult {
    const def = checkDef(id);
    const result: CheckResult = {
      key: `${this.subject}:${id}`,
      checkId: id,
      operation: this.subject,
      network: this.network,
      level: def.level,
      title: def.title,
      ...outcome,
      requests,
      durationMs,
    };
    if (this.selection.reports(id) && this.profileReports(id, result)) this.results.push(result);
    return result;
  }

  /** Files the results from `from` on in the order of `ids`, as if their checks had run one after another. */
  reorderFrom(from: number, ids: readonly string[]): void {
    const filed = this.results.splice(from).sort((a, b) => ids.indexOf(a.checkId) - ids.indexOf(b.checkId));
    this.results.push(...filed);
  }

  /** Whether the run's profile (profile.ts) runs check `id` in this session. */
  private runsHere(id: CheckId): boolean {
    return profileRuns(this.config, id, this.subject, this.network);
  }

  /** The quick profile reports neither what it did not run here nor a judge's skip for want of answers to judge. */
  private profileReports(id: CheckId, result: CheckResult): boolean {
    if (!this.runsHere(id)) return false;
    return !(result.status === 'skipped' && profileHidesSkip(this.config, id, this.subject, this.network));
  }
}
