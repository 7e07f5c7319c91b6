import { afterEach, describe, expect, it } from 'vitest';
import { HttpsProxyAgent } from 'https-proxy-agent';
import { HttpProxyAgent } from 'http-proxy-agent';
import { makeConnections, readProxiesAfresh } from '../../src/transport/connections.js';

const NAMES = ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy', 'ALL_PROXY', 'all_proxy'];
const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));

afterEach(() => {
  for (const name of NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  readProxiesAfresh();
});

function environment(values: Record<string, string>): void {
  for (const name of NAMES) delete process.env[name];
  Object.assign(process.env, values);
  readProxiesAfresh();
}

describe("the environment's proxies, chosen per origin", () => {
  it('sends each origin through the proxy the environment names for it, and none where NO_PROXY says so', () => {
    environment({ HTTP_PROXY: 'http://127.0.0.1:9', HTTPS_PROXY: 'http://127.0.0.1:9', NO_PROXY: 'direct.example' });
    const connections = makeConnections(4, { proxies: true });
    expect(connections.pooled('http://api.example/rpc/A/B')).toBeInstanceOf(HttpProxyAgent);
    expect(connections.pooled('https://api.example:8443/rpc/A/B')).toBeInstanceOf(HttpsProxyAgent);
    expect(connections.pooled('https://direct.example/rpc/A/B')).not.toBeInstanceOf(HttpsProxyAgent);
    // Another path of the same origin is the same choice, and the same pool.
    expect(connections.pooled('http://api.example/rpc/C/D')).toBe(connections.pooled('http://api.example/rpc/A/B'));
    connections.destroy();
  });

  it('reads the environment again when a run starts, not at every request', () => {
    environment({ HTTPS_PROXY: 'http://127.0.0.1:9' });
    const connections = makeConnections(4, { proxies: true });
    expect(connections.pooled('https://api.example/rpc/A/B')).toBeInstanceOf(HttpsProxyAgent);
    delete process.env.HTTPS_PROXY;
    // Within a run the choice made at the origin's first request holds.
    expect(connections.pooled('https://api.example/rpc/A/B')).toBeInstanceOf(HttpsProxyAgent);
    readProxiesAfresh();
    expect(connections.pooled('https://api.example/rpc/A/B')).not.toBeInstanceOf(HttpsProxyAgent);
    connections.destroy();
  });

  it('never asks the environment when the run uses no proxy (the embedded server)', () => {
    environment({ HTTPS_PROXY: 'http://127.0.0.1:9' });
    const connections = makeConnections(4, {});
    expect(connections.pooled('https://api.example/rpc/A/B')).not.toBeInstanceOf(HttpsProxyAgent);
    connections.destroy();
  });
});
