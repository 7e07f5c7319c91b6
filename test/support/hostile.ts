/** Small hostile servers for the field-safety tests, and a reader of every byte a run left behind. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * A front for `upstream` under a path prefix (as a tenant token in a real deployment's base URL): strips the
 * prefix, forwards, and lets `rewrite` change each answer.
 */
export async function prefixProxy(
  upstream: string,
  prefix: string,
  rewrite: (path: string, answer: Answer, self: string) => Answer,
): Promise<{ origin: string; server: http.Server }> {
  let self = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').startsWith(prefix) ? (req.url ?? '/').slice(prefix.length) : '/not-under-prefix';
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string' && name !== 'host') headers[name] = value;
      const forward = http.request(`${upstream}${path}`, { method: req.method, headers }, (up) => {
        const body: Buffer[] = [];
        up.on('data', (c: Buffer) => body.push(c));
        up.on('end', () => {
          const answer = rewrite(
            path,
            {
              status: up.statusCode ?? 500,
              headers: { 'content-type': String(up.headers['content-type'] ?? 'application/json') },
              body: Buffer.concat(body).toString('utf8'),
            },
            `${self}${req.url ?? ''}`,
          );
          res.writeHead(answer.status, answer.headers);
          res.end(answer.body);
        });
      });
      forward.on('error', () => res.destroy());
      forward.end(Buffer.concat(chunks));
    });
  });
  self = await listen(server);
  return { origin: self, server };
}

/**
 * A chain node of polygon (it answers eth_chainId, so the run accepts it) that answers every other call with an
 * error quoting its own URL (where providers put the key).
 */
export async function echoingChainNode(): Promise<{ origin: string; server: http.Server }> {
  let self = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const call = JSON.parse(Buffer.concat(chunks).toString() || '{}') as { id?: unknown; method?: string };
      if (call.method === 'eth_chainId') return res.end(JSON.stringify({ jsonrpc: '2.0', id: call.id ?? 1, result: '0x89' }));
      res.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: call.id ?? 1,
          error: { code: -32001, message: `project not allowed for ${self}${req.url ?? ''}` },
        }),
      );
    });
  });
  self = await listen(server);
  return { origin: self, server };
}

/** Every byte a run wrote: stdout, stderr and every file under the report folder (and anything left beside it). */
export function everyByte(result: { stdout: string; stderr: string; reportDir: string }): string {
  const parts = [result.stdout, result.stderr];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else parts.push(readFileSync(path, 'utf8'));
    }
  };
  walk(result.reportDir);
  return parts.join('\n');
}

/** The 8-character slices of `secret` (lower-cased) that `text` holds in any letter case. */
export function slicesIn(text: string, secret: string): string[] {
  const lower = text.toLowerCase();
  const found: string[] = [];
  for (let i = 0; i + 8 <= secret.length; i += 1) {
    const slice = secret.slice(i, i + 8).toLowerCase();
    if (lower.includes(slice)) found.push(slice);
  }
  return found;
}
