import type { PlayerSyncProgress } from '@auction/contracts';
import { Activity, ClipboardList, Trophy, UsersRound } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { ActionContent, CARD_CLASSES, type ActionContentProps } from './action-content.js';
import { SyncPlayersCard } from './sync-players-card.js';

type CardContent = Omit<ActionContentProps, 'titleId' | 'captionId'>;

/** The card's name is its title alone (the caption describes it), so `getByRole('button', { name })` stays short. */
function ActionButton({ onClick, ...content }: CardContent & { onClick: () => void }) {
  const titleId = useId();
  const captionId = useId();
  return (
    <button
      type="button"
      onClick={onClick}
      aria-labelledby={titleId}
      aria-describedby={captionId}
      className={CARD_CLASSES}
    >
      <ActionContent {...content} titleId={titleId} captionId={captionId} />
    </button>
  );
}

function ActionLink({ to, ...content }: CardContent & { to: string }) {
  const titleId = useId();
  const captionId = useId();
  return (
    <Link to={to} aria-labelledby={titleId} aria-describedby={captionId} className={CARD_CLASSES}>
      <ActionContent {...content} titleId={titleId} captionId={captionId} />
    </Link>
  );
}

export interface QuickActionsProps {
  onCreateDraft: () => void;
  onCreateTeam: () => void;
  onSyncPlayers: () => void;
  /** A sync is running: the card says 'Syncing...' and cannot be clicked again. */
  syncing: boolean;
  /** The running sync's latest progress event, if one has arrived. */
  syncProgress?: PlayerSyncProgress | null;
  /** When the player pool was last synced (null: never; undefined: not known yet). */
  lastSyncedAt?: string | null;
  /** Where Manage Picks goes. */
  picksPath?: string;
  /** Where Ops Dashboard goes. */
  opsPath?: string;
}

export function QuickActions({
  onCreateDraft,
  onCreateTeam,
  onSyncPlayers,
  syncing,
  syncProgress = null,
  lastSyncedAt,
  picksPath = '/admin/picks',
  opsPath = '/admin/ops',
}: QuickActionsProps) {
  return (
    <section aria-labelledby="admin-quick-actions">
      <h2 id="admin-quick-actions" className="sr-only">
        Quick actions
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <li>
          <ActionButton
            title="Create Draft"
            caption="Set up a new auction draft"
            icon={Trophy}
            tone="indigo"
            onClick={onCreateDraft}
          />
        </li>
        <li>
          <ActionButton
            title="Create Team"
            caption="Add a fantasy team to the league"
            icon={UsersRound}
            tone="emerald"
            onClick={onCreateTeam}
          />
        </li>
        <li>
          <SyncPlayersCard
            onSync={onSyncPlayers}
            syncing={syncing}
            progress={syncProgress}
            lastSyncedAt={lastSyncedAt}
          />
        </li>
        <li>
          <ActionLink
            to={picksPath}
            title="Manage Picks"
            caption="Review and correct recorded draft picks"
            icon={ClipboardList}
            tone="amber"
          />
        </li>
        <li>
          <ActionLink
            to={opsPath}
            title="Ops Dashboard"
            caption="Live figures from the Kafka relay and ops consumer"
            icon={Activity}
            tone="indigo"
          />
        </li>
      </ul>
    </section>
  );
}
