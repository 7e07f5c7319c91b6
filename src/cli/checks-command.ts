/** `conformance checks [--format text|json|md]`: the check catalogue, with where each check runs and what it needs. */
import { CHECK_CATALOGUE, type CheckDef } from '../checks/catalogue.js';
import { NEEDS } from '../checks/needs.js';
import { OPERATIONS, operationId } from '../contract/operations.js';
import { UsageError } from '../config/usage-error.js';
import { shownValue } from '../config/shown-values.js';

export interface CatalogueEntry {
  readonly id: string;
  readonly level: CheckDef['level'];
  readonly area: CheckDef['area'];
  readonly title: string;
  /** `<Service>.<Method>` ids, or service names for a service-wide wire check. */
  readonly operations: readonly string[];
  /** What it needs beyond a target (a fixture, a key, a chain node), and whether it writes (never run under --read-only). */
  readonly needs: readonly string[];
  readonly basis: string;
}

export function catalogueEntries(): CatalogueEntry[] {
  return CHECK_CATALOGUE.map((c) => {
    return {
      id: c.id,
      level: c.level,
      area: c.area,
      title: c.title,
      operations: [...c.operations, ...c.services],
      needs: [...(c.needs ?? []).map((need) => NEEDS[need].says), ...(c.writes ? ['writes (skipped under --read-only)'] : [])],
      basis: c.basis,
    };
  });
}

function where(entry: CatalogueEntry): string {
  if (entry.operations.length === OPERATIONS.length && OPERATIONS.every((op) => entry.operations.includes(operationId(op))))
    return 'every operation';
  return entry.operations.join(', ');
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderCatalogue(format: string): string {
  const entries = catalogueEntries();
  switch (format) {
    case 'json':
      return JSON.stringify(entries, null, 2);
    case 'md':
      return [
        '| check id | level | area | operations | needs | what must hold | rests on |',
        '|---|---|---|---|---|---|---|',
        ...entries.map(
          (e) =>
            `| \`${e.id}\` | ${e.level} | ${e.area} | ${cell(where(e))} | ${cell(e.needs.join('; ') || '—')} | ${cell(e.title)} | ${cell(e.basis)} |`,
        ),
      ].join('\n');
    case 'text':
      return entries
        .map((e) =>
          [
            `${e.id}  ${e.level} · ${e.area} · ${where(e)}${e.needs.length ? ` · needs ${e.needs.join('; ')}` : ''}`,
            `    ${e.title}`,
            `    rests on: ${e.basis}`,
          ].join('\n'),
        )
        .join('\n');
    default:
      throw new UsageError(`--format: expected text, json or md, got ${shownValue(format)}`);
  }
}

export function listChecks(raw: { format?: string }, io: { log: (line: string) => void }): void {
  io.log(renderCatalogue(raw.format ?? 'text'));
}
