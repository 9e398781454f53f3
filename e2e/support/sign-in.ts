// Signs an agent in through the sign-in page and waits for the dashboard.
import { expect, type Page } from '@playwright/test';

export async function signIn(page: Page, agent: { email: string; password: string }): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(agent.email);
  await page.getByLabel('Password').fill(agent.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
