import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Requests Node's HTTP parser refuses before any route sees them (a 100 KB URL, oversized or malformed headers) get
 * the same `{success, message, data}` envelope as every other error, instead of Node's bare status line.
 */
export function answerParserErrorsWithEnvelope(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? 431 : 400;
    const message = tooLarge
      ? 'The request URL or headers are too large'
      : 'The request could not be read (malformed HTTP)';
    const body = JSON.stringify({ success: false, message, data: null });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
