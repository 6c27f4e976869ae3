import { afterEach, describe, expect, it } from '@jest/globals';
import type { NominationQueueData, QueuedPlayer } from '@auction/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { installFakeApi, ok, type FakeCall } from '../../../test/fake-api.js';
import { makePlayer } from '../../../test/fixtures.js';
import { renderScreen } from '../../../test/render-with-app.js';
import { NominationQueuePanel } from '../components/nomination-queue-panel.js';

const DRAFT = '5d0c7c7e-1d3b-4c6a-9a6e-3f0b8b8f2a01';
const TEAM = '6e1d8d8f-2e4c-4d7b-8b7f-4a1c9c9a3b02';
const queued = (playerId: string, playerName: string, available = true): QueuedPlayer => ({
  playerId,
  playerName,
  position: 'RB',
  nflTeam: 'DET',
  available,
});
const gibbs = queued('9221', 'Jahmyr Gibbs');
const bijan = queued('9509', 'Bijan Robinson', false);
const chase = queued('9493', "Ja'Marr Chase");
const byId = new Map([gibbs, bijan, chase].map((player) => [player.playerId, player]));

let fake: ReturnType<typeof installFakeApi> | null = null;

afterEach(() => {
  cleanup();
  fake?.restore();
});

/** A server that keeps the queue it is sent. */
function serve(initial: QueuedPlayer[]) {
  let players = initial;
  const answer = (): NominationQueueData => ({ draftId: DRAFT, teamId: TEAM, players });
  fake = installFakeApi((call: FakeCall) => {
    if (call.method === 'PUT') {
      const { playerIds } = call.body as { playerIds: string[] };
      players = playerIds.map((id) => byId.get(id) ?? queued(id, `Player ${id}`));
    }
    return ok(answer());
  });
  return fake;
}

const puts = () => fake!.calls.filter((call) => call.method === 'PUT').map((call) => call.body);
const names = () => within(screen.getByRole('list', { name: 'Nomination queue' })).getAllByRole('listitem');

describe('NominationQueuePanel', () => {
  it("reads the team's queue and marks players already drafted", async () => {
    serve([gibbs, bijan]);
    renderScreen(<NominationQueuePanel draftId={DRAFT} teamId={TEAM} candidate={null} />);
    await waitFor(() => expect(names()).toHaveLength(2));
    expect(fake!.calls[0]).toMatchObject({
      method: 'GET',
      path: `/drafts/${DRAFT}/queue`,
      params: { teamId: TEAM },
    });
    expect(names()[1]).toHaveTextContent('drafted');
  });

  it('adds the selected player, reorders with the buttons and by drag and drop, and removes', async () => {
    serve([gibbs, bijan]);
    const candidate = makePlayer({ playerId: chase.playerId, name: chase.playerName });
    renderScreen(<NominationQueuePanel draftId={DRAFT} teamId={TEAM} candidate={candidate} />);
    await waitFor(() => expect(names()).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: `Queue ${chase.playerName}` }));
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(puts()[0]).toEqual({ teamId: TEAM, playerIds: ['9221', '9509', '9493'] });

    fireEvent.click(screen.getByRole('button', { name: `Move ${chase.playerName} up` }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]).toEqual({ teamId: TEAM, playerIds: ['9221', '9493', '9509'] });

    await waitFor(() => expect(names()[1]).toHaveTextContent(chase.playerName));
    fireEvent.dragStart(names()[2]!);
    fireEvent.dragOver(names()[0]!);
    fireEvent.drop(names()[0]!);
    await waitFor(() => expect(puts()).toHaveLength(3));
    expect(puts()[2]).toEqual({ teamId: TEAM, playerIds: ['9509', '9221', '9493'] });

    await waitFor(() => expect(names()[0]).toHaveTextContent(bijan.playerName));
    fireEvent.click(screen.getByRole('button', { name: `Remove ${gibbs.playerName} from the queue` }));
    await waitFor(() => expect(puts()).toHaveLength(4));
    expect(puts()[3]).toEqual({ teamId: TEAM, playerIds: ['9509', '9493'] });
  });
});
