/** Lower-case `0x` hex of bytes: the spelling servers answer with (wire-facts.md §5). */
export function toHex(bytes: Uint8Array): string {
  return `0x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}`;
}
