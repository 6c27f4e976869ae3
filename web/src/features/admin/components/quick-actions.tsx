import clsx from 'clsx';
import { ClipboardList, LoaderCircle, RefreshCw, Trophy, UsersRound, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';

const CARD_CLASSES = clsx(
  'group flex h-full w-full items-start gap-4 rounded-xl bg-white p-5 text-left shadow-sm ring-1 ring-slate-200',
  'transition hover:shadow-md hover:ring-indigo-300',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
  'disabled:cursor-not-allowed disabled:opacity-70 disabled:hover:shadow-sm disabled:hover:ring-slate-200',
);

const ICON_TONES = {
  indigo: 'bg-indigo-50 text-indigo-600',
  emerald: 'bg-emerald-50 text-emerald-600',
  sky: 'bg-sky-50 text-sky-600',
  amber: 'bg-amber-50 text-amber-600',
} as const;

interface ActionContentProps {
  title: string;
  caption: string;
  icon: LucideIcon;
  tone: keyof typeof ICON_TONES;
  titleId: string;
  captionId: string;
  spinning?: boolean;
}

function ActionContent({
  title,
  caption,
  icon: Icon,
  tone,
  titleId,
  captionId,
  spinning,
}: ActionContentProps) {
  const ShownIcon = spinning ? LoaderCircle : Icon;
  return (
    <>
      <span
        className={clsx('flex size-11 shrink-0 items-center justify-center rounded-lg', ICON_TONES[tone])}
      >
        <ShownIcon aria-hidden="true" className={clsx('size-6', spinning && 'animate-spin')} />
      </span>
      <span className="min-w-0">
        <span id={titleId} className="block font-semibold text-slate-900">
          {title}
        </span>
        <span id={captionId} className="mt-1 block text-sm text-slate-500">
          {caption}
        </span>
      </span>
    </>
  );
}

/** The card's name is its title alone (the caption describes it), so `getByRole('button', { name })` stays short. */
function ActionButton({
  onClick,
  disabled,
  busy,
  ...content
}: Omit<ActionContentProps, 'titleId' | 'captionId'> & {
  onClick: () => void;
  disabled?: boolean;
  busy?: boolean;
}) {
  const titleId = useId();
  const captionId = useId();
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-busy={busy || undefined}
      aria-labelledby={titleId}
      aria-describedby={captionId}
      className={CARD_CLASSES}
    >
      <ActionContent {...content} titleId={titleId} captionId={captionId} spinning={busy} />
    </button>
  );
}

function ActionLink({ to, ...content }: Omit<ActionContentProps, 'titleId' | 'captionId'> & { to: string }) {
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
  /** Where Manage Picks goes. */
  picksPath?: string;
}

export function QuickActions({
  onCreateDraft,
  onCreateTeam,
  onSyncPlayers,
  syncing,
  picksPath = '/admin/picks',
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
          <ActionButton
            title={syncing ? 'Syncing...' : 'Sync Players'}
            caption="Update player data from the sports data provider"
            icon={RefreshCw}
            tone="sky"
            onClick={onSyncPlayers}
            disabled={syncing}
            busy={syncing}
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
      </ul>
    </section>
  );
}
