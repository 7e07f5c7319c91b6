/**
 * One command-line run against a reference server of its own, started with the named fault (or none) and
 * closed once the run has ended: `args` come after `run` and the server's target arguments.
 */
import { faultByName } from '../../src/server/faults.js';
import { startReferenceServer } from '../../src/server/index.js';
import { runCliInProcess, targetArgs, type CliResult } from './run-cli.js';

export async function runOnReferenceServer(fault: string | undefined, args: readonly string[]): Promise<CliResult> {
  const server = await startReferenceServer({ host: '127.0.0.1', port: 0, faults: fault ? [faultByName(fault)!.hooks] : [] });
  try {
    const target = targetArgs(server);
    return await runCliInProcess(['run', ...target.args, ...args], target.env);
  } finally {
    await server.close();
  }
}
