import { expect, test, type Locator, type Page } from './support/test';
import { DEMO_ADMIN, DEMO_OPERATOR } from './support/demoUsers';
import { signIn } from './support/signIn';
import { seriousAxeFindings } from './support/axe';
import { createListInConsole, openNewTemplate } from './support/console';

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
  for (const tab of ['Ciblage', 'Séquence', 'Workflow']) {
    await editor.getByRole('tab', { name: tab }).click();
    await expect(editor.getByRole('tab', { name: tab, selected: true })).toBeVisible();
    await passesAxe(page, `the list editor's ${tab} tab`);
  }
  // The contacts' own page (issue 41).
  await editor.getByRole('tab', { name: 'General' }).click();
  await editor.getByRole('link', { name: 'Voir les contacts' }).click();
  const contacts = page.getByRole('table', { name: 'Contacts de la liste' });
  await expect(contacts.getByText('axe@example.org')).toBeVisible();
  await passesAxe(page, 'the contacts page');
  await page.getByRole('button', { name: 'Désabonner axe@example.org' }).click();
  await expect(page.getByText('axe@example.org est maintenant désabonné.')).toBeVisible();
  await passesAxe(page, 'the contacts table with a snackbar');
  await page.getByRole('button', { name: 'Modifier axe@example.org' }).click();
  await expect(page.getByRole('dialog', { name: 'Contact : axe@example.org' })).toBeVisible();
  await passesAxe(page, 'the contact editor');
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'Retour à la liste' }).click();
  await editor.getByRole('button', { name: 'Supprimer la liste' }).click();
  await expect(page.getByRole('dialog', { name: 'Supprimer la liste ?' })).toBeVisible();
  await passesAxe(page, 'the confirm dialog');
  await page.getByRole('button', { name: 'Non' }).click();

  await page.goto('/influenceur/listes/999999');
  await expect(page.getByRole('dialog', { name: 'Introuvable' })).toBeVisible();
  await passesAxe(page, 'the introuvable dialog');
});

test('the template editor passes axe on every tab, with its messages', async ({ page }) => {
  const label = `Axe ${Date.now().toString(36)}`;
  const { editor } = await openNewTemplate(page, { label, html: '<p>Bonjour {{firstname}}</p>' });
  await expect(editor.getByText(/^Version 1 · modifiée le/)).toBeVisible();
  await passesAxe(page, "the template editor's Général tab");
  for (const tab of ['Contenu', 'Séquence', 'Code', 'Data', 'Langue', 'Diffusion']) {
    await editor.getByRole('tab', { name: tab }).click();
    await expect(editor.getByRole('tabpanel', { name: tab })).toBeVisible();
    if (tab === 'Contenu') await expect(editor.locator('iframe[title="Aperçu HTML"]')).toBeVisible();
    await passesAxe(page, `the template editor's ${tab} tab`);
  }
  await editor.getByRole('tab', { name: 'Général' }).click();
  await editor.getByLabel('Libellé').fill(`${label} bis`);
  await expect(editor.getByText('Enregistrez d’abord vos modifications.')).toBeVisible();
  await passesAxe(page, 'the template editor with unsaved changes');
  await editor.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('dialog', { name: `Modèle : ${label} bis` }).getByText('Version 2 enregistrée.')).toBeVisible();
  await passesAxe(page, 'the template editor after a save');
});

test("a new template's starting points pass axe, and one is chosen by keyboard (issue 41)", async ({ page }) => {
  const { editor } = await openNewTemplate(page, { label: `Départ ${Date.now().toString(36)}` });
  const starters = editor.getByRole('region', { name: 'Partir d’un modèle de départ' });
  await expect(starters.getByRole('button', { name: 'Lettre simple' })).toBeVisible();
  await passesAxe(page, "a new template's starting points");
  await starters.getByRole('button', { name: 'Lettre simple' }).focus();
  await page.keyboard.press('Enter');
  await expect(editor.getByLabel('Objet')).toHaveValue('Un mot de notre part');
  await expect(starters).toHaveCount(0);
  await editor.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(editor.getByText('Version 2 enregistrée.')).toBeVisible();
  await passesAxe(page, 'the template made from a starting point');
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

test("the suppression list, reached from the menu, passes axe with its confirm dialog", async ({ page }) => {
  await signIn(page, DEMO_OPERATOR);
  await expect(page).toHaveURL(/\/influenceur$/);
  await page.getByRole('link', { name: 'Exclusions' }).click();
  await expect(page).toHaveURL(/\/influenceur\/exclusions$/);
  await expect(page.getByRole('heading', { level: 1, name: "Liste d'exclusion" })).toBeVisible();
  const email = `axe-${Date.now().toString(36)}@example.org`;
  const form = page.getByRole('form', { name: 'Exclure une adresse' });
  await form.getByLabel('Adresse e-mail').fill(email);
  await form.getByRole('button', { name: 'Exclure' }).click();
  await expect(form.getByText(`${email} est exclue : aucune de vos listes ne lui écrira plus.`)).toBeVisible();
  await expect(page.getByRole('table', { name: "Liste d'exclusion" }).getByText(email)).toBeVisible();
  await passesAxe(page, '/influenceur/exclusions');
  await page.getByRole('button', { name: `Retirer ${email} de la liste d'exclusion` }).click();
  await expect(page.getByRole('dialog', { name: "Retirer de la liste d'exclusion ?" })).toBeVisible();
  await passesAxe(page, "the suppression list's confirm dialog");
  await page.getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByText(`${email} n'est plus exclue.`)).toBeVisible();
});

/** Presses Tab until `target` has the focus (at most `max` presses), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test('keyboard only: sign in, open a list, add a contact, open a template, focus going in and back', async ({ page }) => {
  const { token: admin } = await (await page.request.post('/api/login_check', { data: DEMO_ADMIN })).json();
  const { token } = await (await page.request.post('/api/login_check', { data: DEMO_OPERATOR })).json();
  const operatorId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).id;
  const label = `Clavier ${Date.now().toString(36)}`;
  await page.request.post('/api/deliveries', {
    data: { label, internalname: `kb-${Date.now().toString(36)}`, category: 'TGM', user: operatorId },
    headers: { authorization: `Bearer ${admin}` },
  });

  await page.goto('/login');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(DEMO_OPERATOR.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_OPERATOR.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/influenceur$/);

  // A list's row is a link the keyboard reaches, with a visible focus ring.
  const listLink = page.getByRole('link', { name: 'Newsletter mensuelle' });
  await tabTo(page, listLink);
  await expect(listLink).toBeFocused();
  expect(await listLink.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');
  await page.keyboard.press('Enter');
  const editor = page.getByRole('dialog', { name: 'Liste : Newsletter mensuelle' });
  await expect(editor).toBeVisible();
  expect(await editor.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);

  await tabTo(page, editor.getByRole('button', { name: 'Ajouter un contact' }));
  await page.keyboard.press('Enter');
  const form = editor.getByRole('form', { name: 'Ajouter un contact' });
  await expect(form.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(`clavier.${Date.now().toString(36)}@example.org`);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Clavier');
  await page.keyboard.press('Tab');
  await page.keyboard.type('0611223344');
  await page.keyboard.press('Enter');
  await expect(form.getByText(/a été ajouté à la liste\.$/)).toBeVisible();

  // Escape closes, and the focus goes back to what opened the dialog.
  await page.keyboard.press('Escape');
  await expect(editor).toHaveCount(0);
  await expect(listLink).toBeFocused();

  await tabTo(page, page.getByRole('link', { name: label }));
  await page.keyboard.press('Enter');
  const template = page.getByRole('dialog', { name: `Modèle : ${label}` });
  await expect(template).toBeVisible();
  expect(await template.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(template).toHaveCount(0);
  await expect(page.getByRole('link', { name: label })).toBeFocused();
});
