import http from 'node:http';
import type { Registry } from 'prom-client';

/** GET /metrics in Prometheus' text format, and nothing else: the relay has no other HTTP surface. */
export function createMetricsServer(registry: Registry): http.Server {
  return http.createServer((request, response) => {
    const path = pathOf(request.url);
    if (path === null) {
      response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Bad request target\n');
      return;
    }
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(path === '/metrics' ? 405 : 404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(path === '/metrics' ? 'Only GET is served\n' : 'Not found: metrics are at /metrics\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        response.end(text);
      },
      (error: Error) => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        response.end(`Metrics unavailable: ${error.message}\n`);
      },
    );
  });
}

/**
 * The request's path, or null when its target is not a URL: a client can send `GET //[`, and `new URL` throws on it,
 * here in the server's request listener, where nothing would catch it and the relay would exit.
 */
function pathOf(target = '/'): string | null {
  try {
    return new URL(target, 'http://relay').pathname;
  } catch {
    return null;
  }
}

/** Listens on host:port; resolves with the port actually bound (0 picks a free one). */
export async function listen(server: http.Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return typeof address === 'object' && address ? address.port : port;
}

/** Stops serving: open keep-alive connections (Prometheus keeps one) are closed too. */
export async function closeServer(server: http.Server | null): Promise<void> {
  if (!server) return;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}
