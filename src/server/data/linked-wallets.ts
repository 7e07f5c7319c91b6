/** The wallets linked to a parent wallet: seeded per (server seed, parent), zero to three of them. */
import type { LinkedWalletT } from '../../contract/resources.js';
import { Prng, rfc3339 } from './prng.js';

const WALLET_TYPES = ['sequence', 'metamask', 'walletconnect', 'coinbase'];
const EPOCH = Date.UTC(2024, 5, 1) / 1000;

export function linkedWallets(seed: number, parent: string): LinkedWalletT[] {
  const rng = new Prng(seed, `linked-wallets/${parent.toLowerCase()}`);
  return Array.from({ length: rng.int(0, 3) }, () => ({
    id: rng.int(1, 2_000_000_000),
    walletAddress: parent.toLowerCase(),
    linkedWalletAddress: rng.address(),
    walletType: rng.pick(WALLET_TYPES),
    createdAt: rfc3339(EPOCH + rng.int(0, 200 * 86_400)),
  }));
}
