// `npm test`'s first half: the type check, the linter, the formatter's check, the import-circle check and the
// workflow validator run side by side (each alone leaves a core idle much of its time), and each one's output is
// printed whole, in this order, when all are done.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';

// The example workflows are checked against GitHub's workflow schema, as the runner would read them.
const WORKFLOWS = readdirSync('examples/github')
  .filter((name) => name.endsWith('.yml'))
  .map((name) => `examples/github/${name}`);

const CHECKS = [
  ['tsc', '--noEmit'],
  ['eslint', '.'],
  ['prettier', '--check', '.'],
  // Imports point one way (contract, checks, harness, runner, gate, then the library and the command line): a
  // circle of imports is refused, wherever it appears.
  [
    'madge',
    '--circular',
    '--no-spinner',
    '--extensions',
    'ts,mjs',
    '--ts-config',
    'tsconfig.json',
    'src',
    'bin',
    'reporters',
    'specs',
    'properties',
  ],
  // One file per call: that is what the validator takes.
  ...WORKFLOWS.map((file) => ['action-validator', file]),
];

const run = ([command, ...args]) =>
  new Promise((resolve) => {
    const child = spawn(`node_modules/.bin/${command}`, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const label = [command, ...args].join(' ');
    child.on('error', (error) => resolve({ command: label, code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolve({ command: label, code: code ?? 1, output }));
  });

const results = await Promise.all(CHECKS.map(run));
for (const { command, code, output } of results) {
  process.stdout.write(`${code === 0 ? '✓' : '✗'} ${command}\n${output}`);
}
process.exitCode = results.some((r) => r.code !== 0) ? 1 : 0;
