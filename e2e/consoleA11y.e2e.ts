import { expect, test, type Page } from './support/test';
import { DEMO_ADMIN, DEMO_OPERATOR } from './support/demoUsers';
import { signIn } from './support/signIn';
import { seriousAxeFindings } from './support/axe';
import { createListInConsole } from './support/console';

/** axe finds nothing serious or critical on what the page shows now; `where` names it in the failure. */
async function passesAxe(page: Page, where: string) {
  expect(await seriousAxeFindings(page), where).toEqual([]);
}

test('the login page and the operator console, with every list dialog, pass axe', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Se connecter' })).toBeVisible();
  await passesAxe(page, '/login');

  await signIn(page, DEMO_OPERATOR);
  await expect(page).toHaveURL(/\/influenceur$/);
  await expect(page.getByRole('region', { name: 'Listes' }).getByText('Newsletter mensuelle')).toBeVisible();
  await passesAxe(page, '/influenceur');

  await page.getByRole('button', { name: 'Nouvelle liste' }).click();
  await expect(page.getByRole('dialog', { name: 'Nouvelle liste' })).toBeVisible();
  await passesAxe(page, 'the new list dialog');
  await page.keyboard.press('Escape');

  await createListInConsole(page, `Axe ${Date.now()}`);
  const editor = page.getByRole('dialog', { name: /^Liste : / });
  await editor.getByRole('button', { name: 'Ajouter un contact' }).click();
  await passesAxe(page, "the list editor's General tab");
  const form = editor.getByRole('form', { name: 'Ajouter un contact' });
  await form.getByLabel('Email').fill('axe@example.org');
  await form.getByLabel('Prénom').fill('Axelle');
  await form.getByLabel('Téléphone').fill('0600000000');
  await form.getByRole('button', { name: 'Ajouter' }).click();
  await expect(form.getByText('axe@example.org a été ajouté à la liste.')).toBeVisible();
  for (const tab of ['Contacts', 'Ciblage', 'Séquence', 'Workflow']) {
    await editor.getByRole('tab', { name: tab }).click();
    await expect(editor.getByRole('tab', { name: tab, selected: true })).toBeVisible();
    await passesAxe(page, `the list editor's ${tab} tab`);
  }
  await editor.getByRole('tab', { name: 'Contacts' }).click();
  await editor.getByRole('button', { name: 'Désabonner axe@example.org' }).click();
  await expect(editor.getByText('axe@example.org est maintenant désabonné.')).toBeVisible();
  await passesAxe(page, 'the contacts table with a snackbar');
  await editor.getByRole('button', { name: 'Modifier axe@example.org' }).click();
  await expect(page.getByRole('dialog', { name: 'Contact : axe@example.org' })).toBeVisible();
  await passesAxe(page, 'the contact editor');
  await page.keyboard.press('Escape');

  await editor.getByRole('tab', { name: 'General' }).click();
  await editor.getByRole('button', { name: 'Supprimer la liste' }).click();
  await expect(page.getByRole('dialog', { name: 'Supprimer la liste ?' })).toBeVisible();
  await passesAxe(page, 'the confirm dialog');
  await page.getByRole('button', { name: 'Non' }).click();

  await page.goto('/influenceur/listes/999999');
  await expect(page.getByRole('dialog', { name: 'Introuvable' })).toBeVisible();
  await passesAxe(page, 'the introuvable dialog');
});

test('the admin console, its editors, the dashboard and the following page pass axe', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/influenceur$/);
  await expect(page.getByRole('region', { name: 'Catégories' }).getByRole('table')).toBeVisible();
  await passesAxe(page, '/influenceur (admin)');
  await page.getByRole('button', { name: 'Nouvelle Catégorie' }).click();
  await expect(page.getByRole('dialog', { name: 'Nouvelle Catégorie' })).toBeVisible();
  await passesAxe(page, 'the category editor');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Nouveau thème' }).click();
  await expect(page.getByRole('dialog', { name: 'Nouveau thème' })).toBeVisible();
  await passesAxe(page, 'the speech editor');
  await page.keyboard.press('Escape');
  for (const path of ['/dashboard', '/following']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await passesAxe(page, path);
  }
});
