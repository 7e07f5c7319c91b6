/** hash-wasm's build of Keccak alone ships no types of its own: its functions, typed as the package's. */
declare module 'hash-wasm/dist/keccak.umd.min.js' {
  import type { createKeccak, keccak } from 'hash-wasm';
  const keccakBuild: { readonly createKeccak: typeof createKeccak; readonly keccak: typeof keccak };
  export default keccakBuild;
}
