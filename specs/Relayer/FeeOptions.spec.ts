import { FeeOptions } from '../../src/contract/index.js';
import { describeOperation, ungrounded } from '../../src/harness/index.js';

describeOperation({
  op: FeeOptions,
  // Whether a relayer quotes fees for an arbitrary wallet is not shown in the document: a 4xx is allowed.
  example: () =>
    ungrounded(
      {
        wallet: '0x00000000000000000000000000000000000c0ffe',
        to: '0x000000000000000000000000000000000000beef',
        data: '0x',
        simulate: false,
      },
      'the fixtures name no relayer wallet',
    ),
});
