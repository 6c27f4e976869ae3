import type { CreateDraftRequest, CreateTeamRequest, Draft, Team } from '@auction/contracts';
import toast from 'react-hot-toast';
import {
  useAssignOwnerMutation,
  useAssignTeamsMutation,
  useCreateDraftMutation,
  useCreateTeamMutation,
  useDeleteDraftMutation,
} from '../../../shared/api/index.js';
import { useGetUsersQuery } from '../api/users.api.js';
import type { AdminDialog } from '../admin-dialog.js';
import { AssignOwnerModal } from './assign-owner-modal.js';
import { AssignTeamsModal } from './assign-teams-modal.js';
import { CreateDraftModal } from './create-draft-modal.js';
import { CreateTeamModal } from './create-team-modal.js';
import { DeleteDraftModal } from './delete-draft-modal.js';
import { KeepersModal } from './keepers-modal.js';

/** docs/product.md §8.4 (Failure toasts) and §8.5 (Success and live toasts): the texts these dialogs show. */
export const ADMIN_TOASTS = {
  draftCreated: 'Draft created successfully',
  teamCreated: 'Team created successfully',
  draftDeleted: 'Draft deleted successfully',
  deleteFailed: 'Failed to delete draft',
  ownerAssigned: 'User assigned to team successfully',
  assignOwnerFailed: 'Failed to assign user to team',
  teamsAssigned: 'Teams assigned successfully',
  assignTeamsFailed: 'Failed to assign teams',
} as const;

export interface AdminDialogsProps {
  dialog: AdminDialog | null;
  drafts: readonly Draft[];
  teams: readonly Team[];
  onClose: () => void;
}

/**
 * Renders the open admin dialog and wires it to the API. A failed call already shows the central error toast
 * (docs/product.md §8.1 (Failed calls)); only the failures §8.4 (Failure toasts) names get a second, specific toast.
 */
export function AdminDialogs({ dialog, drafts, teams, onClose }: AdminDialogsProps) {
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'createDraft':
      return <CreateDraftDialog onClose={onClose} />;
    case 'createTeam':
      return <CreateTeamDialog onClose={onClose} />;
    case 'deleteDraft': {
      const draft = drafts.find((candidate) => candidate._id === dialog.draftId);
      return draft ? <DeleteDraftDialog draft={draft} onClose={onClose} /> : null;
    }
    case 'assignTeams': {
      const draft = drafts.find((candidate) => candidate._id === dialog.draftId);
      return draft ? <AssignTeamsDialog draft={draft} teams={teams} onClose={onClose} /> : null;
    }
    case 'keepers': {
      const draft = drafts.find((candidate) => candidate._id === dialog.draftId);
      return draft ? <KeepersModal draft={draft} onClose={onClose} /> : null;
    }
    case 'assignOwner': {
      const team = teams.find((candidate) => candidate._id === dialog.teamId);
      return team ? <AssignOwnerDialog team={team} onClose={onClose} /> : null;
    }
  }
}

function CreateDraftDialog({ onClose }: { onClose: () => void }) {
  const [createDraft] = useCreateDraftMutation();
  const submit = async (request: CreateDraftRequest) => {
    try {
      await createDraft(request).unwrap();
    } catch (error) {
      // docs/product.md §8.4 (Failure toasts): a failed create is logged only; the central toast and the form's error
      // line say what happened.
      console.error('Failed to create draft', error);
      throw error;
    }
    toast.success(ADMIN_TOASTS.draftCreated);
    onClose();
  };
  return <CreateDraftModal onSubmit={submit} onClose={onClose} />;
}

function CreateTeamDialog({ onClose }: { onClose: () => void }) {
  const [createTeam] = useCreateTeamMutation();
  const submit = async (request: CreateTeamRequest) => {
    try {
      await createTeam(request).unwrap();
    } catch (error) {
      console.error('Failed to create team', error);
      throw error;
    }
    toast.success(ADMIN_TOASTS.teamCreated);
    onClose();
  };
  return <CreateTeamModal onSubmit={submit} onClose={onClose} />;
}

function DeleteDraftDialog({ draft, onClose }: { draft: Draft; onClose: () => void }) {
  const [deleteDraft] = useDeleteDraftMutation();
  const confirm = async () => {
    try {
      await deleteDraft(draft._id).unwrap();
    } catch (error) {
      console.error('Failed to delete draft', error);
      toast.error(ADMIN_TOASTS.deleteFailed);
      return;
    }
    toast.success(ADMIN_TOASTS.draftDeleted);
    onClose();
  };
  return <DeleteDraftModal draft={draft} onConfirm={confirm} onClose={onClose} />;
}

function AssignTeamsDialog({
  draft,
  teams,
  onClose,
}: {
  draft: Draft;
  teams: readonly Team[];
  onClose: () => void;
}) {
  const [assignTeams] = useAssignTeamsMutation();
  const assign = async (teamIds: string[]) => {
    try {
      await assignTeams({ draftId: draft._id, teamIds }).unwrap();
    } catch (error) {
      console.error('Failed to assign teams', error);
      toast.error(ADMIN_TOASTS.assignTeamsFailed);
      return;
    }
    toast.success(ADMIN_TOASTS.teamsAssigned);
    onClose();
  };
  return <AssignTeamsModal draft={draft} teams={teams} onAssign={assign} onClose={onClose} />;
}

function AssignOwnerDialog({ team, onClose }: { team: Team; onClose: () => void }) {
  const { data: users = [], isLoading } = useGetUsersQuery();
  const [assignOwner] = useAssignOwnerMutation();
  const assign = async (userId: string) => {
    try {
      await assignOwner({ teamId: team._id, userId }).unwrap();
    } catch (error) {
      console.error('Failed to assign user to team', error);
      toast.error(ADMIN_TOASTS.assignOwnerFailed);
      return;
    }
    toast.success(ADMIN_TOASTS.ownerAssigned);
    onClose();
  };
  return (
    <AssignOwnerModal
      team={team}
      users={users}
      loadingUsers={isLoading}
      onAssign={assign}
      onClose={onClose}
    />
  );
}
