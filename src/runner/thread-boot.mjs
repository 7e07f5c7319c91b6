// A worker thread starts here: TypeScript is loaded through tsx, as in the command's own process (no build step).
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);
