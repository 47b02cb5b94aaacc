import fs from 'node:fs';
import iconv from 'iconv-lite';
import { expect, test, type Page } from './support/test';
import { DEMO_ADMIN, DEMO_OPERATOR } from './support/demoUsers';
import { signIn } from './support/signIn';

const editor = (page: Page) => page.getByRole('dialog', { name: /^Liste : / });
// The contacts have a page of their own (issue 41).
const contactsTable = (page: Page) => page.getByRole('table', { name: 'Contacts de la liste' });
const emailsShown = (page: Page) => contactsTable(page).locator('tbody tr td:first-child');

/** Creates a list through the console and imports contacts with accents into it; answers its id. */
async function listWithContacts(page: Page, subject: string): Promise<number> {
  await page.getByRole('button', { name: 'Nouvelle liste' }).click();
  await page.getByRole('dialog', { name: 'Nouvelle liste' }).getByLabel('Sujet').fill(subject);
  await page.getByRole('dialog', { name: 'Nouvelle liste' }).getByRole('button', { name: 'Nouvelle liste' }).click();
  await expect(page).toHaveURL(/\/influenceur\/listes\/\d+$/);
  await editor(page).getByLabel('Choisir un fichier CSV').setInputFiles({
    name: 'contacts.csv',
    mimeType: 'text/csv',
    // As French Excel saves it: Windows-1252, semicolons.
    buffer: iconv.encode(
      'email;prénom;nom;téléphone\r\n' +
        'helene@example.org;Hélène;Dupré;0601\r\n' +
        'zoe@example.org;Zoé;Dupré;0602\r\n' +
        'yann@example.org;Yann;Le Gall;0603\r\n' +
        'wen@example.org;Wen;Li;0604\r\n' +
        'elodie@example.org;Élodie;Œuvray à 5 €;0605\r\n',
      'windows-1252',
    ),
  });
  await expect(editor(page).getByText('Contacts actifs : 5')).toBeVisible();
  await expect(editor(page).getByText('Fichier lu en windows-1252, séparateur « ; ».')).toBeVisible();
  return Number(/listes\/(\d+)/.exec(page.url())?.[1]);
}

test('an operator browses, searches, sorts, changes and exports the contacts of a list at its address', async ({ page }) => {
  await signIn(page, DEMO_OPERATOR);
  const id = await listWithContacts(page, `Contacts e2e ${Date.now()}`);

  // The contacts open on their own page, at their address; a reload shows it again.
  await editor(page).getByRole('link', { name: 'Voir les contacts' }).click();
  await expect(page).toHaveURL(new RegExp(`/influenceur/listes/${id}/contacts$`));
  await expect(page.getByRole('heading', { name: /^Contacts de la liste « Contacts e2e/ })).toBeVisible();
  await page.reload();
  await expect(emailsShown(page)).toHaveCount(5);
  await expect(editor(page)).toHaveCount(0);

  // Search ignores case and accents; the server answers the count.
  await page.getByPlaceholder('type string...').fill('DUPRE');
  await expect(page.getByText('1–2 sur 2')).toBeVisible();
  // Sorted by first name, then the other way.
  await contactsTable(page).getByRole('button', { name: 'Prénom' }).click();
  await expect(emailsShown(page)).toHaveText(['helene@example.org', 'zoe@example.org']);
  await contactsTable(page).getByRole('button', { name: 'Prénom' }).click();
  await expect(emailsShown(page)).toHaveText(['zoe@example.org', 'helene@example.org']);

  // Unsubscribe, undo from the snackbar, then remove.
  await page.getByRole('button', { name: 'Désabonner zoe@example.org' }).click();
  await expect(page.getByText('zoe@example.org est maintenant désabonné.')).toBeVisible();
  await expect(contactsTable(page).getByRole('row', { name: /zoe@example.org/ })).toContainText('désabonné');
  await page.getByRole('button', { name: 'Annuler' }).click();
  await expect(contactsTable(page).getByRole('row', { name: /zoe@example.org/ })).toContainText('actif');
  await page.getByRole('button', { name: 'Retirer zoe@example.org' }).click();
  await expect(contactsTable(page).getByRole('row', { name: /zoe@example.org/ })).toContainText('retiré');

  // Edit a contact.
  await page.getByRole('button', { name: 'Modifier helene@example.org' }).click();
  const edit = page.getByRole('dialog', { name: 'Contact : helene@example.org' });
  await expect(edit.getByLabel('Prénom')).toBeFocused();
  await edit.getByLabel('Téléphone').fill('0699');
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('helene@example.org : modifications enregistrées.')).toBeVisible();
  await expect(contactsTable(page).getByRole('row', { name: /helene@example.org/ })).toContainText('0699');

  // Export the filtered view: only what the search shows.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter la vue filtrée (CSV)' }).click();
  const file = await (await download).path();
  // Read back as French Excel reads it: UTF-8 with a BOM, split on semicolons.
  const bytes = fs.readFileSync(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
  expect(lines[0]).toBe('email;prénom;nom;téléphone;origine;statut;ajouté le;consentement');
  expect(lines.slice(1).map((line) => line.split(';')[0]).sort()).toEqual(['helene@example.org', 'zoe@example.org']);
  expect(lines.find((line) => line.startsWith('zoe@'))).toContain(';retiré;');
  expect(lines.find((line) => line.startsWith('helene@'))).toMatch(/^helene@example\.org;Hélène;Dupré;0699;[^;]*;actif;\d{4}-/);

  // The whole list, with a comma if asked: every value intact.
  await page.getByLabel('Séparateur').click();
  await page.getByRole('option', { name: 'Virgule ,' }).click();
  const whole = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter la liste (CSV)' }).click();
  const all = fs.readFileSync(await (await whole).path()).subarray(3).toString('utf8').trimEnd().split('\r\n');
  expect(all[0]).toBe('email,prénom,nom,téléphone,origine,statut,ajouté le,consentement');
  expect(all).toHaveLength(6);
  expect(all.find((line) => line.startsWith('elodie@'))).toMatch(/^elodie@example\.org,Élodie,Œuvray à 5 €,0605,[^,]*,actif,\d{4}-/);

  // Back returns to the list's editor, then closes it and leaves the console's address.
  await page.goBack();
  await expect(editor(page)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/influenceur/listes/${id}$`));
  await page.goBack();
  await expect(editor(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/influenceur$/);
});

test('an address that names no list of the operator says it is introuvable', async ({ page }) => {
  const { token } = await (await page.request.post('/api/login_check', { data: DEMO_ADMIN })).json();
  const adminList = await (
    await page.request.post('/api/grps', { data: { subject: 'Liste de l’admin' }, headers: { authorization: `Bearer ${token}` } })
  ).json();
  await signIn(page, DEMO_OPERATOR);
  await expect(page).toHaveURL(/\/influenceur$/);
  for (const address of ['/influenceur/listes/999999', '/influenceur/listes/abc', `/influenceur/listes/${adminList.id}`]) {
    await page.goto(address);
    const dialog = page.getByRole('dialog', { name: 'Introuvable' });
    await expect(dialog.getByText(/^Liste introuvable/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(page).toHaveURL(/\/influenceur$/);
  }
});

test('signing in returns to the address that was asked for', async ({ page }) => {
  await signIn(page, DEMO_OPERATOR);
  const id = await listWithContacts(page, `Retour e2e ${Date.now()}`);
  await page.keyboard.press('Escape');
  await expect(editor(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(`/influenceur/listes/${id}/contacts`);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(DEMO_OPERATOR.email);
  await page.getByLabel('Mot de passe').fill(DEMO_OPERATOR.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(new RegExp(`/influenceur/listes/${id}/contacts$`));
  await expect(emailsShown(page)).toHaveCount(5);
});
