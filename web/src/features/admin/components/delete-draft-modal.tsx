import type { Draft } from '@auction/contracts';
import { TriangleAlert } from 'lucide-react';
import { Button, Modal } from '../../../shared/ui/index.js';
import { hasDraftStarted } from '../draft-rules.js';
import { usePendingAction } from './use-pending-action.js';

export const STARTED_DRAFT_WARNING =
  'This draft has been started or completed. Deleting it will reset all player draft statuses and clear team rosters.';
export const CANNOT_BE_UNDONE = 'This action cannot be undone.';

export interface DeleteDraftModalProps {
  draft: Pick<Draft, '_id' | 'name' | 'status'>;
  /** Deletes the draft; it reports its own success or failure and closes the dialog on success. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

export function DeleteDraftModal({ draft, onConfirm, onClose }: DeleteDraftModalProps) {
  const [confirm, deleting] = usePendingAction(onConfirm);
  const started = hasDraftStarted(draft);

  return (
    <Modal
      title="Delete Draft"
      size="sm"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={deleting}>
            Cancel
          </Button>
          <Button variant="danger" loading={deleting} onClick={() => void confirm()}>
            Delete Draft
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-slate-600">
        <p>
          Are you sure you want to delete the draft{' '}
          <strong className="text-slate-900">&ldquo;{draft.name}&rdquo;</strong>?
        </p>
        {started && (
          <p className="flex gap-2 rounded-lg bg-amber-50 px-3 py-2 text-amber-800">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{STARTED_DRAFT_WARNING}</span>
          </p>
        )}
        <p className="font-medium text-red-600">{CANNOT_BE_UNDONE}</p>
      </div>
    </Modal>
  );
}
