/** The Indexer's native balance (interface.md §Native balance; wire-facts.md §7): pure judges. */
import { decimalInteger, isDecimalInteger } from './amounts.js';
import type { Judgement } from './judgement.js';

/** The balance is the requested account's; addresses compare case-insensitively (checksummed or not). */
export function judgeBalanceAccount(requested: string, balance: Record<string, unknown>): Judgement {
  const account = balance['accountAddress'];
  if (typeof account !== 'string')
    return { undecided: 'the answer does not name the account (balance.accountAddress is absent or null, which the document allows)' };
  if (account.toLowerCase() !== requested.toLowerCase()) {
    return {
      finding: {
        message: 'the balance must be of the account that was asked for',
        pointer: '/balance/accountAddress',
        expected: requested.toLowerCase(),
        actual: account,
      },
    };
  }
  return 'holds';
}

export function judgeBalanceDecimal(balance: Record<string, unknown>): Judgement {
  const value = balance['balance'];
  if (value === undefined || value === null) return { undecided: 'balance.balance is absent or null' };
  if (!isDecimalInteger(value)) {
    return {
      finding: {
        message: "the balance should be a decimal integer in wei (the chain's smallest unit)",
        pointer: '/balance/balance',
        expected: 'a decimal integer string',
        actual: value,
      },
    };
  }
  return 'holds';
}

/** The integer balance of an answer, when it states one. */
export const balanceWei = (balance: Record<string, unknown>): bigint | undefined => decimalInteger(balance['balance']);
