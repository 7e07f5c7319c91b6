/**
 * One chain of the embedded chain node: the ethereumjs EVM (the Ethereum Foundation's JavaScript execution
 * layer: its state trie, transactions and block builder), with the JSON-RPC methods a client of a node uses
 * to read balances and move value. Every transaction is mined into a block of its own at once (as a
 * development node does), so "latest" is always a real block whose state root holds the balances read.
 *
 * Pure JavaScript, so the package ships no native binary per platform; calls are answered one at a time by the
 * caller (the VM's state is not safe for interleaved writes).
 */
import { createBlock, type Block } from '@ethereumjs/block';
import { createCustomCommon, Hardfork, Mainnet, type Common } from '@ethereumjs/common';
import { createTx, createTxFromRLP, type TypedTransaction } from '@ethereumjs/tx';
import {
  Address,
  bigIntToHex,
  bytesToHex,
  createAccount,
  createAddressFromPrivateKey,
  createAddressFromString,
  hexToBytes,
  type PrefixedHexString,
} from '@ethereumjs/util';
import { buildBlock, createVM, type VM } from '@ethereumjs/vm';
import { keccak256Bytes } from '../crypto/keccak.js';

export interface GenesisAccount {
  /** 0x-hex address. */
  readonly address: string;
  /** In wei. */
  readonly balance: bigint;
}

export interface EvmChainOptions {
  readonly chainId: number;
  readonly genesis: readonly GenesisAccount[];
  /** Private keys (0x-hex) the chain signs for (eth_sendTransaction, eth_accounts). */
  readonly ownedAccounts: readonly string[];
}

/** A JSON-RPC error answer's code and message (the request was read, the method could not answer it). */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const BLOCK_GAS_LIMIT = 30_000_000n;
/** A transfer's gas when the transaction names none and carries no data. */
const TRANSFER_GAS = 21_000n;
/** A transaction that names no gas and carries data gets the most one may have since Osaka (EIP-7825: 2^24). */
const TRANSACTION_GAS_LIMIT = 16_777_216n;
const INITIAL_BASE_FEE = 1_000_000_000n;
/** A fixed genesis time: the same options give the same genesis block. */
const GENESIS_TIME = BigInt(Date.UTC(2024, 0, 1) / 1000);
const CLIENT_VERSION = 'rpc-conformance-embedded/ethereumjs';

interface Mined {
  readonly transaction: TypedTransaction;
  readonly block: Block;
  readonly index: number;
  readonly gasUsed: bigint;
  readonly cumulativeGasUsed: bigint;
  readonly status: 0 | 1;
}

type Params = readonly unknown[];

const hexOf = (value: bigint | number): string => bigIntToHex(BigInt(value));

function addressParam(value: unknown, what = 'address'): Address {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value)) throw new RpcError(-32602, `invalid ${what}: ${String(value)}`);
  return createAddressFromString(value);
}

function quantityParam(value: unknown, what: string): bigint | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value)) throw new RpcError(-32602, `invalid ${what}: ${String(value)}`);
  return BigInt(value);
}

function bytesParam(value: unknown, what: string): Uint8Array | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(value)) throw new RpcError(-32602, `invalid ${what}: ${String(value)}`);
  return hexToBytes(value as PrefixedHexString);
}

export class EvmChain {
  private readonly blocks: Block[] = [];
  private readonly mined = new Map<string, Mined>();
  private readonly owned = new Map<string, Uint8Array>();

  private constructor(
    private readonly common: Common,
    private readonly vm: VM,
  ) {}

  static async create(options: EvmChainOptions): Promise<EvmChain> {
    const common = createCustomCommon({ chainId: options.chainId }, Mainnet, {
      hardfork: Hardfork.Prague,
      // The package's WebAssembly Keccak: the state trie hashes every key and node with it.
      customCrypto: { keccak256: (bytes: Uint8Array) => keccak256Bytes(bytes) },
    });
    const vm = await createVM({ common });
    const chain = new EvmChain(common, vm);
    for (const key of options.ownedAccounts) {
      const bytes = hexToBytes(key as PrefixedHexString);
      chain.owned.set(createAddressFromPrivateKey(bytes).toString(), bytes);
    }
    for (const { address, balance } of options.genesis) {
      await vm.stateManager.putAccount(createAddressFromString(address), createAccount({ balance }));
    }
    const stateRoot = await vm.stateManager.getStateRoot();
    chain.blocks.push(
      createBlock(
        { header: { number: 0n, gasLimit: BLOCK_GAS_LIMIT, timestamp: GENESIS_TIME, baseFeePerGas: INITIAL_BASE_FEE, stateRoot } },
        { common, setHardfork: false },
      ),
    );
    return chain;
  }

  /** Answers one JSON-RPC call: its `result`, or an RpcError. */
  async call(method: string, params: Params): Promise<unknown> {
    switch (method) {
      case 'eth_chainId':
        return hexOf(this.common.chainId());
      case 'net_version':
        return this.common.chainId().toString();
      case 'web3_clientVersion':
        return CLIENT_VERSION;
      case 'eth_syncing':
        return false;
      case 'eth_blockNumber':
        return hexOf(this.head().header.number);
      case 'eth_gasPrice':
        return hexOf(this.head().header.calcNextBaseFee());
      case 'eth_maxPriorityFeePerGas':
        return '0x0';
      case 'eth_accounts':
        return [...this.owned.keys()];
      case 'eth_getBalance':
        return hexOf((await this.accountAt(params[0], params[1]))?.balance ?? 0n);
      case 'eth_getTransactionCount':
        return hexOf((await this.accountAt(params[0], params[1]))?.nonce ?? 0n);
      case 'eth_getCode': {
        const address = addressParam(params[0]);
        return bytesToHex(await (await this.stateAt(params[1])).getCode(address));
      }
      case 'eth_getBlockByNumber':
        return this.blockJson(this.blockAt(params[0]), params[1] === true);
      case 'eth_getBlockByHash': {
        const block = this.blocks.find((b) => bytesToHex(b.hash()) === String(params[0]).toLowerCase());
        return block ? this.blockJson(block, params[1] === true) : null;
      }
      case 'eth_getTransactionByHash': {
        const mined = this.mined.get(String(params[0]).toLowerCase());
        return mined ? this.transactionJson(mined) : null;
      }
      case 'eth_getTransactionReceipt': {
        const mined = this.mined.get(String(params[0]).toLowerCase());
        return mined ? this.receiptJson(mined) : null;
      }
      case 'eth_sendTransaction':
        return this.mine(await this.signed(params[0]));
      case 'eth_sendRawTransaction': {
        const raw = bytesParam(params[0], 'raw transaction') ?? new Uint8Array();
        let transaction: TypedTransaction;
        try {
          transaction = createTxFromRLP(raw, { common: this.common });
        } catch (error) {
          throw new RpcError(-32602, `invalid raw transaction: ${error instanceof Error ? error.message : String(error)}`);
        }
        return this.mine(transaction);
      }
      case 'hardhat_setBalance': {
        const address = addressParam(params[0]);
        const balance = quantityParam(params[1], 'balance') ?? 0n;
        const account = (await this.vm.stateManager.getAccount(address)) ?? createAccount({});
        account.balance = balance;
        await this.vm.stateManager.putAccount(address, account);
        return true;
      }
      default:
        throw new RpcError(-32601, `the method ${method} does not exist/is not available`);
    }
  }

  private head(): Block {
    return this.blocks[this.blocks.length - 1]!;
  }

  /** The block a tag names: latest, pending, safe and finalized are the head (every transaction is mined at once). */
  private blockAt(tag: unknown): Block {
    if (tag === undefined || tag === 'latest' || tag === 'pending' || tag === 'safe' || tag === 'finalized') return this.head();
    if (tag === 'earliest') return this.blocks[0]!;
    const number = quantityParam(tag, 'block');
    const block = number === undefined ? undefined : this.blocks[Number(number)];
    if (!block) throw new RpcError(-32602, `unknown block: ${String(tag)}`);
    return block;
  }

  /** The state at a block: the live state for the head (it holds writes made since, such as hardhat_setBalance). */
  private async stateAt(tag: unknown) {
    const block = this.blockAt(tag);
    if (block === this.head()) return this.vm.stateManager;
    const state = this.vm.stateManager.shallowCopy();
    await state.setStateRoot(block.header.stateRoot);
    return state;
  }

  private async accountAt(address: unknown, tag: unknown) {
    const account = addressParam(address);
    return (await this.stateAt(tag)).getAccount(account);
  }

  /** A transaction from one of the owned accounts, signed by its key, with what the request leaves out filled in. */
  private async signed(request: unknown): Promise<TypedTransaction> {
    if (typeof request !== 'object' || request === null) throw new RpcError(-32602, 'the transaction is not an object');
    const fields = request as Record<string, unknown>;
    const from = addressParam(fields['from'], 'from');
    const key = this.owned.get(from.toString());
    if (!key) throw new RpcError(-32602, `unknown account ${from.toString()}: the node signs only for its own accounts`);
    const data = bytesParam(fields['data'] ?? fields['input'], 'data');
    const nonce = quantityParam(fields['nonce'], 'nonce') ?? (await this.vm.stateManager.getAccount(from))?.nonce ?? 0n;
    const baseFee = this.head().header.calcNextBaseFee();
    return createTx(
      {
        type: 2,
        nonce,
        ...(fields['to'] === undefined || fields['to'] === null ? {} : { to: addressParam(fields['to'], 'to') }),
        value: quantityParam(fields['value'], 'value') ?? 0n,
        gasLimit: quantityParam(fields['gas'], 'gas') ?? (data && data.length > 0 ? TRANSACTION_GAS_LIMIT : TRANSFER_GAS),
        maxFeePerGas: quantityParam(fields['maxFeePerGas'], 'maxFeePerGas') ?? baseFee * 2n,
        maxPriorityFeePerGas: quantityParam(fields['maxPriorityFeePerGas'], 'maxPriorityFeePerGas') ?? 0n,
        ...(data ? { data } : {}),
      },
      { common: this.common },
    ).sign(key);
  }

  /** Mines the transaction into a block of its own on the head: its hash, or an RpcError when it is invalid. */
  private async mine(transaction: TypedTransaction): Promise<string> {
    const parent = this.head();
    const builder = await buildBlock(this.vm, {
      parentBlock: parent,
      headerData: {
        number: parent.header.number + 1n,
        timestamp: parent.header.timestamp + 1n,
        gasLimit: BLOCK_GAS_LIMIT,
        coinbase: new Uint8Array(20),
      },
      blockOpts: { calcDifficultyFromHeader: parent.header, putBlockIntoBlockchain: false },
    });
    let result;
    try {
      result = await builder.addTransaction(transaction);
    } catch (error) {
      await builder.revert();
      throw new RpcError(-32000, error instanceof Error ? error.message.split('\n')[0]! : String(error));
    }
    const { block } = await builder.build();
    this.blocks.push(block);
    const hash = bytesToHex(transaction.hash());
    this.mined.set(hash, {
      transaction,
      block,
      index: 0,
      gasUsed: result.totalGasSpent,
      cumulativeGasUsed: result.totalGasSpent,
      status: result.execResult.exceptionError ? 0 : 1,
    });
    return hash;
  }

  private blockJson(block: Block, fullTransactions: boolean): Record<string, unknown> {
    const { header } = block;
    return {
      number: hexOf(header.number),
      hash: bytesToHex(block.hash()),
      parentHash: bytesToHex(header.parentHash),
      stateRoot: bytesToHex(header.stateRoot),
      transactionsRoot: bytesToHex(header.transactionsTrie),
      receiptsRoot: bytesToHex(header.receiptTrie),
      miner: header.coinbase.toString(),
      timestamp: hexOf(header.timestamp),
      gasLimit: hexOf(header.gasLimit),
      gasUsed: hexOf(header.gasUsed),
      baseFeePerGas: hexOf(header.baseFeePerGas ?? 0n),
      transactions: block.transactions.map((t) => {
        const mined = this.mined.get(bytesToHex(t.hash()));
        return fullTransactions && mined ? this.transactionJson(mined) : bytesToHex(t.hash());
      }),
    };
  }

  private transactionJson({ transaction, block, index }: Mined): Record<string, unknown> {
    return {
      hash: bytesToHex(transaction.hash()),
      blockHash: bytesToHex(block.hash()),
      blockNumber: hexOf(block.header.number),
      transactionIndex: hexOf(index),
      from: transaction.getSenderAddress().toString(),
      to: transaction.to?.toString() ?? null,
      value: hexOf(transaction.value),
      nonce: hexOf(transaction.nonce),
      gas: hexOf(transaction.gasLimit),
      input: bytesToHex(transaction.data),
      type: hexOf(transaction.type),
      chainId: hexOf(this.common.chainId()),
    };
  }

  private receiptJson(mined: Mined): Record<string, unknown> {
    return {
      transactionHash: bytesToHex(mined.transaction.hash()),
      transactionIndex: hexOf(mined.index),
      blockHash: bytesToHex(mined.block.hash()),
      blockNumber: hexOf(mined.block.header.number),
      from: mined.transaction.getSenderAddress().toString(),
      to: mined.transaction.to?.toString() ?? null,
      gasUsed: hexOf(mined.gasUsed),
      cumulativeGasUsed: hexOf(mined.cumulativeGasUsed),
      effectiveGasPrice: hexOf(mined.block.header.baseFeePerGas ?? 0n),
      contractAddress: null,
      logs: [],
      status: hexOf(mined.status),
      type: hexOf(mined.transaction.type),
    };
  }
}
