/**
 * Headless Chromium for the tests that open report.html, driven by playwright-core (which downloads no
 * browser). The browser is the system's Chromium when there is one (`/usr/bin/chromium`, or the path in
 * CONFORMANCE_CHROMIUM), else the one the npm package @sparticuz/chromium ships, brotli-compressed, and
 * unpacks into the temporary folder on first use (tens of seconds once; reused after). That build links
 * Amazon Linux's NSS, NSPR and expat, which a bare Debian lacks, so the package's copies of those libraries
 * are unpacked beside it and put first on the browser's library path: it then needs only glibc and libgcc.
 * CONFORMANCE_IGNORE_SYSTEM_CHROMIUM=1 takes the npm browser even where the system has one.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';

const SYSTEM_CHROMIUM = process.env['CONFORMANCE_CHROMIUM'] ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

export async function launchChromium(): Promise<Browser> {
  const ignoreSystem = process.env['CONFORMANCE_IGNORE_SYSTEM_CHROMIUM'] === '1';
  if (!ignoreSystem && existsSync(SYSTEM_CHROMIUM)) return chromium.launch({ executablePath: SYSTEM_CHROMIUM, args: FLAGS });
  const { default: packaged } = await import('@sparticuz/chromium');
  const executablePath = await inLastingTmpdir(() => packaged.executablePath());
  const libraries = unpackLibraries();
  return chromium.launch({
    executablePath,
    args: [...FLAGS, ...packaged.args.filter((flag) => !flag.startsWith('--headless'))],
    env: { ...process.env, LD_LIBRARY_PATH: [libraries, process.env['LD_LIBRARY_PATH']].filter(Boolean).join(':') },
  });
}

/** The machine's temporary folder, kept between test runs (test/support/temp-root.ts): the browser is unpacked once. */
const lastingTmpdir = (): string => process.env['CONFORMANCE_TESTS_LASTING_TMPDIR'] ?? tmpdir();

/** Runs `unpack` with the lasting folder as the temporary one: @sparticuz/chromium unpacks into os.tmpdir(). */
async function inLastingTmpdir<T>(unpack: () => Promise<T>): Promise<T> {
  const previous = process.env['TMPDIR'];
  process.env['TMPDIR'] = lastingTmpdir();
  try {
    return await unpack();
  } finally {
    if (previous === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = previous;
  }
}

/**
 * The shared libraries @sparticuz/chromium ships for its browser (bin/al2023.tar.br: a tar of regular files
 * under lib/), unpacked once into the temporary folder; the folder they are in.
 */
function unpackLibraries(): string {
  const target = join(lastingTmpdir(), 'conformance-chromium-libs');
  const done = join(target, '.unpacked');
  if (existsSync(done)) return join(target, 'lib');
  // The package exports no package.json: its entry point is build/<format>/index, two levels below its root.
  const root = join(dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium')), '..', '..');
  const archive = join(root, 'bin', 'al2023.tar.br');
  const tar = brotliDecompressSync(readFileSync(archive));
  for (let offset = 0; offset + 512 <= tar.length;) {
    const name = tar.toString('utf8', offset, offset + 100).replace(/\0.*$/s, '');
    if (!name) break;
    const size = parseInt(
      tar
        .toString('utf8', offset + 124, offset + 136)
        .replace(/\0.*$/s, '')
        .trim() || '0',
      8,
    );
    const type = String.fromCharCode(tar[offset + 156] ?? 0);
    if ((type === '0' || type === '\0') && !name.includes('..')) {
      const file = join(target, name);
      mkdirSync(dirname(file), { recursive: true });
      // Written whole under a temporary name, then renamed: a test file running alongside never loads half a library.
      writeFileSync(`${file}.part`, tar.subarray(offset + 512, offset + 512 + size));
      renameSync(`${file}.part`, file);
    }
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  writeFileSync(done, '');
  return join(target, 'lib');
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
