import type { Draft } from '@auction/contracts';
import { Pause, Play, UserPlus } from 'lucide-react';
import { usePauseDraftMutation, useResumeDraftMutation } from '../../../shared/api/drafts.api.js';
import { Button } from '../../../shared/ui/button.js';

/** Admins: pause or resume the live draft, and open the player assignment panel. */
export function AdminRoomControls({
  draft,
  paused,
  onAssign,
}: {
  draft: Draft;
  paused: boolean;
  onAssign: () => void;
}) {
  const [pause, pausing] = usePauseDraftMutation();
  const [resume, resuming] = useResumeDraftMutation();
  const live = draft.status === 'active' || draft.status === 'paused';
  const run = (action: () => Promise<unknown>, what: string) =>
    void action().catch((error: unknown) => console.error(`Failed to ${what} draft`, error));
  return (
    <>
      {live &&
        (paused ? (
          <Button
            size="sm"
            loading={resuming.isLoading}
            icon={<Play aria-hidden="true" className="size-4" />}
            onClick={() => run(() => resume(draft._id).unwrap(), 'resume')}
          >
            Resume Draft
          </Button>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            loading={pausing.isLoading}
            icon={<Pause aria-hidden="true" className="size-4" />}
            onClick={() => run(() => pause(draft._id).unwrap(), 'pause')}
          >
            Pause Draft
          </Button>
        ))}
      <Button
        size="sm"
        variant="secondary"
        icon={<UserPlus aria-hidden="true" className="size-4" />}
        onClick={onAssign}
      >
        Assign Player
      </Button>
    </>
  );
}
