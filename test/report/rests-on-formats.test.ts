/**
 * A cross-operation finding shows the answer it rests on in every report format: the floor order of a server
 * that prices it 1000 times its listing fails floor-order-not-above-token-listings, and the listing answer the
 * bound came from (GetHighestPriceListingForCollectible) is in report.json, report.md, report.html and junit.xml,
 * with its request in the reproduction (test/harness/rests-on.test.ts: a finding of its own answer alone has none).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FAULTS } from '../../src/server/faults.js';
import { checksOf } from '../../src/report/report-checks.js';
import { runAgainst } from '../support/fault-run.js';

const LISTING = 'Marketplace.GetHighestPriceListingForCollectible';

describe('a finding that rests on another answer, in every format', () => {
  it('carries the listing exchange and its curl line', async () => {
    const fault = FAULTS.find((f) => f.name === 'floor-above-token-listings')!;
    const { outcome, accessKey } = await runAgainst(fault);
    const checks = checksOf(outcome.report);
    const finding = checks.find((c) => c.checkId === 'floor-order-not-above-token-listings' && c.status === 'failed')!;
    expect(finding, 'the fault is caught').toBeDefined();
    expect(finding.restsOn?.map((r) => r.operation)).toContain(LISTING);
    const listing = finding.restsOn!.find((r) => r.operation === LISTING)!;
    expect(listing.exchange.request.body).toContain('tokenId');
    expect(listing.exchange.response?.status).toBe(200);
    expect(finding.reproduction).toMatch(
      new RegExp(`# ${LISTING}[^\\n]*\\ncurl [^\\n]*GetHighestPriceListingForCollectible[\\s\\S]*\\ncurl [^\\n]*GetFloorOrder`),
    );

    const file = (name: string) =>
      readFileSync(
        outcome.files.find((f) => f.endsWith(name))!,
        'utf8',
      );
    const json = JSON.parse(file('report.json')) as {
      networks: { operations: { checks: { checkId: string; restsOn?: unknown[] }[] }[] }[];
    };
    const inJson = json.networks.flatMap((n) => n.operations.flatMap((o) => o.checks)).find((c) => c.checkId === finding.checkId);
    expect(inJson?.restsOn?.length).toBeGreaterThan(0);
    const listingBody = listing.exchange.response!.body;
    const md = file('report.md');
    expect(md).toContain(`**Rests on** \`${LISTING}\``);
    expect(md).toContain(listingBody.slice(0, 60));
    const html = file('report.html');
    expect(html).toContain(`Rests on <code>${LISTING}</code>`);
    expect(html).toContain('GetHighestPriceListingForCollectible');
    const junit = file('junit.xml');
    expect(junit).toContain(`rests on ${LISTING}`);
    for (const text of [md, html, junit, JSON.stringify(json)]) expect(text).not.toContain(accessKey);
  }, 240_000);
});

describe.concurrent('the checks that judge one answer against another carry the other', () => {
  const cases = [
    { fault: 'swap-quote-other-currency', check: 'swap-quote-agrees-with-chosen-price', restsOn: 'API.GetSwapPrices' },
    { fault: 'count-rises-with-property-filter', check: 'returned-filter-narrows-count', restsOn: 'Metadata.TokenCollectionFilters' },
    // Judged against another answer of the operation of the one they show, which the check names itself.
    {
      fault: 'count-rises-with-property-filter',
      check: 'returned-filter-narrows-count',
      restsOn: 'Marketplace.GetCountOfFilteredCollectibles',
    },
    {
      fault: 'count-rises-with-property-filter',
      check: 'count-narrowing-never-raises',
      restsOn: 'Marketplace.GetCountOfFilteredCollectibles',
    },
    { fault: 'highest-listing-filtered-above-unfiltered', check: 'highest-listing-not-below-filtered', restsOn: LISTING },
  ];
  for (const { fault: name, check, restsOn } of cases) {
    it(`${check} (fault ${name}) rests on ${restsOn}`, async () => {
      const { outcome } = await runAgainst(FAULTS.find((f) => f.name === name)!);
      const finding = checksOf(outcome.report).find((c) => c.checkId === check && c.status === 'failed');
      expect(finding, `${name} is caught by ${check}`).toBeDefined();
      const other = finding!.restsOn?.find((r) => r.operation === restsOn);
      expect(other, JSON.stringify(finding!.restsOn?.map((r) => r.operation))).toBeDefined();
      // Another exchange than the one the finding shows, with its own line in the reproduction.
      expect(other!.exchange.request.body).not.toBe(finding!.exchange?.request.body);
      expect(finding!.reproduction).toContain(other!.reproduction!);
    }, 240_000);
  }
});
