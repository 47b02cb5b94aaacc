import { expect, test, type Page } from './support/test';
import { seriousAxeFindings } from './support/axe';
import { DEMO_ADMIN, DEMO_OPERATOR } from './support/demoUsers';
import { scrollsSideways } from './support/console';
import { signIn } from './support/signIn';

/** The page's records as the server answers them (the test server reads DNS through the system resolver). */
async function domainOf(page: Page) {
  const { token } = await (await page.request.post('/api/login_check', { data: DEMO_ADMIN })).json();
  const response = await page.request.get('/api/mail/domain', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return response.json() as Promise<Record<'dkim' | 'spf' | 'dmarc', { name: string; value: string }>>;
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('an admin reaches the sending domain from the navigation, copies each record, and axe is content', async ({ page, context }) => {
      test.setTimeout(90_000);
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const domain = await domainOf(page);
      await signIn(page, DEMO_ADMIN);
      await expect(page).toHaveURL(/\/influenceur$/);
      if (viewport.width < 900) {
        await page.getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('menuitem', { name: 'Domaine d’envoi' }).click();
      } else {
        await page.getByRole('link', { name: 'Domaine d’envoi' }).click();
      }
      await expect(page).toHaveURL(/\/influenceur\/domaine$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Domaine d’envoi' })).toBeVisible();

      const table = page.getByRole('table', { name: 'Enregistrements DNS à publier' });
      for (const [record, key] of [['DKIM', 'dkim'], ['SPF', 'spf'], ['DMARC', 'dmarc']] as const) {
        const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: record, exact: true }) });
        await expect(row.getByRole('cell', { name: domain[key].name, exact: true })).toBeVisible();
        await expect(row).toContainText(/Publié|Différent|Absent/);
        await row.getByRole('button', { name: `Copier la valeur ${record}` }).click();
        await expect(page.getByText(`Valeur ${record} copiée.`)).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(domain[key].value);
      }
      await expect(page.getByText(/partie AMP/)).toBeVisible();

      await page.reload();
      await expect(table).toBeVisible();
      expect(await scrollsSideways(page), 'the page scrolls sideways').toBe(false);
      expect(await seriousAxeFindings(page)).toEqual([]);
    });
  });
}

test('the page and its navigation entry are for admins only', async ({ page }) => {
  await signIn(page, DEMO_OPERATOR);
  await expect(page).toHaveURL(/\/influenceur$/);
  await expect(page.getByRole('link', { name: 'Domaine d’envoi' })).toHaveCount(0);
  await page.goto('/influenceur/domaine');
  await expect(page.getByText('Cette page est réservée aux administrateurs.')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});
