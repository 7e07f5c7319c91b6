#!/usr/bin/env node
// The CLI is TypeScript run through tsx's loader: no build step, so a fresh clone works after `npm ci`.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
