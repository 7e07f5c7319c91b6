/**
 * Global setup of the tool's own tests: every temporary folder a test makes (report folders, fixtures, configs,
 * the command line's own) goes under one folder of this test run, removed when the run ends. Tests make
 * hundreds of them through os.tmpdir(), and runs of the command line they spawn make more: pointing TMPDIR at
 * one folder cleans them all up, including those of a test that fails before its own cleanup. What is worth
 * keeping between runs (the unpacked test browser) stays in the machine's temporary folder, named in
 * CONFORMANCE_TESTS_LASTING_TMPDIR.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const previous = process.env.TMPDIR;
  const lasting = tmpdir();
  const root = mkdtempSync(join(tmpdir(), 'rpc-conformance-tests-'));
  // The test processes are forked after global setup, and inherit this environment (os.tmpdir() reads it).
  process.env.TMPDIR = root;
  process.env.CONFORMANCE_TESTS_LASTING_TMPDIR = lasting;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    delete process.env.CONFORMANCE_TESTS_LASTING_TMPDIR;
    rmSync(root, { recursive: true, force: true });
  };
}
