// docs/product.md §2.8 (Admin dashboard), §2.5 (Dashboard), §4.3 (Draft lifecycle) and §8.5 (Success and live
// toasts): an admin sets up a league, starts a draft, sees it on the dashboard, and deletes it.
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import {
  ADMIN,
  bearer,
  dashboardCounter,
  envelopeData,
  expectToast,
  keepScreenshot,
  loginAs,
  mainNav,
  registerAccount,
  tokenOf,
  uniqueName,
} from './support/index.js';

const TEAM_NUMBERS = Array.from({ length: 12 }, (_, index) => index + 1);

interface DraftSummary {
  _id: string;
  name: string;
  status: string;
}

interface TeamSummary {
  teamNumber: number;
}

interface LeagueCounts {
  totalDrafts: number;
  activeDrafts: number;
  completedDrafts: number;
  teams: number;
}

async function listDrafts(request: APIRequestContext, token: string): Promise<DraftSummary[]> {
  const data = await envelopeData<{ drafts: DraftSummary[] }>(
    await request.get('/api/drafts', { headers: bearer(token) }),
  );
  return data.drafts;
}

async function listTeams(request: APIRequestContext, token: string): Promise<TeamSummary[]> {
  const data = await envelopeData<{ teams: TeamSummary[] }>(
    await request.get('/api/teams', { headers: bearer(token) }),
  );
  return data.teams;
}

/** The dashboard's four counters as the API's lists give them. */
async function leagueCounts(request: APIRequestContext, token: string): Promise<LeagueCounts> {
  const [drafts, teams] = await Promise.all([listDrafts(request, token), listTeams(request, token)]);
  return {
    totalDrafts: drafts.length,
    activeDrafts: drafts.filter((draft) => draft.status === 'active').length,
    completedDrafts: drafts.filter((draft) => draft.status === 'completed').length,
    teams: teams.length,
  };
}

async function expectDashboardCounters(page: Page, counts: LeagueCounts): Promise<void> {
  await expect(dashboardCounter(page, 'Total Drafts')).toHaveText(String(counts.totalDrafts));
  await expect(dashboardCounter(page, 'Active Drafts')).toHaveText(String(counts.activeDrafts));
  await expect(dashboardCounter(page, 'Completed')).toHaveText(String(counts.completedDrafts));
  await expect(dashboardCounter(page, 'Teams')).toHaveText(String(counts.teams));
}

async function createTeamThroughModal(page: Page, name: string, teamNumber: number): Promise<void> {
  await page.getByRole('button', { name: 'Create Team', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Team' });
  await dialog.getByLabel('Team Name').fill(name);
  await dialog.getByLabel('Team Number').fill(String(teamNumber));
  await dialog.getByRole('button', { name: 'Create Team' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'Team created successfully');
  await expect(
    page.getByRole('region', { name: 'Team Management' }).getByRole('listitem', { name, exact: true }),
  ).toContainText(`Team #${teamNumber}`);
}

test('the admin creates a league, starts a draft, sees it on the dashboard and deletes it', async ({
  page,
  request,
}) => {
  const draftName = uniqueName('draft');
  const teamNames = [uniqueName('team'), uniqueName('team')];
  const owner = await registerAccount(request, 'owner');

  await loginAs(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectToast(page, `Welcome back, ${ADMIN.username}!`);
  const token = await tokenOf(page);

  // Team numbers are unique within a draft (1 to 12): take two that nobody has, so no draft ever sees a clash.
  const takenNumbers = new Set((await listTeams(request, token)).map((team) => team.teamNumber));
  const freeNumbers = TEAM_NUMBERS.filter((number) => !takenNumbers.has(number));
  expect(freeNumbers.length, 'two free team numbers (is the demo league seeded?)').toBeGreaterThanOrEqual(2);
  const teamNumbers = freeNumbers.slice(0, 2);

  const before = await leagueCounts(request, token);
  await expectDashboardCounters(page, before);
  await expect(page.getByRole('link', { name: 'Create Draft' })).toBeVisible();

  await mainNav(page).getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Manage drafts, teams, and system settings')).toBeVisible();

  // Create New Draft.
  await page.getByRole('button', { name: 'Create Draft', exact: true }).click();
  const createDraft = page.getByRole('dialog', { name: 'Create New Draft' });
  await createDraft.getByLabel('Draft Name').fill(draftName);
  await createDraft.getByRole('button', { name: 'Create Draft' }).click();
  await expect(createDraft).toBeHidden();
  await expectToast(page, 'Draft created successfully');
  const draftRow = page.getByRole('region', { name: 'Draft Management' }).getByRole('listitem', {
    name: draftName,
    exact: true,
  });
  await expect(draftRow).toContainText('Created');
  await expect(draftRow).toContainText('0 teams');
  // Start is offered only once a team is assigned.
  await expect(draftRow.getByRole('button', { name: 'Start' })).toHaveCount(0);

  // Two teams, the first one with an owner.
  await createTeamThroughModal(page, teamNames[0], teamNumbers[0]);
  await createTeamThroughModal(page, teamNames[1], teamNumbers[1]);
  const firstTeamRow = page
    .getByRole('region', { name: 'Team Management' })
    .getByRole('listitem', { name: teamNames[0], exact: true });
  await expect(firstTeamRow).toContainText('No owner assigned');

  await firstTeamRow.getByRole('button', { name: 'Assign Owner' }).click();
  const assignOwner = page.getByRole('dialog', { name: 'Assign Owner' });
  const userSelect = assignOwner.getByLabel('Select User');
  await expect(userSelect.locator('option:checked')).toHaveText('-- Select a user --');
  await expect(assignOwner.getByRole('button', { name: 'Assign User' })).toBeDisabled();
  await userSelect.selectOption({ label: `${owner.user.username} (${owner.email})` });
  await assignOwner.getByRole('button', { name: 'Assign User' }).click();
  await expect(assignOwner).toBeHidden();
  await expectToast(page, 'User assigned to team successfully');
  await expect(firstTeamRow).toContainText(`Owner: ${owner.user.username}`);
  await expect(firstTeamRow.getByRole('button', { name: 'Change Owner' })).toBeVisible();

  // Assign Teams.
  await draftRow.getByRole('button', { name: 'Teams (0)' }).click();
  const assignTeams = page.getByRole('dialog', { name: 'Assign Teams' });
  await expect(assignTeams.getByText(`Available Teams: ${before.teams + 2}`)).toBeVisible();
  await expect(assignTeams.getByRole('button', { name: 'Assign 0 Teams' })).toBeDisabled();
  await assignTeams.getByRole('checkbox', { name: teamNames[0], exact: true }).check();
  await assignTeams.getByRole('checkbox', { name: teamNames[1], exact: true }).check();
  await expect(assignTeams.getByText('Selected: 2 teams')).toBeVisible();
  await keepScreenshot(page, 'admin-assign-teams');
  await assignTeams.getByRole('button', { name: 'Assign 2 Teams' }).click();
  await expect(assignTeams).toBeHidden();
  await expectToast(page, 'Teams assigned successfully');
  await expect(draftRow).toContainText('2 teams');
  await expect(draftRow.getByRole('button', { name: 'Teams (2)' })).toBeVisible();

  // Start: the draft becomes active and its teams can no longer be changed.
  await draftRow.getByRole('button', { name: 'Start' }).click();
  await expectToast(page, 'Draft started successfully');
  await expect(draftRow).toContainText('Active');
  await expect(draftRow.getByRole('button', { name: /^Teams/ })).toHaveCount(0);
  await expect(draftRow.getByRole('button', { name: 'Start' })).toHaveCount(0);
  await keepScreenshot(page, 'admin-dashboard');

  // The dashboard counts the new draft and teams, and offers to join the live draft.
  const after = await leagueCounts(request, token);
  expect(after).toEqual({
    totalDrafts: before.totalDrafts + 1,
    activeDrafts: before.activeDrafts + 1,
    completedDrafts: before.completedDrafts,
    teams: before.teams + 2,
  });
  const draft = (await listDrafts(request, token)).find((candidate) => candidate.name === draftName);
  expect(draft?.status).toBe('active');

  await mainNav(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectDashboardCounters(page, after);
  const recentDraft = page
    .getByRole('region', { name: 'Recent Drafts' })
    .getByRole('listitem')
    .filter({ hasText: draftName });
  await expect(recentDraft).toContainText('2 teams');
  await expect(recentDraft).toContainText('Active');
  const join = recentDraft.getByRole('link', { name: `Join ${draftName}` });
  await expect(join).toHaveText('Join');
  await expect(join).toHaveAttribute('href', `/draft/${draft?._id}`);
  await keepScreenshot(page, 'dashboard-admin');

  // Delete: the dialog warns that a started draft resets players and rosters.
  await mainNav(page).getByRole('link', { name: 'Admin' }).click();
  await draftRow.getByRole('button', { name: 'Delete' }).click();
  const deleteDraft = page.getByRole('dialog', { name: 'Delete Draft' });
  await expect(deleteDraft).toContainText(`Are you sure you want to delete the draft “${draftName}”?`);
  await expect(
    deleteDraft.getByText(
      'This draft has been started or completed. Deleting it will reset all player draft statuses and clear team rosters.',
    ),
  ).toBeVisible();
  await expect(deleteDraft.getByText('This action cannot be undone.')).toBeVisible();
  await keepScreenshot(page, 'admin-delete-draft');
  await deleteDraft.getByRole('button', { name: 'Delete Draft' }).click();
  await expect(deleteDraft).toBeHidden();
  await expectToast(page, 'Draft deleted successfully');
  await expect(draftRow).toHaveCount(0);

  const afterDelete = await leagueCounts(request, token);
  expect(afterDelete).toEqual({
    ...after,
    totalDrafts: before.totalDrafts,
    activeDrafts: before.activeDrafts,
  });
  expect((await listDrafts(request, token)).some((candidate) => candidate.name === draftName)).toBe(false);
});

test('a draft that was never started is deleted without the started-draft warning', async ({ page }) => {
  const draftName = uniqueName('draft');
  await loginAs(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();

  await page.getByRole('button', { name: 'Create Draft', exact: true }).click();
  const createDraft = page.getByRole('dialog', { name: 'Create New Draft' });
  // The draft name is required.
  await createDraft.getByRole('button', { name: 'Create Draft' }).click();
  await expect(createDraft.getByRole('alert')).toHaveText('Draft name is required');
  await createDraft.getByLabel('Draft Name').fill(draftName);
  await createDraft.getByRole('button', { name: 'Create Draft' }).click();
  await expectToast(page, 'Draft created successfully');

  const draftRow = page.getByRole('region', { name: 'Draft Management' }).getByRole('listitem', {
    name: draftName,
    exact: true,
  });
  await draftRow.getByRole('button', { name: 'Delete' }).click();
  const deleteDraft = page.getByRole('dialog', { name: 'Delete Draft' });
  await expect(deleteDraft).toContainText(draftName);
  await expect(deleteDraft.getByText('This action cannot be undone.')).toBeVisible();
  await expect(deleteDraft.getByText(/has been started or completed/)).toHaveCount(0);
  await deleteDraft.getByRole('button', { name: 'Delete Draft' }).click();
  await expectToast(page, 'Draft deleted successfully');
  await expect(draftRow).toHaveCount(0);
});
