import { Catch, Logger, NotFoundException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { fail } from './api-response.js';
import { mapException, type MappedError } from './exception-mapping.js';

/**
 * The one place errors become answers: over HTTP `{ success: false, message, data: null }` with the mapped
 * status; on a socket an `error { message }` event. Stacks are logged for unexpected errors and never sent.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() === 'ws') {
      answerSocketFailure(host.switchToWs().getClient<FailingSocket>(), exception, this.logger);
      return;
    }
    if (host.getType() !== 'http') throw exception;
    const { httpAdapter } = this.adapterHost;
    const context = host.switchToHttp();
    const request = context.getRequest<{ method?: string; originalUrl?: string }>();
    const mapped = mapException(exception);
    const message = isUnmatchedRoute(exception)
      ? routeNotFoundMessage(request.method, request.originalUrl)
      : mapped.message;
    if (mapped.unexpected) this.logUnexpected(`${request.method} ${request.originalUrl}`, exception);
    const response = context.getResponse();
    if (httpAdapter.isHeadersSent(response)) return;
    httpAdapter.reply(response, fail(message), mapped.status);
  }

  private logUnexpected(where: string, exception: unknown): void {
    logUnexpected(this.logger, where, exception);
  }
}

/** Longest path a 404 repeats: a URL may be kilobytes long, the message stays readable. */
const ROUTE_PATH_SHOWN_MAX = 200;

/**
 * Nest answers a request no route matches with `NotFoundException('Cannot DELETE /api/…')` (its router's not-found
 * handler, or a route bound to another host): Express's wording, which reads like a refusal of the action.
 */
function isUnmatchedRoute(exception: unknown): boolean {
  return exception instanceof NotFoundException && /^Cannot [A-Z]+ /.test(exception.message);
}

/** `Route not found: DELETE /api/drafts/…/picks/`, the path without its query string (it may carry anything). */
export function routeNotFoundMessage(method = '?', url = ''): string {
  const path = url.split('?')[0] ?? '';
  const shown = path.length > ROUTE_PATH_SHOWN_MAX ? `${path.slice(0, ROUTE_PATH_SHOWN_MAX)}…` : path;
  return `Route not found: ${method} ${shown}`;
}

type FailingSocket = { id?: string; emit(event: string, payload: unknown): void };

/**
 * A socket handler failed: the client gets the `error { message }` event (docs/product.md §8.3 (Socket errors)), and
 * an unexpected failure is logged with its stack. The filter's answer, also used by socket handlers that run outside
 * Nest's pipeline (DraftRoomGateway's bids).
 */
export function answerSocketFailure(socket: FailingSocket, exception: unknown, logger: Logger): MappedError {
  const mapped = mapException(exception);
  if (mapped.unexpected) logUnexpected(logger, `socket ${socket.id ?? '?'}`, exception);
  socket.emit('error', { message: mapped.message });
  return mapped;
}

/** Logs a failure nobody expected, with its stack (anything may be thrown, `null` included). */
export function logUnexpected(logger: Logger, where: string, exception: unknown): void {
  const stack = exception instanceof Error ? (exception.stack ?? exception.message) : String(exception);
  logger.error(`${where} failed: ${stack}`);
}
