/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * report.html opened in a real browser (headless Chromium): the report of a real run against a broken server
 * on all 39 networks must show the 39 × 15 operation matrix and, apart from it, the service-wide checks; a
 * click on a ✘ cell must reveal that failure with its reproduction, which the copy button copies; a check that
 * fails on every network is one entry; the page logs no error; server text stays text. The same inspection
 * run on a mutilated report (an operation and the reproductions gone) must complain, so it can fail.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHtml } from '../reporters/render/html.js';
import { fixture } from './support/report-fixtures.js';
import { NETWORKS, OPERATIONS, isPerNetwork, operationId } from '../src/contract/index.js';
import { isMustBroken } from '../src/report/broken-checks.js';
import type { Report } from '../src/report/model.js';
import { FAULTS } from '../src/server/faults.js';
import { startReferenceServer } from '../src/server/index.js';
import { launchChromium, watchConsole } from './support/browser.js';
import { readReport, runCli, targetArgs } from './support/run-cli.js';

const ARTEFACTS = join(import.meta.dirname, '..', '.tmp', 'report-browser');
const PER_NETWORK_OPERATIONS = OPERATIONS.filter(isPerNetwork).map(operationId);
const SERVICE_WIDE = ['Marketplace', 'Relayer', 'Indexer'];
/** A MUST failure on every network (GetFloorOrder's chainId as a string), a service-wide one, a SHOULD one. */
const BROKEN_BY = ['wrong-field-type', 'unknown-method-400', 'text-content-type'];
const FLOOR_CELL = 'fail-polygon~Marketplace.GetFloorOrder';

let browser: Browser;
let context: BrowserContext;
let report: Report;
let reportHtml: string;
let accessKey: string;

beforeAll(async () => {
  mkdirSync(ARTEFACTS, { recursive: true });
  const faults = BROKEN_BY.map((name) => FAULTS.find((f) => f.name === name)!.hooks);
  const server = await startReferenceServer({ host: '127.0.0.1', port: 0, faults });
  accessKey = server.accessKey;
  try {
    const target = targetArgs(server);
    // A generous deadline: 39 networks take a minute on a quiet machine, several on a busy CI runner.
    const result = await runCli(['run', ...target.args, '--runs', '1', '--seed', '1'], target.env, 900_000);
    expect(result.code, result.stdout + result.stderr).toBe(1);
    report = readReport(result.reportDir);
    reportHtml = join(result.reportDir, 'report.html');
  } finally {
    await server.close();
  }
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
}, 1_000_000);

afterAll(async () => {
  await browser?.close();
});

async function open(file: string): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(pathToFileURL(file).href);
  return { page, problems };
}

interface Shape {
  readonly operationColumns: string[];
  readonly operationRows: number;
  readonly cellsPerRow: number[];
  readonly serviceColumns: string[];
  readonly serviceRows: number;
}

/** The two matrices as the browser laid them out. */
function shapeOf(page: Page): Promise<Shape> {
  return page.evaluate(() => {
    const table = (sel: string) => document.querySelector<HTMLTableElement>(sel);
    const ops = table('#matrix ~ .matrix-wrap table.matrix');
    const services = table('#service-wide ~ .matrix-wrap table.matrix');
    const columns = (t: HTMLTableElement | null) =>
      [...(t?.querySelectorAll('thead th.op') ?? [])].map((th) => th.getAttribute('title') ?? '');
    const rows = (t: HTMLTableElement | null) => [...(t?.querySelectorAll('tbody tr') ?? [])];
    return {
      operationColumns: columns(ops),
      operationRows: rows(ops).length,
      cellsPerRow: rows(ops).map((tr) => tr.querySelectorAll('td:not(.sum)').length),
      serviceColumns: columns(services),
      serviceRows: rows(services).length,
    };
  });
}

/** Problems a reader would meet after clicking a ✘ cell: no such cell, nothing revealed, no reproduction. */
async function clickProblems(page: Page, cell: string): Promise<string[]> {
  const link = page.locator(`a[href="#${cell}"]`);
  if ((await link.count()) === 0) return [`no ✘ cell links to ${cell}`];
  const target = page.locator(`[id="${cell}"]`);
  if ((await target.count()) === 0) return [`the cell's link leads nowhere (${cell})`];
  if (await target.locator('pre').first().isVisible()) return ['the finding was open before the click'];
  await link.click();
  // The page opens the finding from its hash-change handler, which may run after click() returns: wait for it
  // (bounded), then judge.
  await page
    .waitForFunction((id) => (document.getElementById(id) as HTMLDetailsElement | null)?.open === true, cell, { timeout: 5_000 })
    .catch(() => undefined);
  const problems: string[] = [];
  if (!(await target.evaluate((el) => (el as HTMLDetailsElement).open))) problems.push('the click did not open the finding');
  const repro = target.locator('dd.repro pre');
  if ((await repro.count()) === 0) problems.push('the revealed failure has no reproduction');
  else if (!(await repro.first().isVisible())) problems.push('the reproduction is not visible after the click');
  else if (!/^curl /.test((await repro.first().textContent()) ?? '')) problems.push('the reproduction is not a curl line');
  return problems;
}

describe('report.html of a failing run, in Chromium', () => {
  it('renders the 39 × 15 operation matrix and a separate, labelled block for service-wide checks', async () => {
    const { page, problems } = await open(reportHtml);
    const shape = await shapeOf(page);
    expect(shape.operationColumns).toEqual(PER_NETWORK_OPERATIONS);
    expect(PER_NETWORK_OPERATIONS).toHaveLength(15);
    expect(shape.operationRows).toBe(NETWORKS.length);
    expect(new Set(shape.cellsPerRow)).toEqual(new Set([15]));
    expect(shape.serviceColumns).toEqual(SERVICE_WIDE);
    expect(shape.serviceRows).toBe(NETWORKS.length);
    await expect(page.locator('#service-wide').textContent()).resolves.toBe('Service-wide checks per network');
    expect(await page.locator('#service-wide + p').textContent()).toMatch(/whole service rather than of one operation/);
    await page.screenshot({ path: join(ARTEFACTS, 'matrix.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('reveals a ✘ cell’s failure with its reproduction on click, and keeps a screenshot', async () => {
    const { page, problems } = await open(reportHtml);
    expect(await page.locator(`a[href="#${FLOOR_CELL}"]`).locator('xpath=..').getAttribute('class')).toBe('must');
    expect(await clickProblems(page, FLOOR_CELL)).toEqual([]);
    const revealed = (await page.locator(`[id="${FLOOR_CELL}"]`).textContent()) ?? '';
    expect(revealed).toContain('Marketplace.GetFloorOrder:response-schema');
    expect(revealed).toContain('/polygon/rpc/Marketplace/GetFloorOrder');
    const target = page.locator(`[id="${FLOOR_CELL}"]`);
    await target.evaluate((el) => ((el as HTMLDetailsElement).open = false));
    await page.locator(`a[href="#${FLOOR_CELL}"]`).click();
    expect(await target.evaluate((el) => (el as HTMLDetailsElement).open), 'a second click on the same cell').toBe(true);
    const shot = join(ARTEFACTS, 'failing-report.png');
    await page.screenshot({ path: shot });
    expect(statSync(shot).size).toBeGreaterThan(10_000);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('copies the curl line with the copy button', async () => {
    const { page, problems } = await open(reportHtml);
    await page.locator(`a[href="#${FLOOR_CELL}"]`).click();
    const dd = page.locator(`[id="${FLOOR_CELL}"] dd.repro`).first();
    const shown = (await dd.locator('pre').textContent()) ?? '';
    await dd.locator('button.copy').click();
    await expect.poll(() => dd.locator('button.copy').getAttribute('data-copied')).toBe('yes');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
    expect(shown).toMatch(/^curl .*GetFloorOrder/);
    expect(shown).toContain('$CONFORMANCE_ACCESS_KEY');
    expect(shown).not.toContain(accessKey);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('lists a check failing on every network as one entry naming the networks', async () => {
    const { page, problems } = await open(reportHtml);
    const entries = page
      .locator('details.finding')
      .filter({ has: page.locator(':scope > summary', { hasText: 'response-schema · Marketplace.GetFloorOrder' }) });
    expect(await entries.count()).toBe(1);
    expect(await entries.locator(':scope > summary').textContent()).toContain(
      `on ${NETWORKS.length} networks: ${NETWORKS.map((n) => n.slug).join(', ')}`,
    );
    expect(await entries.locator(':scope > details.occurrence').count()).toBe(NETWORKS.length);
    const keys = [...report.networks.flatMap((n) => n.operations), ...report.global.operations]
      .flatMap((o) => o.checks)
      .filter(isMustBroken)
      .map((c) => c.key);
    expect(await page.locator('#failures ~ details.finding.lvl-MUST').count()).toBe(new Set(keys).size);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('report.html with hostile server strings, in Chromium', () => {
  it('shows them as text: no dialog, no extra script, element or handler, no console error', async () => {
    const file = join(ARTEFACTS, 'hostile.html');
    writeFileSync(file, renderHtml(fixture()));
    const { page, problems } = await open(file);
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => ((d as HTMLDetailsElement).open = true)));
    await page.locator('a[href="#fail-arbitrum~Marketplace.GetFloorOrder"]').click();
    const found = await page.evaluate(() => ({
      scripts: document.scripts.length,
      embedded: document.querySelectorAll('img, iframe, object, embed, link, form, base, meta[http-equiv="refresh"]').length,
      handlers: [...document.querySelectorAll('*')].flatMap((el) => el.getAttributeNames().filter((a) => a.startsWith('on'))),
      javascriptLinks: [...document.querySelectorAll('a')].filter((a) => !a.getAttribute('href')?.startsWith('#')).length,
      text: document.body.innerText,
    }));
    expect(found.scripts).toBe(1);
    expect(found.embedded).toBe(0);
    expect(found.handlers).toEqual([]);
    expect(found.javascriptLinks).toBe(0);
    expect(found.text).toContain('<script>alert(1)</script>');
    expect(found.text).toContain('<img src=x onerror=alert(1)>');
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('the inspection fails a report that lacks what it checks', () => {
  it('notices a missing operation column and a failure without its reproduction', async () => {
    const mutilated: Report = {
      ...report,
      networks: report.networks.map((n) => ({
        ...n,
        operations: n.operations
          .filter((o) => o.operation !== 'Indexer.GetNativeTokenBalance')
          .map((o) => ({ ...o, checks: o.checks.map(({ reproduction: _dropped, ...c }) => c) })),
      })),
    };
    const file = join(ARTEFACTS, 'mutilated.html');
    writeFileSync(file, renderHtml(mutilated));
    const { page } = await open(file);
    expect((await shapeOf(page)).operationColumns).not.toEqual(PER_NETWORK_OPERATIONS);
    expect(await clickProblems(page, FLOOR_CELL)).toEqual(['the revealed failure has no reproduction']);
    await page.close();
  });
});
