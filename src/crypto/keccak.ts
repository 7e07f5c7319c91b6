/**
 * Keccak-256 and EIP-55 checksums by hash-wasm (WebAssembly): about 1 µs for a short input, against about 13 µs
 * for viem's JavaScript keccak. A run hashes tens of thousands of short inputs (the checksummed addresses its
 * generators spell, the reference server's seeded values), so this was a visible share of its CPU. Results are
 * byte for byte those of viem's `keccak256` and `checksumAddress` (keccak.test.ts).
 */
// hash-wasm's build of Keccak alone (11 KB): the package's main file carries every algorithm's WebAssembly
// (284 KB), which each thread that hashes would parse at its start. It is a UMD file: node sees only its default export.
import keccakBuild from 'hash-wasm/dist/keccak.umd.min.js';

const { createKeccak } = keccakBuild;

type Hex = `0x${string}`;

// One instance per thread: init, update and digest are synchronous, so no two hashes can interleave.
const hasher = await createKeccak(256);

/** Keccak-256 of the bytes, or of the UTF-8 encoding of the text, as 32 bytes. */
export function keccak256Bytes(input: Uint8Array | string): Uint8Array {
  hasher.init();
  hasher.update(input);
  return hasher.digest('binary');
}

/** Keccak-256 of the bytes, or of the UTF-8 encoding of the text, as 0x and 64 lower-case hex digits. */
export function keccak256Hex(input: Uint8Array | string): Hex {
  hasher.init();
  hasher.update(input);
  return `0x${hasher.digest('hex')}`;
}

/**
 * The lower-case address of an uncompressed secp256k1 public key: the last 20 bytes of the Keccak-256 of its 64
 * bytes (without the 0x04 prefix).
 */
export function addressOfPublicKey(uncompressed: Uint8Array): Hex {
  return `0x${keccak256Hex(uncompressed.subarray(1)).slice(-40)}`;
}

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

// The address's 40 digits as ASCII bytes, reused from call to call (hashes are synchronous, one thread each):
// hashing bytes spares hash-wasm a UTF-8 encoding, and the checksummed spelling is read back from the same
// bytes in one decode instead of 40 string concatenations. The generators spell tens of thousands of
// checksummed addresses a run.
const digits = new Uint8Array(40);
const ascii = new TextDecoder('latin1');

/**
 * The EIP-55 spelling of an address: each letter upper-cased where the matching nibble of the keccak of the
 * lower-case hex is 8 or more. Throws on anything but 0x and 40 hex digits.
 */
export function checksumAddress(address: string): Hex {
  if (!HEX_ADDRESS.test(address)) throw new TypeError(`not an address: ${address}`);
  for (let i = 0; i < 40; i += 1) {
    const code = address.charCodeAt(i + 2);
    digits[i] = code >= 0x41 && code <= 0x46 ? code + 0x20 : code; // A-F to a-f
  }
  const hash = keccak256Bytes(digits);
  for (let i = 0; i < 40; i += 1) {
    const byte = hash[i >> 1] as number;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    if (nibble >= 8 && (digits[i] as number) >= 0x61) digits[i] = (digits[i] as number) - 0x20; // a-f to A-F
  }
  return `0x${ascii.decode(digits)}`;
}
