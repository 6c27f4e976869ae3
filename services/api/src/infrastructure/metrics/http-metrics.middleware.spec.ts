import { describe, expect, it } from '@jest/globals';
import type { Request } from 'express';
import { routeTemplateOf } from './http-metrics.middleware.js';

const request = (originalUrl: string, route?: string, baseUrl = '') =>
  ({ originalUrl, baseUrl, route: route === undefined ? undefined : { path: route } }) as Pick<
    Request,
    'route' | 'baseUrl' | 'originalUrl'
  >;

describe('routeTemplateOf', () => {
  it('labels a request by the template of the route it matched, never by its URL', () => {
    expect(routeTemplateOf(request('/api/auctions/0b9c/bid', '/api/auctions/:id/bid'))).toBe(
      '/api/auctions/:id/bid',
    );
    expect(routeTemplateOf(request('/v1/items/7', '/items/:id', '/v1'))).toBe('/v1/items/:id');
  });

  it('folds requests no route answered into unmatched (under /api) or web (the web app and its files)', () => {
    expect(routeTemplateOf(request('/api/no/such/thing', '*path', '/api'))).toBe('unmatched');
    expect(routeTemplateOf(request('/api?x=1'))).toBe('unmatched');
    expect(routeTemplateOf(request('/draft/123'))).toBe('web');
    expect(routeTemplateOf(request('/assets/index-abc.js'))).toBe('web');
    expect(routeTemplateOf(request('/apiary'))).toBe('web');
  });
});
