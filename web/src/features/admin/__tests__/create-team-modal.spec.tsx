import { describe, expect, it, jest } from '@jest/globals';
import type { CreateTeamRequest } from '@auction/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { CreateTeamModal } from '../components/create-team-modal.js';

function renderModal(onSubmit = jest.fn(async (_request: CreateTeamRequest) => undefined)) {
  render(<CreateTeamModal onSubmit={onSubmit} onClose={jest.fn()} />);
  return { onSubmit };
}

const nameInput = () => screen.getByLabelText('Team Name');
const numberInput = () => screen.getByLabelText('Team Number');
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create Team' }));

describe('CreateTeamModal', () => {
  it('requires a name and a number', async () => {
    const { onSubmit } = renderModal();
    expect(screen.getByRole('dialog', { name: 'Create New Team' })).toBeInTheDocument();
    submit();
    expect(await screen.findByText('Team name is required')).toBeInTheDocument();
    expect(screen.getByText('Team number is required')).toBeInTheDocument();
    expect(nameInput()).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('offers a number input from 1 to 12', () => {
    renderModal();
    expect(numberInput()).toHaveAttribute('type', 'number');
    expect(numberInput()).toHaveAttribute('min', '1');
    expect(numberInput()).toHaveAttribute('max', '12');
  });

  it.each([
    ['0', 'Team number must be between 1 and 12'],
    ['13', 'Team number must be between 1 and 12'],
    ['2.5', 'Team number must be a whole number'],
  ])('rejects team number %s', async (value, message) => {
    const { onSubmit } = renderModal();
    fireEvent.change(nameInput(), { target: { value: 'Hawks' } });
    fireEvent.change(numberInput(), { target: { value } });
    submit();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the trimmed name and the number as a number', async () => {
    const { onSubmit } = renderModal();
    fireEvent.change(nameInput(), { target: { value: '  Hawks ' } });
    fireEvent.change(numberInput(), { target: { value: '7' } });
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Hawks', teamNumber: 7 }));
  });

  it('shows a duplicate team number from the server on the number field', async () => {
    renderModal(
      jest.fn(async () => {
        throw { status: 409, message: 'Team number 7 is already taken' };
      }),
    );
    fireEvent.change(nameInput(), { target: { value: 'Hawks' } });
    fireEvent.change(numberInput(), { target: { value: '7' } });
    submit();
    expect(await screen.findByText('Team number 7 is already taken')).toBeInTheDocument();
    expect(numberInput()).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the server's duplicate team name message on the name field", async () => {
    renderModal(
      jest.fn(async () => {
        throw { status: 409, message: 'A team named "Hawks" already exists' };
      }),
    );
    fireEvent.change(nameInput(), { target: { value: 'hawks' } });
    fireEvent.change(numberInput(), { target: { value: '7' } });
    submit();
    expect(await screen.findByText('A team named "Hawks" already exists')).toBeInTheDocument();
    expect(nameInput()).toHaveAttribute('aria-invalid', 'true');
    expect(numberInput()).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('shows other server errors on the form', async () => {
    renderModal(
      jest.fn(async () => {
        throw { status: 500, message: '' };
      }),
    );
    fireEvent.change(nameInput(), { target: { value: 'Hawks' } });
    fireEvent.change(numberInput(), { target: { value: '7' } });
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create team');
  });
});
