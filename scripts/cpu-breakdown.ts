/**
 * Where a run's CPU goes, from the V8 CPU profiles of its threads (`node --cpu-prof`, one file per thread): each
 * sample's own function is put in a part by the source file it comes from. The bundles say which source each
 * stretch of a chunk came from (esbuild heads each with a `// path` comment), so a profile of the bundled run
 * maps back to src/, properties/, specs/ and the packages. Node's own code and native work (sockets, the parser,
 * syscalls) go to the client in a check thread and to the server on the main thread, which serves the embedded
 * server's requests (and, less of it, gathers the results and writes the report).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PARTS = [
  'client',
  'schema validation',
  'generation',
  'judging',
  'bookkeeping',
  'server',
  'garbage collection',
  'start-up and other',
] as const;
export type Part = (typeof PARTS)[number];

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
}
interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** The part of a source path (relative to the package, or a package's own folder under node_modules/). */
function partOfSource(source: string): Part {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  if (pkg !== undefined) {
    if (['ajv', 'ajv-formats', 'fast-uri', 'fast-deep-equal', 'json-schema-traverse', '@sinclair/typebox'].includes(pkg))
      return 'schema validation';
    if (['fast-check', 'pure-rand'].includes(pkg)) return 'generation';
    if (['lossless-json', 'agent-base', 'http-proxy-agent', 'https-proxy-agent', 'proxy-from-env'].includes(pkg)) return 'client';
    // Signatures, hashes and addresses: what the checks (and the server) compute to judge.
    return 'judging';
  }
  if (/(^|\/)validators-[^/]*\.cjs$/.test(source) || source.startsWith('src/validation/')) return 'schema validation';
  if (source.startsWith('properties/')) return 'generation';
  if (source.startsWith('src/transport/')) return 'client';
  if (source.startsWith('src/server/')) return 'server';
  if (/^(specs|src\/(checks|semantics|contract|crypto))\//.test(source)) return 'judging';
  return 'bookkeeping';
}

/** Which source each line of a bundle chunk came from (its `// path` headers), per file, made once. */
const sourceLines = new Map<string, (line: number) => string | undefined>();
function sourceAt(file: string, line: number): string | undefined {
  let lookup = sourceLines.get(file);
  if (!lookup) {
    const heads: [number, string][] = [];
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      // A file gone since the run: its samples count as bookkeeping.
    }
    text.split('\n').forEach((content, index) => {
      const head = /^\/\/ ((?:node_modules|src|properties|specs|reporters|bin)\/\S+\.(?:ts|js|mjs|cjs|json))$/.exec(content);
      if (head) heads.push([index, head[1]!]);
    });
    lookup = (at) => {
      let found: string | undefined;
      for (const [index, source] of heads) if (index <= at) found = source;
      return found;
    };
    sourceLines.set(file, lookup);
  }
  return lookup(line);
}

function partOfFrame(frame: ProfileNode['callFrame'], mainThread: boolean): Part | 'idle' {
  const { url, functionName } = frame;
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(program)' || functionName === '(root)') return 'start-up and other';
  if (url.startsWith('file://')) {
    const path = fileURLToPath(url);
    const base = path.split('/').pop() ?? '';
    if (/^validators-[^/]*\.cjs$/.test(base)) return 'schema validation';
    const packaged = /\/node_modules\/(?!\.cache\/)/.test(path);
    const source = packaged ? path.slice(path.lastIndexOf('node_modules/')) : sourceAt(path, frame.lineNumber);
    if (source !== undefined) return partOfSource(source);
    const relative = /\/(src|properties|specs|reporters|bin)\/.*$/.exec(path)?.[0]?.slice(1);
    return relative ? partOfSource(relative) : 'bookkeeping';
  }
  // Node's own code, wasm and native work: the transport's on a check thread, the server's on the main one.
  return mainThread ? 'server' : 'client';
}

/** CPU time (µs) per part over every thread's profile in `dir`; the main thread's file is the one numbered first. */
export function cpuBreakdown(dir: string): Map<Part, number> {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .sort((a, b) => threadOrder(a) - threadOrder(b));
  const parts = new Map<Part, number>(PARTS.map((part) => [part, 0]));
  files.forEach((name, index) => {
    const profile = JSON.parse(readFileSync(join(dir, name), 'utf8')) as CpuProfile;
    const partOfNode = new Map(profile.nodes.map((node) => [node.id, partOfFrame(node.callFrame, index === 0)]));
    profile.samples.forEach((id, i) => {
      const part = partOfNode.get(id);
      if (part === undefined || part === 'idle') return;
      parts.set(part, parts.get(part)! + (profile.timeDeltas[i] ?? 0));
    });
  });
  return parts;
}

/** `CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile`: the thread number (0 for the main thread). */
function threadOrder(name: string): number {
  return Number(name.split('.')[4] ?? 0);
}
