/**
 * Reads a request body with a cap. Past the cap the bytes are drained, not kept: the request still gets a
 * proper 400 instead of a reset connection, and memory stays bounded whatever a client sends.
 */
import type { IncomingMessage } from 'node:http';

/** 1 MiB: far above any request of the contract (the largest carry a few dozen order IDs). */
export const MAX_BODY_BYTES = 1024 * 1024;

export type ReadBody = { readonly text: string; readonly tooLarge: false } | { readonly text: ''; readonly tooLarge: true };

export function readBody(req: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<ReadBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () =>
      resolve(tooLarge ? { text: '', tooLarge: true } : { text: Buffer.concat(chunks).toString('utf8'), tooLarge: false }),
    );
    req.on('error', reject);
  });
}
