/**
 * The reference server as a request listener, driven in-process by supertest (no port): the wire pipeline's
 * order of refusals and the limited key's permissions, as a server embedded in another test harness sees them.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createReferenceApp } from '../../src/server/index.js';

const app = createReferenceApp({ accessKey: 'in-process-key', limitedAccessKey: 'in-process-limited-key' });
const floorPath = '/marketplace/polygon/rpc/Marketplace/GetFloorOrder';
const collection = app.fixtures.networks?.polygon?.collection?.address ?? '0x0000000000000000000000000000000000000001';

describe('the reference app in-process', () => {
  it('answers a valid request 200 with a JSON object', async () => {
    const answer = await request(app.handler)
      .post(floorPath)
      .set('Content-Type', 'application/json')
      .set('X-Access-Key', 'in-process-key')
      .send({ contractAddress: collection });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(typeof answer.body).toBe('object');
  });

  it('refuses in webrpc order: bad route, bad method, bad content type, then the key', async () => {
    const route = await request(app.handler).post('/marketplace/no-such-network/rpc/Marketplace/GetFloorOrder').send({});
    expect(route.status).toBe(404);
    expect(route.body.error).toBe('WebrpcBadRoute');

    const method = await request(app.handler).get(floorPath);
    expect(method.status).toBe(405);
    expect(method.headers.allow).toBe('POST');

    const contentType = await request(app.handler).post(floorPath).set('Content-Type', 'text/plain').send('{}');
    expect(contentType.status).toBe(400);
    expect(contentType.body.error).toBe('WebrpcBadRequest');

    const key = await request(app.handler).post(floorPath).set('Content-Type', 'application/json').send({ contractAddress: collection });
    expect(key.status).toBe(401);
    expect(key.body).toMatchObject({ error: 'Unauthorized', code: 1000, status: 401 });
  });

  it('answers the limited key 403 PermissionDenied on an operation it is denied, and serves it elsewhere', async () => {
    const denied = app.fixtures.limitedKey?.deniedOperations ?? [];
    expect(denied.length).toBeGreaterThan(0);
    const [service, method] = denied[0]!.split('.');
    const refused = await request(app.handler)
      .post(`/rpc/${service}/${method}`)
      .set('Content-Type', 'application/json')
      .set('X-Access-Key', 'in-process-limited-key')
      .send({});
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'PermissionDenied', code: 1001, status: 403 });

    const served = await request(app.handler)
      .post(floorPath)
      .set('Content-Type', 'application/json')
      .set('X-Access-Key', 'in-process-limited-key')
      .send({ contractAddress: collection });
    expect(served.status).toBe(200);
  });
});
