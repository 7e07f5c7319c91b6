/** `conformance serve`: the embedded reference server on its own, until Ctrl-C (or SIGTERM). */
import { startReferenceServer } from '../server/index.js';
import { certifyCommand, writeServerFixtures } from './certify-command.js';
import { parseUrl } from './run-options.js';
import { UsageError } from './usage-error.js';

export interface RawServeOptions {
  host?: string;
  port?: string;
  accessKey?: string;
  seed?: string;
  chainRpcUrl?: string;
  fixturesOut?: string;
}

export async function serve(raw: RawServeOptions, io: { log: (line: string) => void }): Promise<void> {
  const port = raw.port === undefined ? 0 : Number(raw.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port: expected 0..65535, got ${JSON.stringify(raw.port)}`);
  const seed = raw.seed === undefined ? 1 : Number(raw.seed);
  if (!Number.isInteger(seed)) throw new UsageError(`--seed: expected a whole number, got ${JSON.stringify(raw.seed)}`);
  const chainRpcUrl = raw.chainRpcUrl === undefined || raw.chainRpcUrl === '' ? undefined : parseUrl(raw.chainRpcUrl, '--chain-rpc-url', true);
  const server = await startReferenceServer({
    host: raw.host ?? '127.0.0.1',
    port,
    seed,
    ...(raw.accessKey ? { accessKey: raw.accessKey } : {}),
    ...(chainRpcUrl ? { chainRpcUrl } : {}),
  });
  io.log(`reference server listening at ${server.origin}`);
  if (chainRpcUrl) io.log(`native balances from the chain node at ${new URL(chainRpcUrl.replaceAll('{network}', 'network')).origin}`);
  // The key of a local test server, printed so the user can paste it; it is not a secret of a real project.
  io.log(`access key: ${server.accessKey}`);
  const fixturesPath = raw.fixturesOut ? writeServerFixtures(server, raw.fixturesOut) : undefined;
  if (fixturesPath) io.log(`its fixtures: ${fixturesPath}`);
  io.log(`certify it: ${certifyCommand(server, { ...(fixturesPath ? { fixturesPath } : {}), ...(chainRpcUrl ? { chainRpcUrl } : {}) })}`);
  if (!fixturesPath) io.log('(without --fixtures-out the checks that need known entities are skipped: the run can only pass incomplete)');
  io.log('Ctrl-C stops it');
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void server.close().then(resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  io.log('stopped');
}
