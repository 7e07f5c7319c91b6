/**
 * Call data for the transactions the reference server proposes. Real ABI encodings (viem), so a client can
 * decode them; the exchange and router functions are the reference server's own, modelled on an on-chain
 * order book (requests accepted or cancelled by ID) and on an exact-output swap router.
 */
import { encodeFunctionData, parseAbi, type Hex } from 'viem';

const ABI = parseAbi([
  'function setApprovalForAll(address operator, bool approved)',
  'function approve(address spender, uint256 amount)',
  'function acceptRequest(uint256 requestId, uint256 quantity, address recipient, uint256[] additionalFees, address[] additionalFeeRecipients)',
  'function cancelRequest(uint256 requestId)',
  'function swapExactOutput(address sellToken, address buyToken, uint256 buyAmount, uint256 maxSellAmount, address recipient)',
]);

/** ERC-721 / ERC-1155: let the exchange move the seller's tokens. */
export const setApprovalForAll = (operator: Hex): Hex =>
  encodeFunctionData({ abi: ABI, functionName: 'setApprovalForAll', args: [operator, true] });

/** ERC-20: let `spender` take up to `amount`. */
export const erc20Approve = (spender: Hex, amount: bigint): Hex =>
  encodeFunctionData({ abi: ABI, functionName: 'approve', args: [spender, amount] });

export interface AdditionalFee {
  readonly amount: bigint;
  readonly receiver: Hex;
}

/** The service's own marketplace: fill an on-chain request (here an offer) by its ID. */
export const acceptRequest = (requestId: bigint, quantity: bigint, recipient: Hex, fees: readonly AdditionalFee[]): Hex =>
  encodeFunctionData({
    abi: ABI,
    functionName: 'acceptRequest',
    args: [requestId, quantity, recipient, fees.map((f) => f.amount), fees.map((f) => f.receiver)],
  });

export const cancelRequest = (requestId: bigint): Hex => encodeFunctionData({ abi: ABI, functionName: 'cancelRequest', args: [requestId] });

export const swapExactOutput = (sellToken: Hex, buyToken: Hex, buyAmount: bigint, maxSellAmount: bigint, recipient: Hex): Hex =>
  encodeFunctionData({ abi: ABI, functionName: 'swapExactOutput', args: [sellToken, buyToken, buyAmount, maxSellAmount, recipient] });
