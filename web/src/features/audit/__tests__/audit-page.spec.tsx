import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { AuditEvent, ReplayData, ReplayTeam, VerifyData } from '@auction/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, installFakeApi, ok, type FakeCall } from '../../../test/fake-api.js';
import { renderRoutes } from '../../../test/render-with-app.js';
import { AuditPage } from '../audit-page.js';

const DRAFT = '11111111-1111-4111-8111-111111111111';
/** Another draft, whose log cannot be read. */
const OTHER_DRAFT = '44444444-4444-4444-8444-444444444444';
const HAWKS = { _id: '22222222-2222-4222-8222-222222222222', name: 'Hawks', teamNumber: 1 };
const BEARS = { _id: '33333333-3333-4333-8333-333333333333', name: 'Bears', teamNumber: 2 };

function event(streamVersion: number, type: string, data: Record<string, unknown>): AuditEvent {
  return {
    globalPosition: String(100 + streamVersion),
    streamVersion,
    type,
    data,
    actor: { id: 'u1', username: 'admin' },
    commandId: null,
    recordedAt: '2026-01-01T12:00:00.000Z',
    hash: 'h',
  };
}

const EVENTS: AuditEvent[] = [
  event(1, 'DraftCreated', { name: 'Sunday' }),
  event(2, 'DraftTeamsAssigned', { teamIds: [HAWKS._id, BEARS._id] }),
  event(3, 'PlayerNominated', { nominatedBy: HAWKS._id, playerName: 'Jahmyr Gibbs', openingBid: 1 }),
  event(4, 'BidPlaced', { teamId: BEARS._id, amount: 12 }),
  event(5, 'AuctionCompleted', { winnerTeamId: BEARS._id, winningBid: 12 }),
];

function team(ref: typeof HAWKS, spent: number, roster: ReplayTeam['roster'] = []): ReplayTeam {
  return {
    team: ref,
    budget: { total: 200, spent, remaining: 200 - spent, maxBid: 200 - spent - 14 },
    slots: { total: 15, filled: roster.length, open: 15 - roster.length },
    roster,
  };
}

function replayAt(at: number, status: ReplayData['status'] = 'active'): ReplayData {
  const sold = at >= 5;
  return {
    draftId: DRAFT,
    at,
    lastVersion: 5,
    event: {
      type: EVENTS[at - 1]!.type,
      globalPosition: String(100 + at),
      recordedAt: '2026-01-01T12:00:00.000Z',
    },
    name: 'Sunday League',
    status,
    deleted: false,
    currentRound: 1,
    currentTeamTurn: null,
    settings: { teamsCount: 2, playersPerTeam: 15, budgetPerTeam: 200 },
    auction: null,
    teams: [
      team(HAWKS, 0),
      team(
        BEARS,
        sold ? 12 : 0,
        sold
          ? [
              {
                pickId: 'p1',
                pickNumber: 1,
                playerId: '1',
                playerName: 'Jahmyr Gibbs',
                position: 'RB',
                nflTeam: 'DET',
                cost: 12,
              },
            ]
          : [],
      ),
    ],
    picks: [],
  };
}

let status: ReplayData['status'];
let verify: VerifyData;
let api: ReturnType<typeof installFakeApi>;

function answer(call: FakeCall) {
  if (call.path === `/drafts/${DRAFT}/events`) {
    return ok({ draftId: DRAFT, events: EVENTS, nextAfter: null, hasMore: false, total: 5 });
  }
  if (call.path === `/drafts/${DRAFT}/replay`) {
    return ok(replayAt(call.params?.['at'] ? Number(call.params['at']) : 5, status));
  }
  if (call.path === `/drafts/${DRAFT}/verify`) return ok(verify);
  if (call.path.startsWith(`/drafts/${OTHER_DRAFT}/`)) return fail(500, 'database down');
  return fail(404, 'Not found');
}

beforeEach(() => {
  status = 'active';
  verify = { draftId: DRAFT, ok: true, events: 5, brokenAt: null, reason: null };
  api = installFakeApi(answer);
});

afterEach(() => {
  cleanup();
  api.restore();
});

function renderAudit() {
  return renderRoutes([{ path: '/admin/drafts/:draftId/audit', element: <AuditPage /> }], {
    path: `/admin/drafts/${DRAFT}/audit`,
  });
}

const replayCalls = () =>
  api.calls
    .filter((call) => call.path === `/drafts/${DRAFT}/replay`)
    .map((call) => call.params?.['at'] ?? 'latest');
const timelineRows = () => within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');

describe('AuditPage', () => {
  it('lists every event, then filters by event type and by team', async () => {
    renderAudit();
    await screen.findByRole('heading', { name: 'Audit: Sunday League' });
    await waitFor(() => expect(timelineRows()).toHaveLength(5));
    expect(screen.getByText('Bears bid $12')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Event type'), { target: { value: 'BidPlaced' } });
    expect(timelineRows().map((row) => row.getAttribute('aria-label'))).toEqual(['Event 4']);

    fireEvent.change(screen.getByLabelText('Event type'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Team'), { target: { value: HAWKS._id } });
    expect(timelineRows().map((row) => row.getAttribute('aria-label'))).toEqual(['Event 2', 'Event 3']);
    expect(screen.getByRole('heading', { name: 'Timeline (2 of 5 events)' })).toBeInTheDocument();
  });

  it('steps the scrubber back and forward, replaying at each stream version', async () => {
    renderAudit();
    const slider = await screen.findByLabelText('Event number');
    expect(slider).toHaveValue('5');
    expect(screen.getByRole('img', { name: 'Spend by team: Hawks $0, Bears $12' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Step forward' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Step back' }));
    expect(slider).toHaveValue('4');
    await waitFor(() => expect(replayCalls()).toEqual(['latest', '4']));
    await screen.findByRole('img', { name: 'Spend by team: Hawks $0, Bears $0' });
    expect(screen.getByRole('img', { name: 'Spend by position: nothing spent yet' })).toBeInTheDocument();
    expect(screen.getByText('Event 4 of 5 · BidPlaced')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Step back' }));
    await waitFor(() => expect(replayCalls()).toEqual(['latest', '4', '3']));
    fireEvent.click(screen.getByRole('button', { name: 'Step forward' }));
    fireEvent.click(screen.getByRole('button', { name: 'Step forward' }));
    await screen.findByRole('img', { name: 'Spend by position: RB $12' });
    expect(
      within(screen.getByRole('listitem', { name: 'Bears' })).getByText('$188 left of $200'),
    ).toBeInTheDocument();

    fireEvent.change(slider, { target: { value: '2' } });
    await waitFor(() => expect(replayCalls().at(-1)).toBe('2'));
    fireEvent.click(screen.getByRole('button', { name: 'Replay to event 3' }));
    expect(slider).toHaveValue('3');
  });

  it('shows a verified chain as a badge', async () => {
    renderAudit();
    expect(await screen.findByText('Chain verified · 5 events')).toBeInTheDocument();
  });

  it('names the first tampered event', async () => {
    verify = {
      draftId: DRAFT,
      ok: false,
      events: 5,
      brokenAt: { streamVersion: 3, globalPosition: '103' },
      reason: 'hash mismatch',
    };
    renderAudit();
    expect(await screen.findByText('Tampered at event #3')).toBeInTheDocument();
    expect(screen.queryByText(/Chain verified/)).not.toBeInTheDocument();
  });

  it('offers Download CSV only for a completed draft', async () => {
    renderAudit();
    await screen.findByRole('heading', { name: 'Audit: Sunday League' });
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
    cleanup();
    status = 'completed';
    renderAudit();
    expect(await screen.findByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
  });

  it('says so when the log cannot be read', async () => {
    api.restore();
    api = installFakeApi(() => fail(404, 'Draft not found'));
    renderAudit();
    expect(await screen.findByText("This draft's log could not be read")).toBeInTheDocument();
  });

  it('names the event a tampered log cannot be replayed past, next to the chain verdict', async () => {
    const refused =
      "Event 3 is missing from this draft's log: it was changed outside the application (verify says where)";
    verify = {
      draftId: DRAFT,
      ok: false,
      events: 5,
      brokenAt: { streamVersion: 3, globalPosition: null },
      reason: 'x',
    };
    api.restore();
    api = installFakeApi((call) =>
      call.path === `/drafts/${DRAFT}/replay` ? fail(409, refused) : answer(call),
    );
    renderAudit();
    expect(await screen.findByText("This draft's log cannot be replayed")).toBeInTheDocument();
    expect(screen.getByText(refused)).toBeInTheDocument();
    expect(await screen.findByText('Tampered at event #3')).toBeInTheDocument();
  });

  it("moves to another draft's audit without showing the previous draft's log under it", async () => {
    const { router } = renderAudit();
    await screen.findByRole('heading', { name: 'Audit: Sunday League' });
    await act(async () => {
      await router.navigate(`/admin/drafts/${OTHER_DRAFT}/audit`);
    });
    expect(await screen.findByText("This draft's log could not be read")).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Audit: Sunday League' })).not.toBeInTheDocument();
  });
});
