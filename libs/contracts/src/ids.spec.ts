import { describe, expect, it } from '@jest/globals';
import { bidRequestSchema, assignPlayerRequestSchema, draftPickRequestSchema } from './auctions.js';
import { nominateRequestSchema, proxyBidRequestSchema } from './auctions.js';
import { firstIssueMessage } from './envelope.js';
import { idSchema, isId, requiredIdSchema } from './ids.js';
import { keeperRequestSchema, nominationQueueRequestSchema } from './queue-keepers.js';
import { bidOnPlayerPayloadSchema, chatMessagePayloadSchema, typingPayloadSchema } from './socket.js';

describe('idSchema', () => {
  it('answers ids in lower case, so one draft is one socket room however a client writes its id', () => {
    const id = '3180286d-be64-443e-811b-5c2bd8b2133b';
    expect(idSchema.parse(id.toUpperCase())).toBe(id);
    expect(idSchema.parse(id)).toBe(id);
    expect(isId(id.toUpperCase())).toBe(true);
  });

  it('refuses what is not a UUID', () => {
    for (const bad of [
      '',
      ' 3180286d-be64-443e-811b-5c2bd8b2133b',
      '3180286dbe64443e811b5c2bd8b2133b',
      'x'.repeat(36),
    ]) {
      expect(idSchema.safeParse(bad).success).toBe(false);
    }
  });
});

describe('requiredIdSchema', () => {
  const team = requiredIdSchema('Team');
  const messageOf = (value: unknown) => team.safeParse(value).error?.issues.map((issue) => issue.message);

  it('names the field when it is missing, and says "Invalid id" for any other value that is not a UUID', () => {
    for (const missing of [undefined, null, '']) expect(messageOf(missing)).toEqual(['Team is required']);
    for (const bad of ['nope', 42, {}, ['3180286d-be64-443e-811b-5c2bd8b2133b']])
      expect(messageOf(bad)).toEqual(['Invalid id']);
    expect(team.parse('3180286D-BE64-443E-811B-5C2BD8B2133B')).toBe('3180286d-be64-443e-811b-5c2bd8b2133b');
  });

  it.each([
    ['PUT /auctions/{id}/proxy', proxyBidRequestSchema, { maxBid: 5 }, 'Team is required'],
    ['POST /auctions/{id}/bid', bidRequestSchema, { bidAmount: 5 }, 'Team is required'],
    ['POST /auctions/nominate', nominateRequestSchema, { playerId: 'p1' }, 'Draft is required'],
    ['POST /players/assign', assignPlayerRequestSchema, { playerId: 'p1', cost: 1 }, 'Team is required'],
    [
      'POST /players/assign (team given)',
      assignPlayerRequestSchema,
      { playerId: 'p1', cost: 1, teamId: '3180286d-be64-443e-811b-5c2bd8b2133b' },
      'Draft is required',
    ],
    ['POST /drafts/{id}/pick', draftPickRequestSchema, { playerId: 'p1', cost: 1 }, 'Team is required'],
    ['PUT /drafts/{id}/queue', nominationQueueRequestSchema, { playerIds: [] }, 'Team is required'],
    ['POST /drafts/{id}/keepers', keeperRequestSchema, { playerId: 'p1', cost: 1 }, 'Team is required'],
    ['socket bidOnPlayer', bidOnPlayerPayloadSchema, { playerId: 'p1', bidAmount: 2 }, 'Draft is required'],
    ['socket chatMessage', chatMessagePayloadSchema, { message: 'hi' }, 'Draft is required'],
    ['socket typing', typingPayloadSchema, { isTyping: true }, 'Draft is required'],
  ])('%s without its id answers "%s"', (_where, schema, body, expected) => {
    const result = schema.safeParse(body);
    expect(result.success).toBe(false);
    expect(firstIssueMessage(result.error!)).toBe(expected);
  });
});
