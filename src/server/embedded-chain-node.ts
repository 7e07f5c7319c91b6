/**
 * An Ethereum node in this process, one chain per network, reached over JSON-RPC at `<origin>/<network slug>`:
 * what `--chain-rpc-url` names when the user gives no node of their own. Each chain is an EVM of the ethereumjs
 * libraries (./evm-chain.ts) whose genesis holds the balances it is given; it is a real chain (a state trie,
 * signed transactions mined into blocks, eth_getBalance at "latest"), so the check that compares an indexer with
 * it compares with a chain, not with a copy of the server's own numbers.
 *
 * A chain is made on its network's first request, or up front with `warm`: a run makes its networks' chains
 * before it starts, since the first requests of all networks arrive at once and would otherwise wait for every
 * chain. Networks that share a chain ID share one chain.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { findNetwork, type Network } from '../contract/networks.js';
import { madeOnce } from '../made-once.js';
import { EvmChain, RpcError, type GenesisAccount } from './evm-chain.js';

export type { GenesisAccount } from './evm-chain.js';

export interface ChainNodeOptions {
  /** The accounts a network's chain starts with (its genesis state). */
  readonly genesis: (network: Network) => readonly GenesisAccount[];
  /** Private keys (0x-hex) the node signs for (eth_sendTransaction, eth_accounts); none by default. */
  readonly ownedAccounts?: readonly string[];
}

export interface EmbeddedChainNode {
  /** `http://127.0.0.1:<port>/{network}`: the form --chain-rpc-url takes for one node per network. */
  readonly urlTemplate: string;
  /** From the call to the node listening (the EVM library loaded), in milliseconds. */
  readonly startupMs: number;
  /**
   * One JSON-RPC call in this process, without HTTP: the answer's `result`; a JSON-RPC error is thrown. A balance
   * at "latest" is answered again without asking the chain until something other than a read is sent to it.
   */
  call(network: Network, method: string, params: readonly unknown[]): Promise<unknown>;
  /** Makes the chains of these networks now rather than on their first request; resolves with the time it took. */
  warm(networks: readonly Network[]): Promise<number>;
  close(): Promise<void>;
}

/** The largest JSON-RPC request the node reads: it serves balance look-ups, not bulk uploads. */
const MAX_REQUEST_BYTES = 1 << 20;

/**
 * JSON-RPC methods that read a chain without changing it. Anything else sent to a chain (a transaction,
 * hardhat_setBalance, evm_mine, a batch, a body that is not JSON) may change what "latest" holds.
 */
const READ_ONLY_METHODS: ReadonlySet<string> = new Set([
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
  'eth_syncing',
  'net_version',
  'web3_clientVersion',
]);
/** Past this many accounts a chain's remembered balances start over: a client sending endless new addresses costs no memory. */
const MAX_REMEMBERED_BALANCES = 10_000;

/** Whether a JSON-RPC body (one request or a batch) only reads. */
function onlyReads(body: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return false;
  }
  const isRead = (request: unknown) =>
    typeof request === 'object' && request !== null && READ_ONLY_METHODS.has((request as { method?: unknown }).method as string);
  return Array.isArray(parsed) ? parsed.every(isRead) : isRead(parsed);
}

/**
 * The balances a chain answered at "latest", kept until anything but a read is sent to it. The reference server
 * reads the same few accounts thousands of times in a run, and each read through the chain's state trie costs the
 * main thread more than the rest of the request; nothing writes to these chains in a run, but whoever does (over
 * the node's URL or `call`) makes the next read ask the chain again.
 */
class LatestBalances {
  private readonly known = new Map<string, unknown>();
  /** Moves on when a write is sent and when it is done: a read whose answer straddles a write is not kept. */
  private version = 0;

  get(account: string): unknown {
    return this.known.get(account);
  }

  /** The version a read starts at, to hand back to `keep` with its answer. */
  now(): number {
    return this.version;
  }

  keep(account: string, balance: unknown, since: number): void {
    if (since !== this.version) return;
    if (this.known.size >= MAX_REMEMBERED_BALANCES) this.known.clear();
    this.known.set(account, balance);
  }

  changed(): void {
    this.version += 1;
    this.known.clear();
  }
}

/**
 * One call into the chains at a time, in arrival order: a call that writes (a transaction mined into a block)
 * awaits the state trie between its steps, and a read or another write in between would see half a block.
 */
function oneAtATime(): <T>(call: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return (call) => {
    const result = tail.then(call, call);
    tail = result.catch(() => undefined);
    return result;
  };
}

export async function startEmbeddedChainNode(options: ChainNodeOptions): Promise<EmbeddedChainNode> {
  const started = performance.now();
  const chains = new Map<number, Promise<EvmChain>>();
  const inTurn = oneAtATime();
  const balancesByChain = new Map<number, LatestBalances>();
  const balancesOf = (network: Network): LatestBalances => madeOnce(balancesByChain, network.chainId, () => new LatestBalances());

  const chainOf = (network: Network): Promise<EvmChain> =>
    madeOnce(chains, network.chainId, () =>
      inTurn(() =>
        EvmChain.create({ chainId: network.chainId, genesis: options.genesis(network), ownedAccounts: options.ownedAccounts ?? [] }),
      ),
    );

  const server = http.createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const rpcError = (status: number, code: number, message: string) =>
      answer(status, { jsonrpc: '2.0', id: null, error: { code, message } });
    const network = findNetwork(decodeURIComponent((req.url ?? '').split('?')[0]!.replace(/^\/+|\/+$/g, '')));
    if (req.method !== 'POST') return rpcError(405, -32600, 'JSON-RPC is sent with POST');
    if (!network) return rpcError(404, -32601, 'no such network: the path is /<network slug>');
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const balances = onlyReads(body) ? undefined : balancesOf(network);
      balances?.changed();
      chainOf(network)
        .then((chain) => inTurn(() => answerBody(chain, body)))
        .finally(() => balances?.changed())
        .then((response) => answer(200, response))
        .catch((error: unknown) => rpcError(500, -32603, error instanceof Error ? error.message : String(error)));
    });
  });
  // As the reference server's (listen.ts): node's default 5 s keep-alive closes an idle socket just as a client
  // that pooled it sends on it again ("socket hang up").
  server.keepAliveTimeout = 60_000;
  server.headersTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const startupMs = performance.now() - started;
  let closing: Promise<void> | undefined;

  return {
    urlTemplate: `http://127.0.0.1:${port}/{network}`,
    startupMs,
    async call(network, method, params) {
      const balances = balancesOf(network);
      const account = method === 'eth_getBalance' && params.length === 2 && params[1] === 'latest' ? params[0] : undefined;
      if (typeof account === 'string') {
        const known = balances.get(account);
        if (known !== undefined) return known;
      }
      const writes = !READ_ONLY_METHODS.has(method);
      if (writes) balances.changed();
      const since = balances.now();
      const chain = await chainOf(network);
      const result = await inTurn(() => chain.call(method, params))
        .catch((error: unknown) => {
          throw new Error(`${method}: ${error instanceof Error ? error.message : String(error)}`);
        })
        .finally(() => {
          if (writes) balances.changed();
        });
      if (typeof account === 'string' && result !== undefined) balances.keep(account, result, since);
      return result;
    },
    async warm(networks) {
      const from = performance.now();
      await Promise.all(networks.map(chainOf));
      return performance.now() - from;
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** A JSON-RPC 2.0 body (one request or a batch) answered by the chain: the answer's body, one per request with an id. */
async function answerBody(chain: EvmChain, body: string): Promise<unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'the body is not JSON' } };
  }
  if (!Array.isArray(parsed)) return answerOne(chain, parsed);
  if (parsed.length === 0) return { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'an empty batch' } };
  const answers: unknown[] = [];
  for (const request of parsed) answers.push(await answerOne(chain, request));
  return answers;
}

async function answerOne(chain: EvmChain, request: unknown): Promise<unknown> {
  const fields = typeof request === 'object' && request !== null ? (request as Record<string, unknown>) : {};
  const id = fields['id'] ?? null;
  const { method, params = [] } = fields;
  if (fields['jsonrpc'] !== '2.0' || typeof method !== 'string' || !Array.isArray(params)) {
    return { jsonrpc: '2.0', id, error: { code: -32600, message: 'not a JSON-RPC 2.0 request' } };
  }
  try {
    return { jsonrpc: '2.0', id, result: await chain.call(method, params as unknown[]) };
  } catch (error) {
    const code = error instanceof RpcError ? error.code : -32603;
    return { jsonrpc: '2.0', id, error: { code, message: error instanceof Error ? error.message : String(error) } };
  }
}
