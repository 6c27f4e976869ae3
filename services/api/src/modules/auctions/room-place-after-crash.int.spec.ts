import { describe, expect, it } from '@jest/globals';
import { ROOM_SOCKETS_PER_USER_MAX, TOO_MANY_ROOM_SOCKETS_MESSAGE } from '@auction/contracts';
import type { Socket } from 'socket.io-client';
import { apiProcessSuite } from '../../test-support/api-process.js';
import { joinedDraftRoom, signedInSocket } from '../../test-support/socket-client.js';
import { createLeague } from './__tests__/auction-test-kit.js';

const suite = apiProcessSuite();

/** What `socket` answers a join with: 'joined', or the error's message. */
function joinAnswer(socket: Socket, payload: Record<string, unknown>): Promise<string> {
  return new Promise((resolve) => {
    const settle = (answer: string) => {
      socket.off('draftJoined', onJoined).off('error', onError);
      resolve(answer);
    };
    const onJoined = () => settle('joined');
    const onError = (error: { message: string }) => settle(error.message);
    socket.on('draftJoined', onJoined).on('error', onError);
    socket.emit('joinDraft', payload);
  });
}

describe('a tab that reconnects after its instance was killed takes its own place in the room (docs/product.md §14)', () => {
  it('all ten tabs get back in on another instance at once, the cap still holds, and the room hears nothing', async () => {
    const first = await suite.start();
    const second = await suite.start();
    const league = await createLeague(first, { prefix: 'crashtabs', start: false });
    const [tabUser, neighbour] = league.users;

    const { socket: watcher } = await joinedDraftRoom(second.baseUrl, neighbour!.token, league.draftId);
    suite.keep(watcher);
    const heard: string[] = [];
    watcher.on('userJoined', (event: { username: string }) => heard.push(`joined ${event.username}`));
    watcher.on('userLeft', (event: { username: string }) => heard.push(`left ${event.username}`));

    const tabs: Socket[] = [];
    for (let i = 0; i < ROOM_SOCKETS_PER_USER_MAX; i += 1) {
      tabs.push((await joinedDraftRoom(first.baseUrl, tabUser!.token, league.draftId)).socket);
    }
    suite.keep(...tabs);
    const previousIds = tabs.map((tab) => tab.id!);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toEqual([`joined ${tabUser!.user.username}`]);

    // kill -9: the instance never says its sockets are gone, so they stay present until their expiry (a minute).
    await first.kill('SIGKILL');
    const reconnected = await Promise.all(
      previousIds.map(() => signedInSocket(second.baseUrl, tabUser!.token)),
    );
    suite.keep(...reconnected);
    // Without naming the connection it replaces, a tab counts the dead ones too: the room is full.
    expect(await joinAnswer(reconnected[0]!, { draftId: league.draftId })).toBe(
      TOO_MANY_ROOM_SOCKETS_MESSAGE,
    );
    // Naming it, every tab gets back in, all at once.
    const answers = await Promise.all(
      reconnected.map((socket, i) =>
        joinAnswer(socket, { draftId: league.draftId, replaces: previousIds[i] }),
      ),
    );
    expect(answers).toEqual(previousIds.map(() => 'joined'));

    // The cap counts the live tabs now: an eleventh is refused, even naming a connection already replaced.
    const eleventh = await signedInSocket(second.baseUrl, tabUser!.token);
    suite.keep(eleventh);
    expect(await joinAnswer(eleventh, { draftId: league.draftId, replaces: previousIds[0] })).toBe(
      TOO_MANY_ROOM_SOCKETS_MESSAGE,
    );

    // The neighbour saw the user present throughout: no userLeft, no second userJoined.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toEqual([`joined ${tabUser!.user.username}`]);
  }, 120_000);
});
