import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { chatMessageEventSchema, chatRateLimitedMessage, draftJoinedSchema } from '@auction/contracts';
import type { Socket } from 'socket.io-client';
import { startTestApp, type TestApp, type TestUser } from '../../test-support/app-harness.js';
import { joinedDraftRoom, nextEvent } from '../../test-support/socket-client.js';
import { poolOf } from '../teams/__tests__/league-test-kit.js';
import { createLeague, eventually, type League } from './__tests__/auction-test-kit.js';

/** 20 messages per user per window here (the default is 5 per 5 s), so one burst of 20 fits and the 21st does not. */
const LIMIT = 20;
const WINDOW_MS = 60_000;

let t: TestApp;
let league: League;
const sockets: Socket[] = [];

async function joinAs(user: TestUser): Promise<{ socket: Socket; history: string[] }> {
  const { socket, joined } = await joinedDraftRoom(t.baseUrl, user.token, league.draftId);
  sockets.push(socket);
  const { chatHistory } = draftJoinedSchema.parse(joined);
  return { socket, history: chatHistory.map((entry) => entry.message) };
}

beforeAll(async () => {
  t = await startTestApp({ env: { CHAT_RATE_LIMIT: String(LIMIT), CHAT_RATE_WINDOW_MS: String(WINDOW_MS) } });
  league = await createLeague(t, { prefix: 'chat', teams: 2 });
}, 60_000);

afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await t?.close();
});

describe('chat from one socket', () => {
  const sent = Array.from({ length: LIMIT }, (_, index) => `m${index + 1}`);

  it('keeps the send order of 20 back-to-back messages in the room and in the stored history', async () => {
    const { socket: sender } = await joinAs(league.users[0]!);
    const { socket: reader } = await joinAs(league.users[1]!);
    const received: string[] = [];
    reader.on('chatMessage', (payload: unknown) =>
      received.push(chatMessageEventSchema.parse(payload).message),
    );

    for (const message of sent) sender.emit('chatMessage', { draftId: league.draftId, message });

    await eventually(
      async () => received.length,
      (count) => count === sent.length,
    );
    expect(received).toEqual(sent);
    const { history } = await joinAs(league.users[1]!);
    expect(history).toEqual(sent);
    const stored = await poolOf(t).query<{ message: string }>(
      'SELECT message FROM chat_messages WHERE draft_id = $1 ORDER BY created_at, id',
      [league.draftId],
    );
    expect(stored.rows.map((row) => row.message)).toEqual(sent);
  });

  it('refuses a user over the limit on every socket with a clear error, storing nothing, and not other users', async () => {
    const { socket: again } = await joinAs(league.users[0]!);
    const refused = nextEvent<{ message: string }>(again, 'error');
    again.emit('chatMessage', { draftId: league.draftId, message: 'one too many' });
    const { message } = await refused;
    expect(message).toMatch(/^You are sending messages too fast\. Please wait \d+ seconds?\.$/);
    const waitSeconds = Number(/wait (\d+)/.exec(message)![1]);
    expect(waitSeconds).toBeGreaterThan(0);
    expect(waitSeconds).toBeLessThanOrEqual(WINDOW_MS / 1000);
    expect(message).toBe(chatRateLimitedMessage(waitSeconds));

    const { socket: other } = await joinAs(league.users[1]!);
    const delivered = nextEvent<unknown>(other, 'chatMessage');
    other.emit('chatMessage', { draftId: league.draftId, message: 'still allowed' });
    expect(chatMessageEventSchema.parse(await delivered).message).toBe('still allowed');

    const stored = await poolOf(t).query<{ message: string }>('SELECT message FROM chat_messages');
    expect(stored.rows.map((row) => row.message)).not.toContain('one too many');
    expect(stored.rows).toHaveLength(LIMIT + 1);
  });
});

describe('chat in a deleted draft', () => {
  it('is refused with Draft not found to a socket that joined before the deletion, storing nothing', async () => {
    const gone = await createLeague(t, { prefix: 'chatgone', teams: 1 });
    const { socket } = await joinedDraftRoom(t.baseUrl, gone.users[0]!.token, gone.draftId);
    sockets.push(socket);
    const deleted = await t.request('DELETE', `/api/drafts/${gone.draftId}`, { token: gone.admin.token });
    expect(deleted.status).toBe(200);
    const refused = nextEvent<{ message: string }>(socket, 'error');
    socket.emit('chatMessage', { draftId: gone.draftId, message: 'anyone there?' });
    expect(await refused).toEqual({ message: 'Draft not found' });
    const { rows } = await poolOf(t).query<{ n: number }>(
      'SELECT count(*)::int AS n FROM chat_messages WHERE draft_id = $1',
      [gone.draftId],
    );
    expect(rows[0]!.n).toBe(0);
  });
});
