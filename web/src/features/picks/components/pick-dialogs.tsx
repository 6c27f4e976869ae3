import type { Pick } from '@auction/contracts';
import { AlertTriangle } from 'lucide-react';
import { Button } from '../../../shared/ui/button.js';
import { Modal } from '../../../shared/ui/modal.js';
import { PICKS_TEXTS } from '../picks-view.js';

export function ConfirmPickUpdateModal({
  pickNumber,
  playerName,
  saving,
  onConfirm,
  onClose,
}: {
  pickNumber: number;
  playerName: string;
  saving: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      title={PICKS_TEXTS.confirmTitle}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button onClick={onConfirm} loading={saving}>
            {saving ? PICKS_TEXTS.updating : PICKS_TEXTS.updateButton}
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-slate-700">
        <p>
          Update pick #{pickNumber} ({playerName})? {PICKS_TEXTS.confirmBody}
        </p>
        <p className="flex items-center gap-2 font-semibold text-amber-700">
          <AlertTriangle aria-hidden="true" className="size-4" />
          {PICKS_TEXTS.confirmWarning}
        </p>
      </div>
    </Modal>
  );
}

export function UndoPickModal({
  pick,
  undoing,
  onConfirm,
  onClose,
}: {
  pick: Pick;
  undoing: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      title="Undo Pick"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={undoing}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={undoing}>
            {undoing ? 'Undoing...' : 'Undo Pick'}
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-slate-700">
        <p>
          Undo pick #{pick.pickNumber}: {pick.playerName} to {pick.teamId.name} for ${pick.cost}?
        </p>
        <p>
          {pick.playerName} returns to the player pool and {pick.teamId.name} gets ${pick.cost} back. Every
          other pick stays; later picks move up one number.
        </p>
      </div>
    </Modal>
  );
}
