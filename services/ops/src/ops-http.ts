import http from 'node:http';
import type { OpsFigures } from '@auction/ops-figures';
import type { Registry } from 'prom-client';

/**
 * The consumer's read API: GET /ops/figures answers the current figures as JSON (the shape of OpsFigures,
 * in the API's {success, message, data} envelope), GET /healthz says the process is up, GET /metrics is for
 * Prometheus. Nothing else.
 */
export function createOpsHttpServer(readFigures: () => Promise<OpsFigures>, metrics: Registry): http.Server {
  return http.createServer((request, response) => {
    const path = pathOf(request.url);
    if (path === null)
      return send(response, 400, { success: false, message: 'Bad request target', data: null });
    if (request.method !== 'GET')
      return send(response, 405, { success: false, message: 'Only GET is served', data: null });
    if (path === '/healthz') return send(response, 200, { success: true, message: 'ok', data: null });
    if (path === '/metrics') {
      return void metrics.metrics().then(
        (text) => {
          response.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
          response.end(text);
        },
        (error: Error) =>
          send(response, 500, {
            success: false,
            message: `Metrics unavailable: ${error.message}`,
            data: null,
          }),
      );
    }
    if (path !== '/ops/figures')
      return send(response, 404, { success: false, message: 'Not found', data: null });
    readFigures().then(
      (figures) => send(response, 200, { success: true, message: 'Ops figures', data: figures }),
      (error: Error) =>
        send(response, 503, { success: false, message: `Figures unavailable: ${error.message}`, data: null }),
    );
  });
}

/**
 * The request's path, or null when its target is not a URL: a client can send `GET //[`, and `new URL` throws on it,
 * here in the server's request listener, where nothing would catch it and the consumer would exit.
 */
function pathOf(target = '/'): string | null {
  try {
    return new URL(target, 'http://ops').pathname;
  } catch {
    return null;
  }
}

function send(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(JSON.stringify(body));
}
