/**
 * Wire checks of a whole service rather than one operation: an unknown method name under each service's
 * base. Per network for the services addressed per network (Marketplace, Relayer, Indexer), once for the
 * others (API, Builder, Metadata). Only the services of the run's selected operations: --operations narrows
 * these checks too.
 */
import { WF } from '../src/checks/catalogue-types.js';
import { defineCheck } from '../src/checks/definition.js';
import { networkBySlug, OPERATIONS, type ServiceName } from '../src/contract/index.js';
import { serviceDef } from '../src/contract/services.js';
import { runErrorChecks } from '../src/harness/error-checks.js';
import { serviceBase } from '../src/harness/endpoints.js';
import { CheckSession, unitOutcomeOf } from '../src/harness/session.js';
import { registerSuite } from '../src/harness/suites.js';
import { isSelected, WIRE_SUITE, wireServices } from '../src/harness/work.js';

const representative = (service: ServiceName) => OPERATIONS.find((op) => op.service === service)!;

const BAD_ROUTE = defineCheck({
  id: 'bad-route',
  level: 'SHOULD',
  area: 'wire',
  title: 'An unknown method name gets 404 WebrpcBadRoute',
  basis: `${WF} §5: "unknown path → 404 WebrpcBadRoute"`,
  wrongOnPurpose: 'an unknown method name',
  async run(run) {
    const service = run.session.operationId as ServiceName;
    const url = `${serviceBase(run.config.targets, service, run.network)}${serviceDef(service).pathPrefix}/NoSuchMethodForConformance`;
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
  },
});

/** The checks of each service as a whole; the error checks follow them. */
export const WIRE_CHECKS = [BAD_ROUTE];

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
    for (const session of sessions) {
      for (const check of WIRE_CHECKS) await session.check(check);
      await runErrorChecks(session);
    }
    return unitOutcomeOf(sessions);
  },
});
