import type { Draft } from '@auction/contracts';
import { useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useGetDraftsQuery, useGetTeamsQuery, useStartDraftMutation } from '../../shared/api/index.js';
import { Button, Card, LoadingState, PageHeader } from '../../shared/ui/index.js';
import type { AdminDialog } from './admin-dialog.js';
import { useGetPlayerStatsQuery } from './api/player-stats.api.js';
import { computeAdminStats } from './admin-stats.js';
import { AdminDialogs } from './components/admin-dialogs.js';
import { DraftManagement } from './components/draft-management.js';
import { QuickActions } from './components/quick-actions.js';
import { SystemStats } from './components/system-stats.js';
import { TeamManagement } from './components/team-management.js';
import { usePlayerSync } from './use-player-sync.js';

export { SYNC_FAILED_TOAST, syncCompletedToast } from './player-sync-text.js';
export const DRAFT_STARTED_TOAST = 'Draft started successfully';

export function AdminDashboardPage() {
  const draftsQuery = useGetDraftsQuery();
  const teamsQuery = useGetTeamsQuery();
  const [startDraft, startState] = useStartDraftMutation();
  const [syncPlayers, sync] = usePlayerSync();
  // "Last synced …" on the Sync Players card; refetched after every sync (its tag is invalidated).
  const playerStats = useGetPlayerStatsQuery();
  const [dialog, setDialog] = useState<AdminDialog | null>(null);

  const drafts = useMemo(() => draftsQuery.data ?? [], [draftsQuery.data]);
  const teams = useMemo(() => teamsQuery.data ?? [], [teamsQuery.data]);
  const stats = useMemo(() => computeAdminStats(drafts, teams), [drafts, teams]);

  // docs/product.md §8.4 (Failure toasts): a failed admin data load is logged only (the central error toast has already
  // shown).
  useEffect(() => {
    if (draftsQuery.error) console.error('Failed to load drafts', draftsQuery.error);
  }, [draftsQuery.error]);
  useEffect(() => {
    if (teamsQuery.error) console.error('Failed to load teams', teamsQuery.error);
  }, [teamsQuery.error]);

  const start = async (draft: Draft) => {
    try {
      await startDraft(draft._id).unwrap();
      toast.success(DRAFT_STARTED_TOAST);
    } catch (error) {
      // docs/product.md §8.4 (Failure toasts): logged only; the central error toast already told the admin.
      console.error('Failed to start draft', error);
    }
  };

  const loading = draftsQuery.isLoading || teamsQuery.isLoading;

  return (
    <div className="space-y-6">
      <PageHeader title="Admin Dashboard" subtitle="Manage drafts, teams, and system settings" />

      <QuickActions
        onCreateDraft={() => setDialog({ kind: 'createDraft' })}
        onCreateTeam={() => setDialog({ kind: 'createTeam' })}
        onSyncPlayers={syncPlayers}
        syncing={sync.running}
        syncProgress={sync.progress}
        lastSyncedAt={playerStats.data ? playerStats.data.lastSyncedAt : undefined}
      />

      {loading ? (
        <LoadingState label="Loading admin data..." />
      ) : (
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="space-y-6 lg:col-span-2">
            {draftsQuery.isError ? (
              <LoadFailed title="Draft Management" what="drafts" onRetry={() => void draftsQuery.refetch()} />
            ) : (
              <DraftManagement
                drafts={drafts}
                startingDraftId={startState.isLoading ? startState.originalArgs : null}
                onStart={(draft) => void start(draft)}
                onAssignTeams={(draft) => setDialog({ kind: 'assignTeams', draftId: draft._id })}
                onKeepers={(draft) => setDialog({ kind: 'keepers', draftId: draft._id })}
                onDelete={(draft) => setDialog({ kind: 'deleteDraft', draftId: draft._id })}
              />
            )}
            {teamsQuery.isError ? (
              <LoadFailed title="Team Management" what="teams" onRetry={() => void teamsQuery.refetch()} />
            ) : (
              <TeamManagement
                teams={teams}
                onAssignOwner={(team) => setDialog({ kind: 'assignOwner', teamId: team._id })}
              />
            )}
          </div>
          <div className="lg:sticky lg:top-6 lg:self-start">
            <SystemStats stats={stats} />
          </div>
        </div>
      )}

      <AdminDialogs dialog={dialog} drafts={drafts} teams={teams} onClose={() => setDialog(null)} />
    </div>
  );
}

/** A list that could not be loaded offers a retry instead of claiming there is nothing to show. */
function LoadFailed({ title, what, onRetry }: { title: string; what: string; onRetry: () => void }) {
  return (
    <Card title={title} aria-label={title}>
      <div className="flex flex-col items-center gap-3 py-6 text-center">
        <p className="text-sm text-slate-600">The {what} could not be loaded.</p>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Retry
        </Button>
      </div>
    </Card>
  );
}
