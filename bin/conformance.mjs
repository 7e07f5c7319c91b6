#!/usr/bin/env node
// The CLI is TypeScript run through tsx's loader: no build step, so a fresh clone works after `npm ci`.
import { register } from 'tsx/esm/api';

// A reader that stops early (`conformance openapi | head`) is not an error of the tool, and must not end a run
// before its report is written: src/cli/main.ts swallows the stream's errors, so the lines are lost, not the report.
register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
