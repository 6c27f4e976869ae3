import { describe, expect, it } from '@jest/globals';
import type { z } from 'zod';
import { chatMessagePayloadSchema, bidOnPlayerPayloadSchema, authenticatePayloadSchema } from './socket.js';
import { loginRequestSchema, registerRequestSchema, updateProfileRequestSchema } from './auth.js';
import { createTeamRequestSchema, updateTeamRequestSchema } from './teams.js';
import { createDraftRequestSchema, updateDraftRequestSchema } from './drafts.js';
import { assignPlayerRequestSchema, nominateRequestSchema, updatePickRequestSchema } from './auctions.js';
import { playerProviderIdSchema, playerSearchQuerySchema } from './players.js';
import { firstIssueMessage } from './envelope.js';
import {
  controlCharactersMessage,
  hasNoControlCharacters,
  hasVisibleText,
  isStorableText,
  textSchema,
  unstorableTextMessage,
} from './text.js';

const DRAFT = '0b0e7c2e-3c55-4a8e-9b1a-7d1f0e4c2a11';
const BAD = { nul: 'a\u0000b', high: 'team \ud800', low: '\udc00 team', reversed: '\udc00\ud800' };

describe('isStorableText', () => {
  it.each(Object.entries(BAD))('refuses %s', (_label, text) => {
    expect(isStorableText(text)).toBe(false);
  });

  it('accepts paired surrogates (emoji), accents, other control characters and non-characters', () => {
    expect(isStorableText('Team 🏈 Zoë 中 \t\u0001\ufffe')).toBe(true);
  });
});

/** Each text field of each request schema: a valid request, and the field's label in the message. */
const FIELDS: Array<[string, z.ZodType, Record<string, unknown>, string, string]> = [
  ['login', loginRequestSchema, { email: 'a@b.co', password: 'secret1' }, 'email', 'Email'],
  ['login', loginRequestSchema, { email: 'a@b.co', password: 'secret1' }, 'password', 'Password'],
  [
    'register',
    registerRequestSchema,
    { username: 'ann', email: 'a@b.co', password: 'secret1' },
    'email',
    'Email',
  ],
  [
    'register',
    registerRequestSchema,
    { username: 'ann', email: 'a@b.co', password: 'secret1' },
    'username',
    'Username',
  ],
  [
    'profile',
    updateProfileRequestSchema,
    { newPassword: 'secret2', currentPassword: 'x' },
    'currentPassword',
    'Current password',
  ],
  ['create team', createTeamRequestSchema, { name: 'A', teamNumber: 1 }, 'name', 'Team name'],
  ['update team', updateTeamRequestSchema, { name: 'A' }, 'name', 'Team name'],
  ['create draft', createDraftRequestSchema, { name: 'D' }, 'name', 'Draft name'],
  ['update draft', updateDraftRequestSchema, { name: 'D' }, 'name', 'Draft name'],
  ['nominate', nominateRequestSchema, { draftId: DRAFT, playerId: '4046' }, 'playerId', 'playerId'],
  [
    'assign',
    assignPlayerRequestSchema,
    { draftId: DRAFT, teamId: DRAFT, playerId: '4046', cost: 1 },
    'playerId',
    'playerId',
  ],
  ['update pick', updatePickRequestSchema, { playerName: 'Ann' }, 'playerName', 'Player name'],
  ['update pick', updatePickRequestSchema, { nflTeam: 'BUF' }, 'nflTeam', 'NFL team'],
  ['search', playerSearchQuerySchema, { q: 'allen' }, 'q', 'Search query'],
  ['chatMessage', chatMessagePayloadSchema, { draftId: DRAFT, message: 'hi' }, 'message', 'Message'],
  [
    'bidOnPlayer',
    bidOnPlayerPayloadSchema,
    { draftId: DRAFT, playerId: '4046', bidAmount: 2 },
    'playerId',
    'playerId',
  ],
];

describe('every text a request carries refuses NUL and unpaired surrogates, naming the field', () => {
  it.each(FIELDS)('%s: %s', (_request, schema, valid, field, label) => {
    expect(schema.safeParse(valid).success).toBe(true);
    for (const bad of Object.values(BAD)) {
      const result = schema.safeParse({ ...valid, [field]: bad });
      expect(result.success).toBe(false);
      expect(firstIssueMessage(result.error!)).toBe(unstorableTextMessage(label));
    }
  });

  it('path parameters and the socket token too', () => {
    for (const bad of Object.values(BAD)) {
      expect(playerProviderIdSchema.safeParse(bad).success).toBe(false);
      expect(textSchema('provider').safeParse(bad).success).toBe(false);
      expect(authenticatePayloadSchema.safeParse(bad).success).toBe(false);
      expect(authenticatePayloadSchema.safeParse({ token: bad }).success).toBe(false);
    }
  });

  it('names the character even when the text is also too long', () => {
    const result = createTeamRequestSchema.safeParse({ name: `${'x'.repeat(100_000)}\u0000`, teamNumber: 1 });
    expect(firstIssueMessage(result.error!)).toBe(unstorableTextMessage('Team name'));
  });
});

/** Texts that render as nothing: zero-width space, non-joiner, joiner, word joiner, soft hyphen, BOM, variation
 * selector, Hangul filler, with spaces and an ideographic space around them. */
const INVISIBLE = [
  '\u200b',
  ' \u200c\u200d ',
  '\u2060\u00ad',
  '\ufeff\ufe0f',
  '\u3164',
  '\u3000\u200b\u3000',
];

describe('hasVisibleText', () => {
  it.each(INVISIBLE.map((text) => [JSON.stringify(text), text]))('%s has nothing to see', (_label, text) => {
    expect(hasVisibleText(text)).toBe(false);
  });

  it('anything that renders counts, with or without invisible characters around it', () => {
    for (const text of ['a', '\u200bBob\u200b', '🏈', '中', 'é', '\u0301e', '_', '.']) {
      expect(hasVisibleText(text)).toBe(true);
    }
  });
});

/** The required names and messages, each with its "required" message. */
const REQUIRED: Array<[string, z.ZodType, Record<string, unknown>, string, string]> = [
  ['create team', createTeamRequestSchema, { name: 'A', teamNumber: 1 }, 'name', 'Team name is required'],
  ['update team', updateTeamRequestSchema, { name: 'A' }, 'name', 'Team name is required'],
  ['create draft', createDraftRequestSchema, { name: 'D' }, 'name', 'Draft name is required'],
  ['update draft', updateDraftRequestSchema, { name: 'D' }, 'name', 'Draft name is required'],
  ['update pick', updatePickRequestSchema, { playerName: 'Ann' }, 'playerName', 'Player name is required'],
  ['update pick', updatePickRequestSchema, { nflTeam: 'BUF' }, 'nflTeam', 'NFL team is required'],
  [
    'chatMessage',
    chatMessagePayloadSchema,
    { draftId: DRAFT, message: 'hi' },
    'message',
    'Message cannot be empty',
  ],
];

describe('a required name or message of invisible characters only is refused as empty', () => {
  it.each(REQUIRED)('%s: %s', (_request, schema, valid, field, required) => {
    expect(schema.safeParse(valid).success).toBe(true);
    for (const invisible of INVISIBLE) {
      const result = schema.safeParse({ ...valid, [field]: invisible });
      expect(result.success).toBe(false);
      expect(firstIssueMessage(result.error!)).toBe(required);
    }
    // Visible text with invisible characters around it is kept as sent (trimmed of whitespace only).
    const kept = schema.safeParse({ ...valid, [field]: ' \u200bBo\u200b ' });
    expect(kept.success).toBe(true);
    expect((kept.data as Record<string, unknown>)[field]).toBe('\u200bBo\u200b');
  });
});

/** Names with a control character inside: C0 (line breaks, tab, escape), DEL, C1 (NEXT LINE, CSI), bidi controls. */
const CONTROLLED = [
  'Line\nBreak',
  'a\r\nX-Injected: 1',
  'Sh\tarks',
  'Esc\u001b[31mRed',
  'Del\u007fete',
  'Next\u0085Line',
  'C1\u009bControl',
  'Right\u202eskrahs', // right-to-left override
  '\u202aEmbedded\u202c', // left-to-right embedding, pop
  'Iso\u2066late\u2069', // left-to-right isolate, pop
  'First\u2068strong\u2067', // first strong isolate, right-to-left isolate
  '\u001fUnit',
];

describe('hasNoControlCharacters', () => {
  it.each(CONTROLLED.map((text) => [JSON.stringify(text), text]))('%s holds one', (_label, text) => {
    expect(hasNoControlCharacters(text)).toBe(false);
  });

  it('everything else is no control character: spaces, invisible and bidi marks, emoji, non-Latin text', () => {
    for (const text of [
      'Sharks',
      'Red  Zone',
      '\u00a0\u3000',
      '\u200b\u200e\u200f\u061c',
      '🏈',
      'דג',
      '\u00a0\u00ad',
    ]) {
      expect(hasNoControlCharacters(text)).toBe(true);
    }
  });
});

/** The names: team, draft, username (register and profile); each with a valid body and the field's label. */
const NAMES: Array<[string, z.ZodType, Record<string, unknown>, string, string]> = [
  ['create team', createTeamRequestSchema, { name: 'A', teamNumber: 1 }, 'name', 'Team name'],
  ['update team', updateTeamRequestSchema, { name: 'A' }, 'name', 'Team name'],
  ['create draft', createDraftRequestSchema, { name: 'D' }, 'name', 'Draft name'],
  ['update draft', updateDraftRequestSchema, { name: 'D' }, 'name', 'Draft name'],
  [
    'register',
    registerRequestSchema,
    { username: 'ann', email: 'a@b.co', password: 'secret1' },
    'username',
    'Username',
  ],
  ['profile', updateProfileRequestSchema, { username: 'ann' }, 'username', 'Username'],
];

describe('a name holding a control character is refused, naming the field', () => {
  it.each(NAMES.map(([request, ...rest]) => [`${request}: ${rest[2]}`, ...rest] as const))(
    '%s',
    (_name, schema, valid, field, label) => {
      expect(schema.safeParse(valid).success).toBe(true);
      for (const bad of CONTROLLED) {
        const result = schema.safeParse({ ...valid, [field]: bad });
        expect(result.success).toBe(false);
        expect(firstIssueMessage(result.error!)).toBe(controlCharactersMessage(label));
        expect(result.error!.issues).toHaveLength(1);
      }
      // Even when it is also too long; NUL keeps its own message.
      const long = schema.safeParse({ ...valid, [field]: `${'x'.repeat(200)}\n` + 'x' });
      expect(firstIssueMessage(long.error!)).toBe(controlCharactersMessage(label));
      const nul = schema.safeParse({ ...valid, [field]: 'a\u0000b' });
      expect(firstIssueMessage(nul.error!)).toBe(unstorableTextMessage(label));
    },
  );

  it('says so in words', () => {
    expect(controlCharactersMessage('Team name')).toBe('Team name cannot contain control characters');
  });

  it('trims tabs and line breaks at the ends as whitespace, as before', () => {
    expect(createTeamRequestSchema.parse({ name: '\t Hawks\r\n', teamNumber: 1 }).name).toBe('Hawks');
    expect(createDraftRequestSchema.parse({ name: '\nSunday Draft\t' }).name).toBe('Sunday Draft');
  });

  it('leaves chat messages and the other texts alone: a message may hold a line break or a tab', () => {
    const message = 'first line\nsecond\tline \u202eok';
    const chat = chatMessagePayloadSchema.safeParse({ draftId: DRAFT, message });
    expect(chat.success).toBe(true);
    expect(chat.data!.message).toBe(message);
    expect(loginRequestSchema.safeParse({ email: 'a@b.co', password: 'tab\tpass' }).success).toBe(true);
  });
});
