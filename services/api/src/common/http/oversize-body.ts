import type { NextFunction, Request, Response } from 'express';
import { fail } from './api-response.js';

export const BODY_TOO_LARGE_MESSAGE = 'Request body is too large';

/**
 * Answers 413 as soon as the headers declare a body over the limit. The JSON parser refuses it too, but only once the
 * whole declared body has been read (it drains the request before answering), so a client that declared 10 MB and
 * sent nothing held its request open until the server's timeout. The connection is closed: the rest is not read.
 */
export function refuseDeclaredOversizeBodies(limitBytes: number) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const declared = Number(request.headers['content-length']);
    if (!Number.isFinite(declared) || declared <= limitBytes) return next();
    response.setHeader('Connection', 'close');
    response.status(413).json(fail(BODY_TOO_LARGE_MESSAGE));
  };
}
