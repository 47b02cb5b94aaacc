import { expect, test, type Page } from './support/test';
import { DEMO_ADMIN, DEMO_OPERATOR } from './support/demoUsers';
import { signIn } from './support/signIn';
import { openNewTemplate } from './support/console';

/** Gives the operator a template through the admin's API, as the admin's editor does. */
async function operatorTemplate(page: Page, label: string): Promise<number> {
  const admin = (await (await page.request.post('/api/login_check', { data: DEMO_ADMIN })).json()).token;
  const { token } = await (await page.request.post('/api/login_check', { data: DEMO_OPERATOR })).json();
  const operatorId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).id;
  const response = await page.request.post('/api/deliveries', {
    data: { label, internalname: `adr-${Date.now().toString(36)}`, category: 'TGM', user: operatorId },
    headers: { authorization: `Bearer ${admin}` },
  });
  return (await response.json()).id;
}

test('a template opens at its address, its tab too; reload reopens it, Back closes it', async ({ page }) => {
  const label = `Modèle adressé ${Date.now().toString(36)}`;
  const id = await operatorTemplate(page, label);
  await signIn(page, DEMO_OPERATOR);
  await expect(page).toHaveURL(/\/influenceur$/);

  await page.getByRole('link', { name: label }).click();
  await expect(page).toHaveURL(new RegExp(`/influenceur/modeles/${id}$`));
  const editor = page.getByRole('dialog', { name: `Modèle : ${label}` });
  await editor.getByRole('tab', { name: 'Code' }).click();
  await expect(page).toHaveURL(new RegExp(`/influenceur/modeles/${id}/code$`));
  await page.reload();
  await expect(editor.getByRole('tab', { name: 'Code', selected: true })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/influenceur$/);
  await expect(editor).toHaveCount(0);
});

test("an unknown or someone else's template says it is introuvable, and the session stays", async ({ page }) => {
  const admin = (await (await page.request.post('/api/login_check', { data: DEMO_ADMIN })).json()).token;
  const adminTemplate = await (
    await page.request.post('/api/deliveries', {
      data: { label: 'Réservé', internalname: `adm-${Date.now().toString(36)}`, category: 'TGM' },
      headers: { authorization: `Bearer ${admin}` },
    })
  ).json();
  await signIn(page, DEMO_OPERATOR);
  await expect(page).toHaveURL(/\/influenceur$/);
  for (const address of ['/influenceur/modeles/999999', `/influenceur/modeles/${adminTemplate.id}`]) {
    await page.goto(address);
    const dialog = page.getByRole('dialog', { name: 'Introuvable' });
    await expect(dialog.getByText(/^Modèle introuvable/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(page).toHaveURL(/\/influenceur$/);
  }
});

test("a blank template opened with '+' and closed untouched leaves nothing behind", async ({ page }) => {
  const { token } = await (await page.request.post('/api/login_check', { data: DEMO_ADMIN })).json();
  const activeBlanks = async () => {
    const response = await page.request.get('/api/deliveries?category=TGM&actif=1&itemsPerPage=100', {
      headers: { authorization: `Bearer ${token}` },
    });
    return (await response.json())['hydra:member'].filter((d: { label: string }) => d.label === 'Nouveau modèle').length;
  };
  const before = await activeBlanks();
  await signIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/influenceur$/);
  await page.getByRole('button', { name: 'Nouveau modèle' }).click();
  const editor = page.getByRole('dialog', { name: 'Modèle : Nouveau modèle' });
  await expect(editor.getByRole('tab', { name: 'Général' })).toBeVisible();
  await expect(page).toHaveURL(/\/influenceur\/modeles\/\d+/);
  expect(await activeBlanks()).toBe(before + 1);
  await editor.getByRole('button', { name: 'Fermer' }).click();
  await expect(editor).toHaveCount(0);
  await expect.poll(activeBlanks).toBe(before);
});

test('a recipient opens at its address; Back closes it; an unknown one is introuvable', async ({ page }) => {
  await signIn(page, DEMO_OPERATOR);
  await expect(page).toHaveURL(/\/influenceur$/);
  const section = page.getByRole('region', { name: 'Destinataires' });
  const first = section.getByRole('table').getByRole('link').first();
  await first.click();
  await expect(page).toHaveURL(/\/influenceur\/destinataires\/\d+$/);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.reload();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goto('/influenceur/destinataires/999999');
  await expect(page.getByRole('dialog', { name: 'Introuvable' }).getByText(/^Destinataire introuvable/)).toBeVisible();
});

test("the admin gives a template to the operator through 'Propriétaire'; the operator then finds it", async ({ page, browser }) => {
  const label = `Cédé ${Date.now().toString(36)}`;
  const { editor } = await openNewTemplate(page, { label });
  const owner = editor.getByLabel('Propriétaire');
  await expect(owner).toHaveValue(DEMO_ADMIN.email);
  await owner.fill('operateur');
  await page.getByRole('option', { name: DEMO_OPERATOR.email }).click();
  await editor.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(editor.getByText(/Version \d+ enregistrée\./)).toBeVisible();

  const operatorPage = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL })).newPage();
  await signIn(operatorPage, DEMO_OPERATOR);
  await expect(operatorPage.getByRole('link', { name: label })).toBeVisible();
  await operatorPage.context().close();
});
