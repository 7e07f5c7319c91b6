/**
 * `conformance serve`'s flags, said once: the command is declared from them (main.ts) and docs/cli.md's
 * synopsis is generated from them (src/docs/generated-sections.ts), so a flag cannot be missing from either.
 */
export interface ServeFlag {
  readonly flag: string;
  readonly description: string;
}

export const SERVE_FLAGS: readonly ServeFlag[] = [
  { flag: '--host <host>', description: 'interface to listen on (default: 127.0.0.1)' },
  { flag: '--port <n>', description: 'port (default: a free one)' },
  { flag: '--access-key <key>', description: 'the key the server accepts (default: a random one)' },
  { flag: '--seed <n>', description: 'seed of the generated data (default: 1)' },
  {
    flag: '--chain-rpc-url <url>',
    description:
      'a chain node JSON-RPC URL (may contain {network}): GetNativeTokenBalance answers its eth_getBalance (default: a chain node of its own, on a loopback port it prints)',
  },
  { flag: '--latency-ms <n>', description: 'hold every answer this long, like a server far away (default: 0)' },
  {
    flag: '--max-rps <n>',
    description: 'serve at most this many requests a second; answer the others 429 with Retry-After (default: no limit)',
  },
  {
    flag: '--fault <names>',
    description: 'comma-separated named faults to start the server with, to see what a failure report looks like',
  },
  { flag: '--list-faults', description: 'list the named faults and exit' },
  { flag: '--fixtures-out <file>', description: "write the server's own fixtures there; the printed certify command uses them" },
  {
    flag: '--tls-cert <file>',
    description:
      'PEM certificate (chain) to serve HTTPS with, together with --tls-key; the printed certify command trusts it with --ca-file',
  },
  { flag: '--tls-key <file>', description: 'PEM private key of --tls-cert (unencrypted)' },
];

/** `npx conformance serve [--host <host>] …`: every flag, as the synopsis of docs/cli.md shows it. */
export function serveSynopsis(): string {
  return ['npx conformance serve', ...SERVE_FLAGS.map(({ flag }) => `[${flag}]`)].join(' ');
}
