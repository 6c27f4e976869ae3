import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import { emptyOpsAggregates, summariseFigures } from '@auction/ops-figures';
import { rawHttpRequest } from '@auction/kafka/testing';
import { Registry } from 'prom-client';
import { createOpsHttpServer } from './ops-http.js';

describe('the ops HTTP server', () => {
  let server: http.Server;
  let port = 0;

  beforeAll(async () => {
    const now = new Date();
    server = createOpsHttpServer(async () => summariseFigures(emptyOpsAggregates(now), now), new Registry());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers a request target that is not a URL with a 400 in the envelope, and goes on serving', async () => {
    // `new URL('//[', base)` throws: in the request listener, that was an uncaught exception and the consumer exited.
    const answer = await rawHttpRequest(port, 'GET //[ HTTP/1.1\r\nHost: ops\r\nConnection: close\r\n\r\n');
    expect(answer).toBe('HTTP/1.1 400 Bad Request');
    const figures = await fetch(`http://127.0.0.1:${port}/ops/figures`);
    expect([figures.status, ((await figures.json()) as { success: boolean }).success]).toEqual([200, true]);
  });
});
