import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { Observable } from 'rxjs';
import {
  IDEMPOTENCY_KEY_HEADER,
  parseIdempotencyKey,
  withIdempotencyKey,
} from '../../infrastructure/event-sourcing/idempotency-key.js';

/**
 * REST commands take an `Idempotency-Key` header (ADR 0020): the handler runs with the key in scope, so its append
 * claims it. The handler is subscribed to (and so called) inside the scope: every await after it keeps the key.
 */
@Injectable()
export class IdempotencyKeyInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    const key = parseIdempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER]);
    if (key === undefined) return next.handle();
    return new Observable((subscriber) => withIdempotencyKey(key, () => next.handle().subscribe(subscriber)));
  }
}
