/** Why a server could not listen, as one line a user can act on (a usage error: exit 2, no stack trace). */
import { UsageError } from '../config/usage-error.js';

const REASONS: Record<string, string> = {
  EADDRINUSE: 'the port is in use by another process; choose another --port, or leave it out for a free one',
  EADDRNOTAVAIL: "the address is not one of this machine's interfaces; try 127.0.0.1 or 0.0.0.0",
  EACCES: 'permission denied (ports below 1024 need privileges); choose a port above 1024',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name could not be resolved now',
  EAFNOSUPPORT: 'this machine does not support that address family',
};

export function listenFailure(error: unknown, host: string, port: number): Error {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === undefined) return error as Error;
  const reason = REASONS[code] ?? (error as Error).message;
  return new UsageError(`cannot listen on ${host}:${port}: ${reason} (${code})`);
}
