import { expect, type Page } from '@playwright/test';

/** Creates a list through the console's own dialog; the list opens at its address. Answers its id. */
export async function createListInConsole(page: Page, subject: string): Promise<number> {
  await page.getByRole('button', { name: 'Nouvelle liste' }).click();
  await page.getByRole('dialog', { name: 'Nouvelle liste' }).getByLabel('Sujet').fill(subject);
  await page.getByRole('dialog', { name: 'Nouvelle liste' }).getByRole('button', { name: 'Nouvelle liste' }).click();
  await expect(page).toHaveURL(/\/influenceur\/listes\/\d+$/);
  return Number(/listes\/(\d+)/.exec(page.url())?.[1]);
}

/** Whether the page scrolls sideways: its content wider than the window. */
export const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
