import { expect, type Page } from '@playwright/test';

/**
 * Logs in through the real login form and waits until the app has left the login page.
 * Relies on the form having labelled "Email" and "Password" inputs and a "Log in"/"Sign in" button.
 */
export async function loginAs(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/^email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /^(log in|sign in)$/i }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
}
