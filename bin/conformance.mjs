#!/usr/bin/env node
import { loadCli } from './load-cli.mjs';

// A reader that stops early (`conformance openapi | head`) is not an error of the tool, and must not end a run
// before its report is written: src/cli/main.ts swallows the stream's errors, so the lines are lost, not the report.
const main = await loadCli();
process.exitCode = await main(process.argv.slice(2));
