import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_ADMIN } from './demoUsers';
import { signIn } from './signIn';

/** Creates a list through the console's own dialog; the list opens at its address. Answers its id. */
export async function createListInConsole(page: Page, subject: string): Promise<number> {
  await page.getByRole('button', { name: 'Nouvelle liste' }).click();
  await page.getByRole('dialog', { name: 'Nouvelle liste' }).getByLabel('Sujet').fill(subject);
  await page.getByRole('dialog', { name: 'Nouvelle liste' }).getByRole('button', { name: 'Nouvelle liste' }).click();
  await expect(page).toHaveURL(/\/influenceur\/listes\/\d+$/);
  return Number(/listes\/(\d+)/.exec(page.url())?.[1]);
}

/**
 * Opens an admin's page from the console's header: through its "Administration" menu on a wide
 * window, through the folded menu on a narrower one.
 */
export async function openAdminPage(page: Page, name: string) {
  // The header is drawn once the page is: wait for one of its two menus before choosing.
  const menus = page.getByRole('button', { name: /^(Administration|Menu)$/ });
  await expect(menus.first()).toBeVisible();
  await menus.first().click();
  await page.getByRole('menuitem', { name }).click();
}

/** Whether the page scrolls sideways: its content wider than the window. */
export const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/**
 * Creates a template through the API (category TGM, `html` as its HTML code when given), signs
 * the admin in, and opens the template's editor at its address (`tab`: a tab's slug).
 * Answers its id and the editor dialog.
 */
export async function openNewTemplate(
  page: Page,
  { label, html, tab }: { label: string; html?: string; tab?: string },
): Promise<{ id: number; editor: Locator }> {
  const { token } = await (await page.request.post('/api/login_check', { data: DEMO_ADMIN })).json();
  const created = await (
    await page.request.post('/api/deliveries', {
      data: {
        label,
        internalname: `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`,
        category: 'TGM',
        ...(html === undefined ? {} : { codeHtml: [Buffer.from(html).toString('base64')] }),
      },
      headers: { authorization: `Bearer ${token}` },
    })
  ).json();
  await signIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/influenceur$/);
  await page.goto(`/influenceur/modeles/${created.id}${tab ? `/${tab}` : ''}`);
  return { id: created.id, editor: page.getByRole('dialog', { name: `Modèle : ${label}` }) };
}
