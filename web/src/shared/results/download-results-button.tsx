import { Download } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useSelector } from 'react-redux';
import { downloadResultsCsv } from '../api/results-csv.js';
import { Button } from '../ui/button.js';

/** Read loosely (as base-api does), so shared code needs nothing from app/. */
const selectToken = (state: unknown) => (state as { auth?: { token?: string | null } }).auth?.token ?? null;

/**
 * "Download CSV" of a completed draft's results (team, player, position, NFL team, cost, pick number). Renders
 * nothing for a draft that is not completed: its results are not final.
 */
export function DownloadResultsButton({
  draft,
  size = 'sm',
}: {
  draft: { _id: string; name: string; status: string };
  size?: 'sm' | 'md';
}) {
  const token = useSelector(selectToken);
  const [busy, setBusy] = useState(false);
  if (draft.status !== 'completed') return null;
  const download = async () => {
    setBusy(true);
    try {
      await downloadResultsCsv(draft._id, draft.name, token);
    } catch (error) {
      toast.error((error as Error).message, { id: 'results-csv-failed' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size={size}
      variant="secondary"
      icon={<Download aria-hidden="true" className="size-4" />}
      loading={busy}
      onClick={() => void download()}
    >
      Download CSV
    </Button>
  );
}
