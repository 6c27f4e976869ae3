import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AssignOwnerModal } from '../components/assign-owner-modal.js';
import { makeTeam, makeUser } from '../../../test/fixtures.js';

const team = makeTeam({ name: 'Hawks', teamNumber: 4 });
const ann = makeUser({ username: 'ann', email: 'ann@example.com' });
const bob = makeUser({ username: 'bob', email: 'bob@example.com' });

function renderModal(users = [ann, bob], loadingUsers = false) {
  const onAssign = jest.fn(async (_userId: string) => undefined);
  render(
    <AssignOwnerModal
      team={team}
      users={users}
      loadingUsers={loadingUsers}
      onAssign={onAssign}
      onClose={jest.fn()}
    />,
  );
  return { onAssign };
}

describe('AssignOwnerModal', () => {
  it('lists users as "username (email)" under the placeholder', () => {
    renderModal();
    const select = screen.getByRole('combobox', { name: 'Select User' });
    expect(select).toHaveValue('');
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['-- Select a user --', 'ann (ann@example.com)', 'bob (bob@example.com)']);
  });

  it('keeps Assign User disabled until a user is chosen, then assigns that user', async () => {
    const { onAssign } = renderModal();
    const button = screen.getByRole('button', { name: 'Assign User' });
    expect(button).toBeDisabled();

    fireEvent.change(screen.getByRole('combobox', { name: 'Select User' }), { target: { value: bob._id } });
    expect(button).toBeEnabled();
    fireEvent.click(button);
    await waitFor(() => expect(onAssign).toHaveBeenCalledWith(bob._id));

    fireEvent.change(screen.getByRole('combobox', { name: 'Select User' }), { target: { value: '' } });
    expect(button).toBeDisabled();
  });

  it('says "No users available." when there are none', () => {
    renderModal([]);
    expect(screen.getByText('No users available.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Assign User' })).toBeDisabled();
  });

  it('does not claim there are no users while they load', () => {
    renderModal([], true);
    expect(screen.queryByText('No users available.')).not.toBeInTheDocument();
    expect(screen.getByText('Loading users...')).toBeInTheDocument();
  });

  it('names the team and its current owner', () => {
    const owned = makeTeam({ name: 'Bears', teamNumber: 2, ownerId: { _id: ann._id, username: 'ann' } });
    render(
      <AssignOwnerModal
        team={owned}
        users={[ann]}
        onAssign={jest.fn(async () => undefined)}
        onClose={jest.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Assign Owner' });
    expect(dialog).toHaveTextContent('Bears (Team #2)');
    expect(dialog).toHaveTextContent('current owner: ann');
  });
});
