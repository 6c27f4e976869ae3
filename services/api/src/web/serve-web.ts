import { existsSync } from 'node:fs';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';

const NOT_FOR_THE_WEB_APP = /^\/(api|socket\.io|metrics)(\/|$)/;

export const WEB_NOT_BUILT_MESSAGE =
  'The web app is not built yet. Run `npm run build -w web` (or `npm run build`) and reload. The API is at /api.';

/**
 * Serves the built React app at `/` with an SPA fallback: every GET outside /api, /socket.io and /metrics that is not a
 * file answers index.html, so client-side routes like /draft/123 load on refresh. Without a build, `/` explains
 * how to make one. Returns whether the build was found.
 */
export function serveWebApp(app: NestExpressApplication, webDistDir: string): boolean {
  const indexFile = path.join(webDistDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    app.use(express.static(webDistDir, { index: false, maxAge: '1h' }));
  }
  app.use((request: Request, response: Response, next: NextFunction) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || NOT_FOR_THE_WEB_APP.test(request.path)) {
      return next();
    }
    if (!built) {
      response
        .status(request.path === '/' ? 200 : 404)
        .type('text/plain')
        .send(WEB_NOT_BUILT_MESSAGE);
      return;
    }
    // index.html must not be cached: it names the hashed asset files of the current build.
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(indexFile);
  });
  return built;
}
