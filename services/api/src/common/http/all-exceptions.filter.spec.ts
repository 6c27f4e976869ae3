import { BadRequestException, NotFoundException } from '@nestjs/common';
import type { ArgumentsHost, Logger } from '@nestjs/common';
import type { HttpAdapterHost } from '@nestjs/core';
import { describe, expect, it } from '@jest/globals';
import { ConflictError } from '@auction/domain';
import { AllExceptionsFilter, answerSocketFailure, routeNotFoundMessage } from './all-exceptions.filter.js';

function httpHost(
  replies: Array<{ body: unknown; status: number }>,
  request: { method: string; originalUrl: string } = { method: 'GET', originalUrl: '/api/x' },
) {
  const adapterHost = {
    httpAdapter: {
      isHeadersSent: () => false,
      reply: (_response: unknown, body: unknown, status: number) => replies.push({ body, status }),
    },
  } as unknown as HttpAdapterHost;
  const host = {
    getType: () => 'http',
    switchToHttp: () => ({
      getRequest: () => request,
      getResponse: () => ({}),
    }),
  } as unknown as ArgumentsHost;
  return { filter: new AllExceptionsFilter(adapterHost), host };
}

function wsHost(emitted: Array<[string, unknown]>) {
  const socket = { id: 's1', emit: (event: string, payload: unknown) => emitted.push([event, payload]) };
  const host = {
    getType: () => 'ws',
    switchToWs: () => ({ getClient: () => socket }),
  } as unknown as ArgumentsHost;
  return { filter: new AllExceptionsFilter({} as HttpAdapterHost), host };
}

describe('AllExceptionsFilter', () => {
  it('answers HTTP errors with the failure envelope and the mapped status', () => {
    const replies: Array<{ body: unknown; status: number }> = [];
    const { filter, host } = httpHost(replies);
    filter.catch(new ConflictError('Draft already started'), host);
    filter.catch(new BadRequestException('Invalid id'), host);
    expect(replies).toEqual([
      { status: 409, body: { success: false, message: 'Draft already started', data: null } },
      { status: 400, body: { success: false, message: 'Invalid id', data: null } },
    ]);
  });

  it("answers a request no route matches with the route, not Express's 'Cannot DELETE …'", () => {
    const replies: Array<{ body: unknown; status: number }> = [];
    const url = '/api/drafts/3180286d-be64-443e-811b-5c2bd8b2133b/picks/?token=secret';
    const { filter, host } = httpHost(replies, { method: 'DELETE', originalUrl: url });
    filter.catch(new NotFoundException(`Cannot DELETE ${url}`), host);
    filter.catch(new NotFoundException('Draft not found'), host);
    expect(replies).toEqual([
      {
        status: 404,
        body: {
          success: false,
          message: 'Route not found: DELETE /api/drafts/3180286d-be64-443e-811b-5c2bd8b2133b/picks/',
          data: null,
        },
      },
      { status: 404, body: { success: false, message: 'Draft not found', data: null } },
    ]);
  });

  it('shortens a very long path in the route-not-found message', () => {
    const message = routeNotFoundMessage('GET', `/api/${'x'.repeat(5000)}`);
    expect(message).toBe(`Route not found: GET /api/${'x'.repeat(195)}…`);
  });

  it('answers socket errors with an error event, hiding unexpected details', () => {
    const emitted: Array<[string, unknown]> = [];
    const { filter, host } = wsHost(emitted);
    filter.catch(new ConflictError('Bid must be at least $11'), host);
    filter.catch(new Error('connection to 10.0.0.5 refused'), host);
    expect(emitted).toEqual([
      ['error', { message: 'Bid must be at least $11' }],
      ['error', { message: 'Internal server error' }],
    ]);
  });

  it('answers a socket handler outside the filter the same way, logging only the unexpected with its stack', () => {
    const emitted: Array<[string, unknown]> = [];
    const logged: string[] = [];
    const socket = { id: 's9', emit: (event: string, payload: unknown) => emitted.push([event, payload]) };
    const logger = { error: (message: string) => logged.push(message) } as unknown as Logger;
    answerSocketFailure(socket, new ConflictError('Bid must be at least $11'), logger);
    const unexpected = new Error('connection to 10.0.0.5 refused');
    answerSocketFailure(socket, unexpected, logger);
    expect(emitted).toEqual([
      ['error', { message: 'Bid must be at least $11' }],
      ['error', { message: 'Internal server error' }],
    ]);
    expect(logged).toEqual([`socket s9 failed: ${unexpected.stack}`]);
  });
});
