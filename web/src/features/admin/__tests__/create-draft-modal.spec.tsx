import { describe, expect, it, jest } from '@jest/globals';
import type { CreateDraftRequest } from '@auction/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { CreateDraftModal } from '../components/create-draft-modal.js';

function renderModal() {
  const onSubmit = jest.fn(async (_request: CreateDraftRequest) => undefined);
  render(<CreateDraftModal onSubmit={onSubmit} onClose={jest.fn()} />);
  return { onSubmit };
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create Draft' }));
const settingsToggle = () => screen.getByRole('button', { name: 'Advanced settings' });

describe('CreateDraftModal', () => {
  it('requires a draft name', async () => {
    const { onSubmit } = renderModal();
    expect(screen.getByRole('dialog', { name: 'Create New Draft' })).toBeInTheDocument();
    submit();
    expect(await screen.findByText('Draft name is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('folds the settings away with the spec defaults', () => {
    renderModal();
    expect(settingsToggle()).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(settingsToggle());
    expect(settingsToggle()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Teams')).toHaveValue(12);
    expect(screen.getByLabelText('Players per Team')).toHaveValue(20);
    expect(screen.getByLabelText('Budget per Team ($)')).toHaveValue(260);
    expect(
      screen.getByText('Auction draft. Defaults: 12 teams, 20 players per team, $260 each.'),
    ).toBeVisible();
    expect(screen.getByLabelText('Teams')).toHaveAttribute('max', '12');
    expect(screen.getByLabelText('Players per Team')).toHaveAttribute('max', '20');
    expect(screen.getByLabelText('Budget per Team ($)')).toHaveAttribute('min', '1');
  });

  it('sends the name with the default auction settings', async () => {
    const { onSubmit } = renderModal();
    fireEvent.change(screen.getByLabelText('Draft Name'), { target: { value: 'Sunday League' } });
    submit();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        name: 'Sunday League',
        settings: { teamsCount: 12, playersPerTeam: 20, budgetPerTeam: 260, draftType: 'auction' },
      }),
    );
  });

  it('unfolds the settings to show their errors', async () => {
    const { onSubmit } = renderModal();
    fireEvent.click(settingsToggle());
    fireEvent.change(screen.getByLabelText('Teams'), { target: { value: '13' } });
    fireEvent.click(settingsToggle());
    fireEvent.change(screen.getByLabelText('Draft Name'), { target: { value: 'Sunday League' } });
    submit();
    expect(await screen.findByText('Teams count must be between 1 and 12')).toBeVisible();
    expect(settingsToggle()).toHaveAttribute('aria-expanded', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
