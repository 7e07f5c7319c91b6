/**
 * Headless Chromium for the tests that open report.html: Debian's `chromium` driven by playwright-core, no
 * browser download. `.ci/run` installs the package when it is missing; a machine where it is being installed
 * gets a short wait rather than a confusing failure.
 */
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = process.env['CONFORMANCE_CHROMIUM'] ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

export async function launchChromium(waitMs = 120_000): Promise<Browser> {
  const until = Date.now() + waitMs;
  while (!existsSync(CHROMIUM)) {
    if (Date.now() > until) throw new Error(`${CHROMIUM} not found: install Debian's chromium (apt-get install -y chromium)`);
    await sleep(1000);
  }
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
}

/** What a page said on its console at level error, and what it threw: a clean report page says nothing. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return problems;
}
