import type { Team, User } from '@auction/contracts';
import { useState } from 'react';
import { Button, Modal, SelectField, Spinner } from '../../../shared/ui/index.js';
import { usePendingAction } from './use-pending-action.js';

export const USER_PLACEHOLDER = '-- Select a user --';

export function userOptionLabel(user: Pick<User, 'username' | 'email'>): string {
  return `${user.username} (${user.email})`;
}

export interface AssignOwnerModalProps {
  team: Pick<Team, '_id' | 'name' | 'teamNumber' | 'ownerId'>;
  users: readonly User[];
  /** The users are still loading. */
  loadingUsers?: boolean;
  /** Assigns the chosen user; it reports its own success or failure and closes the dialog on success. */
  onAssign: (userId: string) => Promise<void>;
  onClose: () => void;
}

export function AssignOwnerModal({
  team,
  users,
  loadingUsers = false,
  onAssign,
  onClose,
}: AssignOwnerModalProps) {
  const [userId, setUserId] = useState('');
  const [assign, assigning] = usePendingAction(onAssign);
  const noUsers = !loadingUsers && users.length === 0;

  return (
    <Modal
      title="Assign Owner"
      description={
        <>
          {team.name} (Team #{team.teamNumber})
          {team.ownerId && <> &middot; current owner: {team.ownerId.username}</>}
        </>
      }
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={assigning}>
            Cancel
          </Button>
          <Button disabled={userId === ''} loading={assigning} onClick={() => void assign(userId)}>
            Assign User
          </Button>
        </>
      }
    >
      {loadingUsers ? (
        <div className="py-4">
          <Spinner label="Loading users..." />
        </div>
      ) : noUsers ? (
        <p className="py-2 text-sm text-slate-600">No users available.</p>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (userId !== '') void assign(userId);
          }}
        >
          <SelectField label="Select User" value={userId} onChange={(event) => setUserId(event.target.value)}>
            <option value="">{USER_PLACEHOLDER}</option>
            {users.map((user) => (
              <option key={user._id} value={user._id}>
                {userOptionLabel(user)}
              </option>
            ))}
          </SelectField>
        </form>
      )}
    </Modal>
  );
}
