import fc from 'fast-check';

const HEX_PAIRS: readonly string[] = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** Lower-case `0x` hex of bytes: the spelling servers answer with (wire-facts.md §5). */
export function toHex(bytes: ArrayLike<number>): string {
  // A table and one string beat a Buffer per call for the short inputs the generators spell (20-byte addresses).
  let hex = '0x';
  for (let i = 0; i < bytes.length; i += 1) hex += HEX_PAIRS[bytes[i]!]!;
  return hex;
}

function fromHex(value: unknown): number[] {
  if (typeof value !== 'string' || !/^0x(?:[0-9a-f]{2})*$/.test(value)) throw new Error('not lower-case hex bytes');
  const bytes: number[] = [];
  for (let i = 2; i < value.length; i += 2) bytes.push(parseInt(value.slice(i, i + 2), 16));
  return bytes;
}

export interface HexBytesConstraints {
  readonly minLength: number;
  readonly maxLength: number;
}

/**
 * `fc.uint8Array(constraints).map(toHex)`, value for value and seed for seed, at a fraction of the cost: the
 * same draws from the random source in the same order, without the number, `Value` and context that
 * fast-check makes for each byte (the run spells some 50,000 addresses, each 20 bytes). Shrinking is
 * fast-check's own, on the bytes. hex.test.ts holds it to fc.uint8Array over many seeds and biases.
 */
export function hexBytes(constraints: HexBytesConstraints): fc.Arbitrary<string> {
  return new HexBytesArbitrary(constraints);
}

/** The bytes `fc.integer({ min: 0, max: 255 })` draws when it is biased: its ranges near each end. */
const NEAR_MIN = { min: 0, max: 7 };
const NEAR_MAX = { min: 248, max: 255 };

/** One byte, drawn as fast-check's integer arbitrary over [0, 255] draws it. */
function drawByte(mrng: fc.Random, biasFactor: number | undefined): number {
  if (biasFactor === undefined || mrng.nextInt(1, biasFactor) !== 1) return mrng.nextInt(0, 255);
  const range = mrng.nextInt(-2, 0) < 0 ? NEAR_MIN : NEAR_MAX;
  return mrng.nextInt(range.min, range.max);
}

class HexBytesArbitrary extends fc.Arbitrary<string> {
  /** The same bytes the slow way: it shrinks what this arbitrary generates. */
  private readonly bytes: fc.Arbitrary<string>;
  /**
   * The array arbitrary over items that draw nothing and note the bias they are given: it draws a length (and
   * the bias of the items) exactly as fc.uint8Array's array does, items coming after it in the same order.
   */
  private readonly lengths: fc.Arbitrary<unknown[]>;
  private itemBias: number | undefined;

  constructor(private readonly constraints: HexBytesConstraints) {
    super();
    this.bytes = fc.array(fc.integer({ min: 0, max: 255 }), constraints).map(toHex, fromHex);
    const probe = new BiasProbe((biasFactor) => {
      this.itemBias = biasFactor;
    });
    this.lengths = fc.array(probe, constraints);
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<string> {
    const { minLength, maxLength } = this.constraints;
    let length: number;
    let itemBias: number | undefined;
    if (minLength === maxLength) {
      // The array's one length, drawn all the same, and its bias passed on to the items.
      length = mrng.nextInt(minLength, maxLength);
      itemBias = biasFactor;
    } else {
      this.itemBias = undefined;
      length = this.lengths.generate(mrng, biasFactor).value.length;
      itemBias = this.itemBias;
    }
    let hex = '0x';
    for (let i = 0; i < length; i += 1) hex += HEX_PAIRS[drawByte(mrng, itemBias)]!;
    return new fc.Value(hex, undefined);
  }

  canShrinkWithoutContext(value: unknown): value is string {
    return this.bytes.canShrinkWithoutContext(value);
  }

  shrink(value: string, context: unknown): fc.Stream<fc.Value<string>> {
    return this.bytes.shrink(value, context);
  }
}

/** An item that draws nothing and tells the bias it was generated with. */
class BiasProbe extends fc.Arbitrary<number> {
  constructor(private readonly seen: (biasFactor: number | undefined) => void) {
    super();
  }

  generate(_mrng: fc.Random, biasFactor: number | undefined): fc.Value<number> {
    this.seen(biasFactor);
    return new fc.Value(0, undefined);
  }

  canShrinkWithoutContext(value: unknown): value is number {
    return value === 0;
  }

  shrink(): fc.Stream<fc.Value<number>> {
    return fc.Stream.nil();
  }
}
