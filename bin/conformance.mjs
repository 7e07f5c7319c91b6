#!/usr/bin/env node
// The CLI is TypeScript run through tsx's loader: no build step, so a fresh clone works after `npm ci`.
import { register } from 'tsx/esm/api';

// A reader that stops early (`conformance openapi | head`) is not an error of the tool.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});
register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
