/**
 * The run's profile (`--profile quick|full`): what the quick profile leaves out, written once. `full` runs every
 * check on every network with the run's property runs. `quick` runs every check whose request or answer carries
 * the network's own data (the example request, the operations' own checks) on every network, and cuts the
 * repetition the full profile adds on top (docs/profiles.md gives the measurement behind each choice):
 * - the probes of behaviour that does not depend on the network — a missing or wrong key, a body that is not
 *   JSON, another method or Content-Type, an unknown route, an amount no balance covers, a read after a
 *   generation — and the generated-request properties run on one network per operation, its "home" network (drawn from the seed, so runs with other seeds visit others);
 *   on the other networks they are neither run nor reported;
 * - the checks that judge the answers of the other checks report on those networks only what they judged;
 * - the operations' own properties and samples keep their runs on the home network; elsewhere they stop at
 *   the first judged draw and take one sample;
 * - a failing property shrinks within a small budget of further requests.
 */
import { CHECK_CATALOGUE } from '../checks/catalogue.js';
import type { RunConfig } from '../config/run-config.js';
import { deriveSeed } from './seeds.js';

/**
 * Checks whose verdict does not depend on the network: their requests carry a wrong key, no JSON, another
 * method or Content-Type or an unknown route — or, for the generated-request properties, explore the shape of
 * the request, while the example request already brings each network's own data to every network.
 */
const HOME_ONLY = new Set<string>([
  'auth-missing-key',
  'auth-invalid-key',
  'limited-key-permission-denied',
  'malformed-json',
  'malformed-json-bad-request',
  'bad-method',
  'bad-content-type',
  'valid-request-not-5xx',
  'invalid-request-not-5xx',
  'invalid-request-4xx',
  'bad-route',
  // Rules of the server's own logic that read the network's data only to reach the edge they probe: an amount no
  // balance covers, a generation followed by a read. The edge is the same on every network.
  'swap-prices-null-without-funds',
  'generation-leaves-state-unchanged',
]);

/** Checks judged from the other checks' answers: they send nothing of their own. */
const JUDGES_OTHERS = new Set<string>(CHECK_CATALOGUE.filter((c) => c.judges === 'other-answers').map((c) => c.id));

/** Shrinking steps a failing property may still take in the quick profile (each may send requests). */
export const QUICK_SHRINK_STEPS = 20;

type ProfileConfig = Pick<RunConfig, 'networks' | 'seed' | 'profile'>;

const isQuick = (config: ProfileConfig): boolean => config.profile === 'quick';

/** The network on which the quick profile runs `subject`'s (an operation's or a service's) home-only checks. */
export function homeNetwork(config: ProfileConfig, subject: string): string | undefined {
  if (config.networks.length === 0) return undefined;
  const draw = deriveSeed(config.seed, 'home-network', subject) >>> 0;
  return config.networks[draw % config.networks.length];
}

/** Whether `network` (null: a unit that is not per network, always home) is `subject`'s home network. */
export function atHome(config: ProfileConfig, subject: string, network: string | null): boolean {
  return network === null || homeNetwork(config, subject) === network;
}

/** Whether the profile runs (and reports) check `id` of `subject` on `network`. */
export function profileRuns(config: ProfileConfig, id: string, subject: string, network: string | null): boolean {
  return !isQuick(config) || !HOME_ONLY.has(id) || atHome(config, subject, network);
}

/**
 * Whether a result the profile produced stays out of the report: in the quick profile, away from home, a
 * check judged from the other checks' answers that found none to judge (the probes that provoke them ran at
 * home) — a skip there would read as a gap of the target, when it is only the profile's economy.
 */
export function profileHidesSkip(config: ProfileConfig, id: string, subject: string, network: string | null): boolean {
  return isQuick(config) && JUDGES_OTHERS.has(id) && !atHome(config, subject, network);
}

/**
 * How many judged draws an operation's own property (count narrowing, listing filters) needs on `network`
 * before it sends no more: all its runs in the full profile and at home; away from home in the quick profile,
 * one — the network's data judged once. Draws that cannot be judged (a filter that finds nothing) do not
 * count, so the check is not left without a verdict where the full profile would reach one.
 */
export function judgedEnough(config: ProfileConfig, subject: string, network: string | null): number {
  return isQuick(config) && !atHome(config, subject, network) ? 1 : Number.POSITIVE_INFINITY;
}

/** How many of `full` samples of the network's data (tokens of a collection) a check takes on `network`. */
export function samplesHere(config: ProfileConfig, subject: string, network: string | null, full: number): number {
  return isQuick(config) && !atHome(config, subject, network) ? Math.min(1, full) : full;
}

/** Shrinking steps a failing property may take; undefined: as many as fast-check finds. */
export function shrinkSteps(config: ProfileConfig): number | undefined {
  return isQuick(config) ? QUICK_SHRINK_STEPS : undefined;
}
