/** Lower-case `0x` hex of bytes: the spelling servers answer with (wire-facts.md §5). */
export function toHex(bytes: Uint8Array): string {
  return `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
