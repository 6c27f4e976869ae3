import { describe, expect, it, jest } from '@jest/globals';
import type { DraftStatus } from '@auction/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DeleteDraftModal } from '../components/delete-draft-modal.js';
import { makeDraft } from '../../../test/fixtures.js';

const WARNING =
  'This draft has been started or completed. Deleting it will reset all player draft statuses and clear team rosters.';
const UNDONE = 'This action cannot be undone.';

function renderModal(status: DraftStatus, onConfirm = jest.fn(async () => undefined)) {
  const draft = makeDraft({ name: 'Sunday League', status });
  render(<DeleteDraftModal draft={draft} onConfirm={onConfirm} onClose={jest.fn()} />);
  return { onConfirm };
}

describe('DeleteDraftModal', () => {
  it('names the draft and warns only that it cannot be undone for a created draft', () => {
    renderModal('created');
    const dialog = screen.getByRole('dialog', { name: 'Delete Draft' });
    expect(dialog).toHaveTextContent('Sunday League');
    expect(screen.getByText(UNDONE)).toBeInTheDocument();
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
  });

  it.each<DraftStatus>(['active', 'completed'])('adds the reset warning for a %s draft', (status) => {
    renderModal(status);
    expect(screen.getByText(WARNING)).toBeInTheDocument();
    expect(screen.getByText(UNDONE)).toBeInTheDocument();
  });

  it('confirms through the danger button and shows progress meanwhile', async () => {
    let finish: () => void = () => undefined;
    const onConfirm = jest.fn(() => new Promise<undefined>((resolve) => (finish = () => resolve(undefined))));
    renderModal('created', onConfirm);
    const button = screen.getByRole('button', { name: 'Delete Draft' });
    fireEvent.click(button);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(button).toBeDisabled());
    fireEvent.click(button);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    finish();
    await waitFor(() => expect(button).toBeEnabled());
  });
});
