import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AssignTeamsModal } from '../components/assign-teams-modal.js';
import { draftTeamOf, makeDraft, makeTeam } from '../../../test/fixtures.js';

const hawks = makeTeam({ name: 'Hawks', teamNumber: 1 });
const bears = makeTeam({ name: 'Bears', teamNumber: 2 });
const lions = makeTeam({ name: 'Lions', teamNumber: 3 });
const teams = [hawks, bears, lions];

function renderModal(draftTeams = [hawks], allTeams = teams) {
  const onAssign = jest.fn(async (_teamIds: string[]) => undefined);
  const onClose = jest.fn();
  const draft = makeDraft({ name: 'Sunday League', teams: draftTeams.map(draftTeamOf) });
  render(<AssignTeamsModal draft={draft} teams={allTeams} onAssign={onAssign} onClose={onClose} />);
  return { onAssign, onClose };
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name });

describe('AssignTeamsModal', () => {
  it('lists every team and pre-selects the draft’s current teams', () => {
    renderModal([hawks, lions]);
    expect(screen.getByRole('dialog', { name: 'Assign Teams' })).toBeInTheDocument();
    expect(screen.getByText('Available Teams: 3')).toBeInTheDocument();
    expect(checkbox('Hawks')).toBeChecked();
    expect(checkbox('Bears')).not.toBeChecked();
    expect(checkbox('Lions')).toBeChecked();
    expect(screen.getByText('Selected: 2 teams')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Assign 2 Teams' })).toBeEnabled();
  });

  it('counts the selection as boxes are ticked and cleared', () => {
    renderModal([hawks]);
    fireEvent.click(checkbox('Bears'));
    expect(screen.getByText('Selected: 2 teams')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Assign 2 Teams' })).toBeEnabled();
    fireEvent.click(checkbox('Hawks'));
    fireEvent.click(checkbox('Bears'));
    expect(screen.getByText('Selected: 0 teams')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Assign 0 Teams' })).toBeDisabled();
  });

  it('toggles between Select All and Deselect All', () => {
    renderModal([]);
    expect(screen.getByRole('button', { name: 'Assign 0 Teams' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Select All' }));
    for (const team of teams) expect(checkbox(team.name)).toBeChecked();
    expect(screen.getByText('Selected: 3 teams')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Deselect All' }));
    for (const team of teams) expect(checkbox(team.name)).not.toBeChecked();
    expect(screen.getByText('Selected: 0 teams')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select All' })).toBeInTheDocument();
  });

  it('says a draft takes at most 12 teams, and sends nothing, when more are selected', () => {
    const league = Array.from({ length: 14 }, (_unused, index) =>
      makeTeam({ name: `Team ${index + 1}`, teamNumber: (index % 12) + 1 }),
    );
    const { onAssign } = renderModal([], league);
    fireEvent.click(screen.getByRole('button', { name: 'Select All' }));
    expect(screen.getByRole('alert')).toHaveTextContent('A draft takes at most 12 teams');
    const assign = screen.getByRole('button', { name: 'Assign 14 Teams' });
    expect(assign).toBeDisabled();
    fireEvent.click(assign);
    expect(onAssign).not.toHaveBeenCalled();
    fireEvent.click(checkbox('Team 13'));
    fireEvent.click(checkbox('Team 14'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Assign 12 Teams' })).toBeEnabled();
  });

  it('shows Deselect All at once when every team is already in the draft', () => {
    renderModal(teams);
    expect(screen.getByRole('button', { name: 'Deselect All' })).toBeInTheDocument();
  });

  it('sends the selected team ids in list order', async () => {
    const { onAssign } = renderModal([lions]);
    fireEvent.click(checkbox('Hawks'));
    fireEvent.click(screen.getByRole('button', { name: 'Assign 2 Teams' }));
    await waitFor(() => expect(onAssign).toHaveBeenCalledWith([hawks._id, lions._id]));
  });

  it('ignores draft teams that no longer exist', () => {
    const gone = makeTeam({ name: 'Gone' });
    renderModal([gone, bears]);
    expect(screen.getByText('Selected: 1 teams')).toBeInTheDocument();
  });

  it('says so when there are no teams', () => {
    renderModal([], []);
    expect(screen.getByText('No teams available. Create teams first.')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Assign 0 Teams' })).toBeDisabled();
  });

  it('closes on Cancel', () => {
    const { onClose } = renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});
