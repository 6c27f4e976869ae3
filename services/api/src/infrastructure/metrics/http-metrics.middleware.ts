import { performance } from 'node:perf_hooks';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { ApiMetrics } from './api-metrics.js';

/**
 * Times every HTTP request by its route TEMPLATE (`/api/auctions/:id/bid`, from Express' matched route), never
 * the raw URL, so ids cannot multiply the series. Requests no route matched are `unmatched` under /api and `web`
 * elsewhere (the built web app and its assets).
 */
export function httpMetricsMiddleware(metrics: ApiMetrics): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    const startedAt = performance.now();
    response.once('finish', () => {
      metrics.observeHttp(
        request.method,
        routeTemplateOf(request),
        response.statusCode,
        (performance.now() - startedAt) / 1000,
      );
    });
    next();
  };
}

const NOT_FOUND_ROUTE = '*path';

export function routeTemplateOf(request: Pick<Request, 'route' | 'baseUrl' | 'originalUrl'>): string {
  const template = (request.route as { path?: unknown } | undefined)?.path;
  // `*path` is Nest's not-found route under the /api prefix: as unmatched as no route at all.
  if (typeof template === 'string' && template !== NOT_FOUND_ROUTE) return `${request.baseUrl}${template}`;
  return /^\/api(\/|\?|$)/.test(request.originalUrl) ? 'unmatched' : 'web';
}
