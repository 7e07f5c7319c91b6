import { GetNativeTokenBalance } from '../../src/contract/index.js';
import { describeOperation, grounded } from '../../src/harness/index.js';

describeOperation({
  op: GetNativeTokenBalance,
  // Every account has a native balance (zero when unused), so any address is a grounded request.
  example: ({ session }) => grounded({ accountAddress: session.fixtures?.account ?? '0x000000000000000000000000000000000000dead' }),
});
