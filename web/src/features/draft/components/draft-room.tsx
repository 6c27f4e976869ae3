import type { Draft, DraftAuctionData, Player, Team, User } from '@auction/contracts';
import { Users } from 'lucide-react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useAppSelector } from '../../../app/hooks.js';
import { useGetDraftAuctionQuery } from '../api/auctions.api.js';
import { useGetDraftPicksQuery } from '../../../shared/api/draft-picks.api.js';
import { useGetTeamsQuery } from '../../../shared/api/teams.api.js';
import { Button } from '../../../shared/ui/button.js';
import { Modal } from '../../../shared/ui/modal.js';
import { useAlertPreferences } from '../alert-preferences.js';
import { RELOAD_AFTER_ASSIGN_MS } from '../assign-rules.js';
import { ownTeamId } from '../draft-turn.js';
import { useChatToggle } from '../use-chat-toggle.js';
import { useDraftAlerts } from '../use-draft-alerts.js';
import { useDraftChat } from '../use-draft-chat.js';
import { useDraftRoomLive } from '../use-draft-room-live.js';
import { showsAnotherDraft, teamsInDraft } from '../room-teams.js';
import { AdminRoomControls } from './admin-room-controls.js';
import { AlertToggles } from './alert-toggles.js';
import { AssignPlayerModal } from './assign-player-modal.js';
import { DraftChat } from './draft-chat.js';
import { DraftRoomHeader } from './draft-room-header.js';
import { LiveAuctionPanel } from './live-auction-panel.js';
import { NominationPanel } from './nomination-panel.js';
import { NominationQueuePanel } from './nomination-queue-panel.js';
import { PausedBanner } from './paused-banner.js';
import { RoomFullBanner } from './room-full-banner.js';
import { PlayerBrowser } from './player-browser.js';
import { TeamBudgets } from './team-budgets.js';
import { teamLabel } from '../../../shared/ui/team-label.js';

export interface DraftRoomProps {
  draft: Draft;
  currentUser: User | null;
  /**
   * How the page reloads after an admin assignment (docs/product.md §4.8 (The draft room in the browser): about 1
   * second later).
   */
  reloadPage?: () => void;
}

/** Until the auction snapshot is in (or when it cannot be read), the room shows the draft's own view of the turn. */
function fallbackAuctionData(draft: Draft): DraftAuctionData {
  return {
    auction: null,
    lastCompletedAuction: null,
    draftStatus: draft.status,
    currentTeamTurn: draft.currentTeamTurn,
    nominationDeadline: null,
    nominationTimeLeftMs: null,
    serverTime: '',
    version: draft.version,
  };
}

/**
 * The draft room (docs/product.md §2.6 (Draft room)): header, live auction, nomination, players, team budgets and
 * chat.
 */
export function DraftRoom({
  draft,
  currentUser,
  reloadPage = () => window.location.reload(),
}: DraftRoomProps) {
  const isAdmin = currentUser?.role === 'admin';
  const connected = useAppSelector((state) => state.live.status !== 'disconnected');
  const { data: auctionData = fallbackAuctionData(draft), refetch: refetchAuction } = useGetDraftAuctionQuery(
    draft._id,
  );
  // A status change (start, pause, resume, completion) changes the clocks: read the snapshot again. This also recovers
  // a snapshot that could not be read before the draft started.
  const seenStatus = useRef(draft.status);
  useEffect(() => {
    if (seenStatus.current === draft.status) return;
    seenStatus.current = draft.status;
    void refetchAuction();
  }, [draft.status, refetchAuction]);
  const { data: allTeams } = useGetTeamsQuery();
  const listedTeams = useMemo(() => {
    const ids = new Set(draft.teams.map((team) => team._id));
    return (allTeams ?? []).filter((team) => ids.has(team._id));
  }, [allTeams, draft.teams]);
  // A past draft's teams may play another draft now: their budgets and rosters then come from this draft's picks.
  const { data: draftPicks } = useGetDraftPicksQuery(
    listedTeams.some((team) => showsAnotherDraft(team, draft._id)) ? draft._id : skipToken,
  );
  const teams = useMemo(() => teamsInDraft(listedTeams, draft, draftPicks), [listedTeams, draft, draftPicks]);
  const ownId = ownTeamId(draft, currentUser?._id);
  const ownTeam = teams.find((team) => team._id === ownId) ?? null;
  const [chosenBidTeamId, setChosenBidTeamId] = useState<string | null>(null);
  const biddingTeam: Team | null =
    (isAdmin ? teams.find((team) => team._id === chosenBidTeamId) : null) ?? ownTeam;
  const [candidate, setCandidate] = useState<Player | null>(null);
  const [assignOpen, setAssignOpen] = useState(false);
  const [sidePanelsOpen, setSidePanelsOpen] = useState(false);
  const paused = draft.status === 'paused' || auctionData.draftStatus === 'paused';
  const playersPerTeam = draft.settings.playersPerTeam;

  const own = { id: currentUser?._id, username: currentUser?.username };
  const chat = useDraftChat(draft._id, own);
  const chatToggle = useChatToggle(chat.messages.at(-1)?._id);
  const live = useDraftRoomLive({
    draftId: draft._id,
    own,
    biddingTeamIds: biddingTeam ? [biddingTeam._id] : [],
  });

  const [alertPreferences, setAlertPreferences] = useAlertPreferences(currentUser?._id);
  useDraftAlerts({ draftId: draft._id, teamId: ownId, snapshot: auctionData, preferences: alertPreferences });

  const onAssigned = () => setTimeout(reloadPage, RELOAD_AFTER_ASSIGN_MS);

  const sidePanels = (
    <>
      <TeamBudgets
        teams={teams}
        playersPerTeam={playersPerTeam}
        ownTeamId={ownId}
        turnTeamId={draft.status === 'completed' ? null : (auctionData.currentTeamTurn?._id ?? null)}
        showKeepers={draft.status === 'created'}
      />
      <DraftChat
        messages={chat.messages}
        typingUsers={chat.typingUsers}
        collapsed={chatToggle.collapsed}
        hasNew={chatToggle.hasNew}
        onToggle={chatToggle.toggle}
        onSend={chat.send}
        onTyping={chat.signalTyping}
        connected={connected}
      />
    </>
  );

  const teamChooser =
    isAdmin && teams.length > 0 ? (
      <label className="flex items-center gap-2 text-sm text-slate-700">
        Bid for team
        <select
          value={biddingTeam?._id ?? ''}
          onChange={(event) => setChosenBidTeamId(event.target.value || null)}
          className="rounded-md border-0 py-1 pr-8 pl-2 text-sm ring-1 ring-slate-300 ring-inset"
        >
          <option value="">-- Select a team --</option>
          {teams.map((team) => (
            <option key={team._id} value={team._id}>
              {teamLabel(team)}
            </option>
          ))}
        </select>
      </label>
    ) : undefined;

  return (
    <div className="space-y-6">
      <DraftRoomHeader
        // Whose turn: the room's live view (a sale's auctionCompleted moves it at once), as the panels show it.
        draft={{ ...draft, currentTeamTurn: auctionData.currentTeamTurn }}
        currentUserId={currentUser?._id}
        actions={
          isAdmin && <AdminRoomControls draft={draft} paused={paused} onAssign={() => setAssignOpen(true)} />
        }
      />
      {ownId && <AlertToggles preferences={alertPreferences} onChange={setAlertPreferences} />}
      {live.roomFull && <RoomFullBanner onRetry={live.retryJoin} />}
      {paused && <PausedBanner />}
      <div className="lg:hidden">
        <Button
          variant="secondary"
          icon={<Users aria-hidden="true" className="size-4" />}
          onClick={() => setSidePanelsOpen(true)}
        >
          View Teams & Chat
        </Button>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <div className="grid gap-6 md:grid-cols-2">
            <LiveAuctionPanel
              auction={auctionData.auction}
              lastCompleted={auctionData.lastCompletedAuction}
              paused={paused}
              draftStatus={auctionData.draftStatus}
              biddingTeam={biddingTeam}
              teams={teams}
              playersPerTeam={playersPerTeam}
              teamChooser={teamChooser}
            />
            <NominationPanel
              draftId={draft._id}
              auctionData={auctionData}
              paused={paused}
              ownTeam={ownTeam}
              isAdmin={isAdmin}
              teams={teams}
              playersPerTeam={playersPerTeam}
              candidate={candidate}
              onClearCandidate={() => setCandidate(null)}
            />
          </div>
          {ownTeam && draft.status !== 'completed' && (
            <NominationQueuePanel
              draftId={draft._id}
              teamId={ownTeam._id}
              candidate={candidate}
              refreshKey={`${draft.status}:${draft.totalPicks}:${auctionData.auction?._id ?? ''}`}
            />
          )}
          <PlayerBrowser draftId={draft._id} onSelect={setCandidate} />
        </div>
        <aside
          aria-label="Teams and chat"
          className="hidden space-y-6 lg:sticky lg:top-24 lg:block lg:self-start"
        >
          {!sidePanelsOpen && sidePanels}
        </aside>
      </div>
      {sidePanelsOpen && (
        <Modal title="Teams & Chat" onClose={() => setSidePanelsOpen(false)}>
          <div className="space-y-6">{sidePanels}</div>
        </Modal>
      )}
      {assignOpen && (
        <AssignPlayerModal
          draftId={draft._id}
          teams={teams}
          playersPerTeam={playersPerTeam}
          onClose={() => setAssignOpen(false)}
          onAssigned={onAssigned}
        />
      )}
    </div>
  );
}
