/**
 * The documentation's tables, generated from the catalogue, the contract and the fault table, so the docs cannot
 * drift from what the code does: `npm run docs` rewrites them, test/docs.test.ts fails when they are stale.
 */
import { CHECK_CATALOGUE } from '../checks/catalogue.js';
import { NETWORKS } from '../contract/networks.js';
import { OPERATIONS, operationId, rpcPath, type OperationDef } from '../contract/operations.js';
import { SERVICES } from '../contract/services.js';
import { FAULTS } from '../server/faults.js';
import { envName } from '../config/env-name.js';
import {
  commandOptionFlags,
  REPLAY_SOURCES,
  RERUN_SOURCES,
  runOptionFlags,
  type OptionGroup,
  type OptionSource,
} from '../runner/run-option-schema.js';
import { serveSynopsis } from '../commands/serve-options.js';
import { exitCodesTable, SERVE_EXIT_CODES } from '../commands/exit-codes.js';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function whereServed(op: OperationDef): string {
  switch (op.network.kind) {
    case 'path':
      return `\`{${op.base}}/<network>${rpcPath(op)}\``;
    case 'host':
      return `\`{${op.base}}${rpcPath(op)}\` (base per network)`;
    case 'body':
      return `\`{${op.base}}${rpcPath(op)}\` (chain ID in \`${op.network.field}\` as a ${op.network.encoding})`;
    case 'none':
      return `\`{${op.base}}${rpcPath(op)}\` (once per run)`;
  }
}

/** Where each service is on one origin: what `--target ORIGIN` means. */
export function originLayoutTable(): string {
  const rows = SERVICES.map((s) => `| ${s.name} | \`ORIGIN${s.originPath}${s.perNetwork ? '/<network>' : ''}${s.pathPrefix}/<Method>\` |`);
  return ['| service | path on ORIGIN |', '|---|---|', ...rows].join('\n');
}

export function checksTable(): string {
  const rows = CHECK_CATALOGUE.map((c) => `| \`${c.id}\` | ${c.level} | ${c.area} | ${cell(c.title)} | ${cell(c.basis)} |`);
  return ['| check id | level | area | what must hold | rests on |', '|---|---|---|---|---|', ...rows].join('\n');
}

export function operationsTable(): string {
  const rows = OPERATIONS.map((op) => `| \`${operationId(op)}\` | ${whereServed(op)} | ${op.writes ? '**writes**' : 'reads'} | ${cell(op.summary)} |`);
  return ['| operation | where | writes? | what it does (the document\'s words) |', '|---|---|---|---|', ...rows].join('\n');
}

export function faultsTable(): string {
  const rows = FAULTS.map((f) => {
    const trips = [...new Set(f.trips.map((t) => `\`${t.check}\``))].join(', ');
    return `| \`${f.name}\` | ${cell(f.description)} | ${trips} |`;
  });
  return ['| fault | what the broken server does | checks that must catch it |', '|---|---|---|', ...rows].join('\n');
}

export function networksList(): string {
  return NETWORKS.map((n) => `\`${n.slug}\` (${n.chainId})`).join(', ');
}

/** `conformance run`'s flags, from the run's options schema: flag, meaning, default and environment variable. */
export function runFlagsTable(): string {
  const rows = runOptionFlags().map(
    ({ flag, shown }) => `| \`${flag}\` | ${cell(shown.meaning)} | ${cell(shown.default)} | \`${envName(flag)}\` |`,
  );
  return ['| flag | meaning | default | environment |', '|---|---|---|---|', ...rows].join('\n');
}

/**
 * What `rerun` and `replay` take of the run's options, from the schema's groups (RERUN_SOURCES, REPLAY_SOURCES):
 * the flags they accept, and what they repeat from the report or the cassette.
 */
export function recordedRunFlagsTable(): string {
  const longFlag = (flag: string) => `\`${flag.split(' ')[0]}\``;
  const row = (command: string, sources: { readonly [G in OptionGroup]: OptionSource }, record: string) => {
    const taken = commandOptionFlags(sources);
    const repeated = runOptionFlags().filter(({ name }) => !taken.some((t) => t.name === name));
    return `| \`${command}\` | ${taken.map((o) => longFlag(o.flag)).join(', ')} | ${repeated.map((o) => longFlag(o.flag)).join(', ')} (${record}) |`;
  };
  return [
    "| command | run options it takes as flags (default: what the record remembers, else run's default) | repeated from the record, not a flag |",
    '|---|---|---|',
    row('rerun', RERUN_SOURCES, "the report's"),
    row('replay', REPLAY_SOURCES, "the cassette's where it holds them, the run's defaults otherwise: the recorded bytes are sent"),
  ].join('\n');
}

/** The pages with generated tables, and the tables each holds (between `<!-- name:start -->` and `<!-- name:end -->`). */
export const GENERATED_SECTIONS: Record<string, Record<string, () => string>> = {
  'docs/usage.md': { layout: originLayoutTable },
  'docs/cli.md': {
    'run-flags': runFlagsTable,
    'recorded-run-flags': recordedRunFlagsTable,
    'serve-synopsis': () => ['```', serveSynopsis(), '```'].join('\n'),
    'serve-exit-codes': () => exitCodesTable(SERVE_EXIT_CODES),
  },
  'docs/checks.md': { checks: checksTable, operations: operationsTable, networks: networksList },
  'docs/contributing.md': { faults: faultsTable },
};

/** Replaces the text between `<!-- name:start -->` and `<!-- name:end -->` for every section of `page`. */
export function renderGeneratedSections(page: string, current: string): string {
  let text = current;
  for (const [name, render] of Object.entries(GENERATED_SECTIONS[page] ?? {})) {
    const start = `<!-- ${name}:start -->`;
    const end = `<!-- ${name}:end -->`;
    const from = text.indexOf(start);
    const to = text.indexOf(end);
    if (from === -1 || to === -1 || to < from) throw new Error(`${page} lacks the markers ${start} … ${end}`);
    text = `${text.slice(0, from + start.length)}\n${render()}\n${text.slice(to)}`;
  }
  return text;
}
