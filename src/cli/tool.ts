import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'package.json'), 'utf8')) as {
  name: string;
  version: string;
};

/** The tool's name and version as reports show them. */
export const TOOL = { name: pkg.name, version: pkg.version } as const;
