import { describe, expect, it, jest } from '@jest/globals';
import type { DraftStatus } from '@auction/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { DraftManagement } from '../components/draft-management.js';
import { SystemStats } from '../components/system-stats.js';
import { TeamManagement } from '../components/team-management.js';
import { draftTeamOf, makeDraft, makeTeam, makeUser } from '../../../test/fixtures.js';

const hawks = makeTeam({ name: 'Hawks', teamNumber: 1 });
const bears = makeTeam({ name: 'Bears', teamNumber: 2 });

function renderDrafts(drafts: ReturnType<typeof makeDraft>[]) {
  const handlers = { onStart: jest.fn(), onAssignTeams: jest.fn(), onDelete: jest.fn() };
  render(
    <MemoryRouter>
      <DraftManagement drafts={drafts} {...handlers} />
    </MemoryRouter>,
  );
  return handlers;
}

describe('DraftManagement', () => {
  it('says so when there are no drafts', () => {
    renderDrafts([]);
    expect(screen.getByText('No drafts created yet')).toBeInTheDocument();
  });

  it('shows name, status, team count and round with the created-draft actions', () => {
    const draft = makeDraft({
      name: 'Sunday League',
      teams: [hawks, bears].map(draftTeamOf),
      currentRound: 3,
    });
    const handlers = renderDrafts([draft]);
    const row = within(screen.getByRole('listitem', { name: 'Sunday League' }));
    expect(row.getByText('Created')).toBeInTheDocument();
    expect(row.getByText('2 teams')).toBeInTheDocument();
    expect(row.getByText('Round 3')).toBeInTheDocument();

    fireEvent.click(row.getByRole('button', { name: 'Start' }));
    expect(handlers.onStart).toHaveBeenCalledWith(draft);
    fireEvent.click(row.getByRole('button', { name: 'Teams (2)' }));
    expect(handlers.onAssignTeams).toHaveBeenCalledWith(draft);
    fireEvent.click(row.getByRole('button', { name: 'Delete' }));
    expect(handlers.onDelete).toHaveBeenCalledWith(draft);
  });

  it('offers no Start without teams', () => {
    renderDrafts([makeDraft({ name: 'Empty', teams: [] })]);
    const row = within(screen.getByRole('listitem', { name: 'Empty' }));
    expect(row.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Teams (0)' })).toBeInTheDocument();
  });

  it.each<DraftStatus>(['active', 'completed'])('offers only Delete for a %s draft', (status) => {
    renderDrafts([makeDraft({ name: 'Running', status, teams: [draftTeamOf(hawks)] })]);
    const row = within(screen.getByRole('listitem', { name: 'Running' }));
    expect(row.getAllByRole('button').map((button) => button.textContent)).toEqual(['Delete']);
  });

  it('links every draft to its audit page', () => {
    const draft = makeDraft({ name: 'Audited', status: 'completed' });
    renderDrafts([draft]);
    const row = within(screen.getByRole('listitem', { name: 'Audited' }));
    expect(row.getByRole('link', { name: 'Audit' })).toHaveAttribute(
      'href',
      `/admin/drafts/${draft._id}/audit`,
    );
  });
});

describe('TeamManagement', () => {
  it('says so when there are no teams', () => {
    render(<TeamManagement teams={[]} onAssignOwner={jest.fn()} />);
    expect(screen.getByText('No teams created yet')).toBeInTheDocument();
  });

  it('shows the owner or "No owner assigned" with the matching button', () => {
    const ann = makeUser({ username: 'ann' });
    const owned = makeTeam({ name: 'Owned', teamNumber: 5, ownerId: { _id: ann._id, username: 'ann' } });
    const free = makeTeam({ name: 'Free', teamNumber: 6 });
    const onAssignOwner = jest.fn();
    render(<TeamManagement teams={[owned, free]} onAssignOwner={onAssignOwner} />);

    const ownedRow = within(screen.getByRole('listitem', { name: 'Owned' }));
    expect(ownedRow.getByText('Team #5')).toBeInTheDocument();
    expect(ownedRow.getByText('ann')).toBeInTheDocument();
    fireEvent.click(ownedRow.getByRole('button', { name: 'Change Owner' }));
    expect(onAssignOwner).toHaveBeenCalledWith(owned);

    const freeRow = within(screen.getByRole('listitem', { name: 'Free' }));
    expect(freeRow.getByText('No owner assigned')).toBeInTheDocument();
    fireEvent.click(freeRow.getByRole('button', { name: 'Assign Owner' }));
    expect(onAssignOwner).toHaveBeenCalledWith(free);
  });
});

describe('SystemStats', () => {
  it('shows the five figures with their labels', () => {
    render(
      <SystemStats
        stats={{ totalDrafts: 4, activeDrafts: 1, completedDrafts: 2, totalTeams: 8, teamsWithOwners: 6 }}
      />,
    );
    const region = within(screen.getByRole('region', { name: 'System Stats' }));
    const figure = (label: string) => region.getByText(label).nextElementSibling?.textContent;
    expect(figure('Total Drafts')).toBe('4');
    expect(figure('Active Drafts')).toBe('1');
    expect(figure('Completed Drafts')).toBe('2');
    expect(figure('Total Teams')).toBe('8');
    expect(figure('Teams with Owners')).toBe('6');
  });
});
