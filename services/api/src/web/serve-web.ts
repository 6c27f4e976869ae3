import { existsSync } from 'node:fs';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { fail } from '../common/http/api-response.js';
import { routeNotFoundMessage } from '../common/http/all-exceptions.filter.js';

/** Paths the API, Socket.IO and Prometheus answer: passed on to Nest untouched. */
const NOT_FOR_THE_WEB_APP = /^\/(api|socket\.io|metrics)(\/|$)/;
/** The same, whatever the case (checked on the decoded path with repeated slashes collapsed): /API/HEALTH, //api//health. */
const LOOKS_LIKE_THE_API = /^\/(api|socket\.io|metrics)(\/|$)/i;
/** Vite's hashed build output: a path under it that is not a file is a missing asset, never a client route. */
const ASSETS_DIR = /^\/assets\//i;

export const WEB_NOT_BUILT_MESSAGE =
  'The web app is not built yet. Run `npm run build -w web` (or `npm run build`) and reload. The API is at /api.';

export const WEB_FILE_NOT_FOUND_MESSAGE = 'Not found';

/**
 * Serves the built React app at `/` with an SPA fallback: a GET outside /api, /socket.io and /metrics that is not a
 * file answers index.html when it looks like a client route (no dot in its last segment, not under /assets/), so
 * routes like /draft/123 load on refresh. A missing file (`/assets/index-OLDHASH.js` after a deploy, `/robots.txt`)
 * answers a plain 404, so a stale tab's lazy chunk fails cleanly instead of being handed HTML. A path that only looks
 * like the API's (`/API/HEALTH`, `/api%2Fhealth`, `//api//health`) answers the API's 404 envelope, not the app.
 * Without a build, `/` explains how to make one. Returns whether the build was found.
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
    const requested = normalisedPath(request.path);
    if (LOOKS_LIKE_THE_API.test(requested)) {
      response.status(404).json(fail(routeNotFoundMessage(request.method, request.originalUrl)));
      return;
    }
    if (!built) {
      response
        .status(request.path === '/' ? 200 : 404)
        .type('text/plain')
        .send(WEB_NOT_BUILT_MESSAGE);
      return;
    }
    if (!isClientRoute(requested)) {
      // Not cached either: during a rolling deploy the file may exist on the next instance asked.
      response.setHeader('Cache-Control', 'no-cache');
      response.status(404).type('text/plain').send(WEB_FILE_NOT_FOUND_MESSAGE);
      return;
    }
    // index.html must not be cached: it names the hashed asset files of the current build.
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(indexFile);
  });
  return built;
}

/** The path percent-decoded (kept as sent if it does not decode) with runs of slashes collapsed to one. */
function normalisedPath(raw: string): string {
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // Not URL encoding: judged as sent.
  }
  return decoded.replace(/\/{2,}/g, '/');
}

/**
 * A client route has no dot in its last segment (a file name has: `/robots.txt`, `/favicon.ico`, `/.env`) and is not
 * under /assets/. The app's routes are words and UUIDs (web/src/app/router.tsx), never a name with a dot.
 */
function isClientRoute(requested: string): boolean {
  const lastSegment = requested.slice(requested.lastIndexOf('/') + 1);
  return !ASSETS_DIR.test(requested) && !lastSegment.includes('.');
}
