// A checks' thread starts here when no bundle of the sources can be written: TypeScript is loaded through tsx.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);
