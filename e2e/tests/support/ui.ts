// Locators and checks shared by the browser tests.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';

const resultsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../.runtime/test-results',
);

/** A react-hot-toast message (role status) with exactly this text. */
export function toast(page: Page, text: string): Locator {
  return page.getByRole('status').filter({ hasText: new RegExp(`^${escapeRegExp(text)}$`) });
}

export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(toast(page, text).first()).toBeVisible();
}

/** The figure of a dashboard counter ("Total Drafts", "Active Drafts", "Completed", "Teams"). */
export function dashboardCounter(page: Page, label: string): Locator {
  return page
    .getByRole('region', { name: 'League summary' })
    .getByText(label, { exact: true })
    .locator('xpath=following-sibling::p[1]');
}

/** The app's main navigation (the visible one: desktop and phone layouts each have one). */
export function mainNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' });
}

/** A full-page screenshot kept with the run's results, to look at; never compared. */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(resultsDir, 'screenshots', `${name}.png`), fullPage: true });
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
