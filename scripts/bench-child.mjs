// One run of the command line for `npm run bench`, loaded as bin/conformance.mjs loads it, then its figures on
// the last line of stdout: the wall time counts from this process's start, as a user's run does.
import { loadCli } from '../bin/load-cli.mjs';

const main = await loadCli();
const exitCode = await main(process.argv.slice(2));
const cpu = process.cpuUsage();
console.log(
  JSON.stringify({
    exitCode,
    wallSeconds: performance.now() / 1000,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  }),
);
