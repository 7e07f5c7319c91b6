/**
 * Wire checks of a whole service rather than one operation: an unknown method name under each service's
 * base. Per network for the services addressed per network (Marketplace, Relayer, Indexer), once for the
 * others (API, Builder, Metadata).
 */
import { describe, test } from 'vitest';
import { findOperation, networkBySlug, OPERATIONS, type Network, type ServiceName } from '../src/contract/index.js';
import { runErrorChecks } from '../src/harness/common-checks.js';
import { serviceBase } from '../src/harness/endpoints.js';
import { ownsGlobalChecks, runConfig } from '../src/harness/run-config.js';
import { CheckSession } from '../src/harness/session.js';
import { isSelected, WIRE_SUITE, wireIsPerNetwork } from '../src/harness/work.js';

const config = runConfig();
// The services of the selected operations only: --operations narrows these checks too.
const services = [...new Set(config.operations.map((id) => findOperation(id)!.service))];
const representative = (service: ServiceName) => OPERATIONS.find((op) => op.service === service)!;
const perNetwork = wireIsPerNetwork;

async function badRoute(session: CheckSession, service: ServiceName, network: Network | null): Promise<void> {
  await session.check('bad-route', async (run) => {
    const url = `${serviceBase(config.targets, service, network)}/rpc/${service}/NoSuchMethodForConformance`;
    const answer = await run.send({}, { url });
    const body = answer.json as Record<string, unknown> | undefined;
    if (answer.status !== 404 || body?.['error'] !== 'WebrpcBadRoute') {
      run.fail({ message: 'an unknown method should be answered 404 WebrpcBadRoute', pointer: '', expected: '404 WebrpcBadRoute', actual: `${answer.status} ${String(body?.['error'] ?? '')}`.trim() });
    }
  });
  await runErrorChecks(session);
}

function record(task: { meta: { conformance?: { results: CheckSession['results'] } } }, sessions: CheckSession[]): void {
  const results = sessions.flatMap((s) => s.results);
  task.meta.conformance = { results };
  const broken = results.filter((r) => r.level === 'MUST' && (r.status === 'failed' || r.status === 'errored'));
  if (broken.length > 0) throw new Error(broken.map((r) => r.message).join('\n'));
}

const wireNetworks = (services.some(perNetwork) ? config.networks : []).filter((n) => isSelected(config, WIRE_SUITE, n));
const wireGlobal = services.some((s) => !perNetwork(s)) && ownsGlobalChecks() && isSelected(config, WIRE_SUITE, null);

// A suite without tests is a failure to vitest: a worker (or shard) with none of the wire work registers none.
if (wireNetworks.length > 0 || wireGlobal) {
  describe(WIRE_SUITE, () => {
    for (const slug of wireNetworks) {
      const network = networkBySlug(slug);
      test.concurrent(slug, async ({ task }) => {
        const sessions = services.filter(perNetwork).map((service) => new CheckSession(representative(service), network, config, service));
        for (const session of sessions) await badRoute(session, session.operationId as ServiceName, network);
        record(task, sessions);
      });
    }
    if (!wireGlobal) return;
    test.concurrent('global', async ({ task }) => {
      const sessions = services.filter((s) => !perNetwork(s)).map((service) => new CheckSession(representative(service), null, config, service));
      for (const session of sessions) await badRoute(session, session.operationId as ServiceName, null);
      record(task, sessions);
    });
  });
}
