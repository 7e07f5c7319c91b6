/**
 * HTTP/1.1 servers written on raw `net` sockets, for what node's own http server would never do: close a
 * kept-alive connection when the next request comes, answer twice, answer nothing.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface RawRequest {
  readonly head: string;
  readonly body: Buffer;
  /** The connection it came on (1, 2, ...) and its place on that connection (1, 2, ...). */
  readonly connection: number;
  readonly onConnection: number;
}

/** What the server does with one request: answers bytes, or closes the connection without a word. */
export type RawHandler = (request: RawRequest, socket: net.Socket) => void;

export interface RawServer {
  readonly origin: string;
  readonly requests: RawRequest[];
  connections(): number;
  close(): Promise<void>;
}

/** An answer's bytes as a keep-alive server writes them. */
export function answerBytes(status: number, body: string, headers: Record<string, string> = {}): string {
  const lines = Object.entries({ 'Content-Type': 'application/json', ...headers, 'Content-Length': String(Buffer.byteLength(body)) });
  return `HTTP/1.1 ${status} X\r\n${lines.map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${body}`;
}

/** `connected` is told of each connection as it is accepted (1, 2, ...), before any request on it. */
export async function rawServer(handle: RawHandler, connected?: (socket: net.Socket, connection: number) => void): Promise<RawServer> {
  const requests: RawRequest[] = [];
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    const connection = ++connections;
    connected?.(socket, connection);
    let onConnection = 0;
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        const end = buffered.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffered.subarray(0, end).toString('latin1');
        const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
        if (buffered.length < end + 4 + length) return;
        const body = buffered.subarray(end + 4, end + 4 + length);
        buffered = buffered.subarray(end + 4 + length);
        const request = { head, body, connection, onConnection: ++onConnection };
        requests.push(request);
        handle(request, socket);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    connections: () => connections,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
