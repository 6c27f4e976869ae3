import { describe, expect, it } from '@jest/globals';
import { assertValidEvents, toInsertPayload, toRecordedEvent } from './recorded-event.mapper.js';
import { UnstorableTextError } from './unstorable-text.error.js';
import { WrongExpectedVersionError } from './wrong-expected-version.error.js';

describe('toRecordedEvent', () => {
  it('converts the bigint position pg returns as text, and keeps the xid8 as text', () => {
    const recordedAt = new Date('2025-01-02T03:04:05Z');
    expect(
      toRecordedEvent({
        global_position: '9007199254740991',
        stream_id: 'draft-1',
        stream_version: 3,
        type: 'BidPlaced',
        data: { amount: 12 },
        metadata: { commandId: 'c1' },
        transaction_id: '18446744073709551000',
        recorded_at: recordedAt,
      }),
    ).toEqual({
      globalPosition: 9007199254740991,
      streamId: 'draft-1',
      streamVersion: 3,
      type: 'BidPlaced',
      data: { amount: 12 },
      metadata: { commandId: 'c1' },
      transactionId: '18446744073709551000',
      recordedAt,
    });
  });

  it('tolerates a missing metadata and a textual timestamp', () => {
    const event = toRecordedEvent({
      global_position: 1,
      stream_id: 's',
      stream_version: 1,
      type: 't',
      data: null,
      metadata: null,
      transaction_id: '5',
      recorded_at: '2025-01-02T03:04:05.000Z',
    });
    expect(event.metadata).toEqual({});
    expect(event.recordedAt.toISOString()).toBe('2025-01-02T03:04:05.000Z');
  });
});

describe('toInsertPayload', () => {
  it('merges append metadata, event metadata and the command id, in that order of precedence', () => {
    const payload = JSON.parse(
      toInsertPayload(
        [
          { type: 'A', data: { x: 1 }, metadata: { actor: 'event-actor', commandId: 'spoofed' } },
          { type: 'B', data: 2 },
        ],
        { actor: 'append-actor', correlationId: 'corr' },
        'cmd-1',
      ),
    );
    expect(payload).toEqual([
      {
        type: 'A',
        data: { x: 1 },
        metadata: { actor: 'event-actor', correlationId: 'corr', commandId: 'cmd-1' },
      },
      { type: 'B', data: 2, metadata: { actor: 'append-actor', correlationId: 'corr', commandId: 'cmd-1' } },
    ]);
  });

  it('stores undefined data as JSON null instead of dropping the key', () => {
    expect(JSON.parse(toInsertPayload([{ type: 'A', data: undefined }], undefined, undefined))).toEqual([
      { type: 'A', data: null, metadata: {} },
    ]);
  });
});

describe('assertValidEvents', () => {
  it('rejects an empty stream id or event type', () => {
    expect(() => assertValidEvents('', [])).toThrow(TypeError);
    expect(() => assertValidEvents('s', [{ type: '', data: 1 }])).toThrow(TypeError);
    expect(() => assertValidEvents('s', [{ type: 'ok', data: 1 }])).not.toThrow();
  });

  it.each([
    ['a NUL in a value', { type: 'TeamCreated', data: { name: 'a\u0000b' } }, undefined, 'data.name'],
    ['a lone high surrogate', { type: 'T', data: { list: ['ok', '\ud800'] } }, undefined, 'data.list[1]'],
    ['a lone low surrogate in a key', { type: 'T', data: { '\udc00': 1 } }, undefined, 'data (a key)'],
    [
      'a NUL in the append metadata',
      { type: 'T', data: {} },
      { actor: { username: '\u0000' } },
      'metadata.actor.username',
    ],
  ])('refuses %s with an UnstorableTextError naming where it is', (_label, event, metadata, path) => {
    let thrown: unknown;
    try {
      assertValidEvents('team-1', [event], metadata);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UnstorableTextError);
    expect((thrown as UnstorableTextError).path).toBe(path);
  });

  it('accepts paired surrogates (emoji) and any other text', () => {
    expect(() =>
      assertValidEvents('s', [{ type: 'T', data: { name: 'Team \ud83c\udfc8 \u00e9\u4e2d\ufffe' } }]),
    ).not.toThrow();
  });
});

describe('WrongExpectedVersionError', () => {
  it('carries the stream, the expectation and the actual version', () => {
    const error = new WrongExpectedVersionError('draft-1', 3, 5);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('WrongExpectedVersionError');
    expect([error.streamId, error.expected, error.actual]).toEqual(['draft-1', 3, 5]);
    expect(error.message).toBe('Wrong expected version for stream "draft-1": expected 3, actual 5');
  });
});
