import { describe, expect, it } from '@jest/globals';
import {
  draftIdOf,
  messageKeyOf,
  parseDraftEventMessage,
  toDraftEventMessage,
} from './draft-event-message.js';

const event = {
  globalPosition: 42,
  streamId: 'draft-7d3c0e1a-0000-4000-8000-000000000001',
  streamVersion: 3,
  type: 'BidPlaced',
  data: { amount: 5 },
  metadata: { actor: 'u1' },
  recordedAt: new Date('2025-01-02T03:04:05.006Z'),
  hash: 'ab'.repeat(32),
};

describe('draft event messages', () => {
  it('keys a draft stream by its draft id and any other stream by its own id', () => {
    expect(messageKeyOf(event.streamId)).toBe('7d3c0e1a-0000-4000-8000-000000000001');
    expect(messageKeyOf('team-1')).toBe('team-1');
    expect(draftIdOf('team-1')).toBeNull();
    expect(draftIdOf('draft-x')).toBe('x');
  });

  it('round-trips an event through the JSON value', () => {
    const message = toDraftEventMessage(event);
    expect(message.recordedAt).toBe('2025-01-02T03:04:05.006Z');
    expect(parseDraftEventMessage(Buffer.from(JSON.stringify(message)))).toEqual(message);
    expect(toDraftEventMessage({ ...event, hash: undefined }).hash).toBeNull();
  });

  it('refuses values that are not messages', () => {
    expect(() => parseDraftEventMessage(null)).toThrow(/no value/);
    expect(() => parseDraftEventMessage('[1]')).toThrow(TypeError);
    expect(() =>
      parseDraftEventMessage(JSON.stringify({ ...toDraftEventMessage(event), globalPosition: 'x' })),
    ).toThrow(/not a draft event message/);
    expect(() => parseDraftEventMessage('not json')).toThrow(SyntaxError);
  });
});
