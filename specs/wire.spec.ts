/**
 * Wire checks of a whole service rather than one operation: an unknown method name under each service's
 * base. Per network for the services addressed per network (Marketplace, Relayer, Indexer), once for the
 * others (API, Builder, Metadata). Only the services of the run's selected operations: --operations narrows
 * these checks too.
 */
import { networkBySlug, OPERATIONS, type Network, type ServiceName } from '../src/contract/index.js';
import { serviceDef } from '../src/contract/services.js';
import type { RunConfig } from '../src/config/run-config.js';
import { runErrorChecks } from '../src/harness/common-checks.js';
import { serviceBase } from '../src/harness/endpoints.js';
import { CheckSession } from '../src/harness/session.js';
import { registerSuite } from '../src/harness/suites.js';
import { isSelected, WIRE_SUITE, wireServices } from '../src/harness/work.js';

const representative = (service: ServiceName) => OPERATIONS.find((op) => op.service === service)!;

async function badRoute(session: CheckSession, config: RunConfig, service: ServiceName, network: Network | null): Promise<void> {
  await session.check('bad-route', async (run) => {
    const url = `${serviceBase(config.targets, service, network)}${serviceDef(service).pathPrefix}/NoSuchMethodForConformance`;
    const answer = await run.send({}, { url });
    const body = answer.json as Record<string, unknown> | undefined;
    if (answer.status !== 404 || body?.['error'] !== 'WebrpcBadRoute') {
      run.fail({
        message: 'an unknown method should be answered 404 WebrpcBadRoute',
        pointer: '',
        expected: '404 WebrpcBadRoute',
        actual: `${answer.status} ${String(body?.['error'] ?? '')}`.trim(),
      });
    }
  });
  await runErrorChecks(session);
}

registerSuite({
  name: WIRE_SUITE,
  units(config, ownsGlobal) {
    const services = wireServices(config.operations);
    const networks = (services.perNetwork.length > 0 ? config.networks : [])
      .filter((slug) => isSelected(config, WIRE_SUITE, slug))
      .map(networkBySlug);
    const global = services.global.length > 0 && ownsGlobal && isSelected(config, WIRE_SUITE, null);
    return [...networks, ...(global ? [null] : [])];
  },
  async run(network, config) {
    const { perNetwork, global } = wireServices(config.operations);
    const services = network ? perNetwork : global;
    const sessions = services.map((service) => new CheckSession(representative(service), network, config, service));
    for (const session of sessions) await badRoute(session, config, session.operationId as ServiceName, network);
    return { results: sessions.flatMap((s) => s.results) };
  },
});
