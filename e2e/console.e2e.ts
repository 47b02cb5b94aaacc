import { expect, test, type Page } from './support/test';
import { DEMO_ADMIN, DEMO_OPERATOR } from './support/demoUsers';
import { signIn } from './support/signIn';

const section = (page: Page, name: string) => page.getByRole('region', { name });
const editor = (page: Page) => page.getByRole('dialog');

test('an operator creates a list, fills it, refreshes it, imports a CSV and deletes it', async ({ page }) => {
  const subject = `Liste e2e ${Date.now()}`;
  await signIn(page, DEMO_OPERATOR);
  await expect(page).toHaveURL(/\/influenceur$/);
  await expect(section(page, 'Listes').getByText('Newsletter mensuelle')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nouvelle Catégorie' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Nouveau thème' })).toHaveCount(0);

  // Create: the new list opens in its editor.
  await page.getByRole('button', { name: 'Nouvelle liste' }).click();
  await page.getByRole('dialog', { name: 'Nouvelle liste' }).getByLabel('Sujet').fill(subject);
  await page.getByRole('dialog', { name: 'Nouvelle liste' }).getByRole('button', { name: 'Nouvelle liste' }).click();
  await expect(editor(page).getByRole('heading', { name: `Liste : ${subject}` })).toBeVisible();
  await expect(editor(page).getByText('Contacts actifs : 0')).toBeVisible();
  await expect(editor(page).getByText(/^Dernière modification : \d{2}-\d{2}-\d{4}$/)).toBeVisible();
  for (const tab of ['General', 'Ciblage', 'Séquence', 'Workflow']) await expect(editor(page).getByRole('tab', { name: tab })).toBeVisible();

  // Refresh: an empty list takes in the operator's recipients (three in the demo data).
  await editor(page).getByRole('button', { name: 'Rafraîchir les données' }).click();
  await expect(editor(page).getByText('Données à jour : 3 contact(s) ajouté(s).')).toBeVisible();
  await expect(editor(page).getByText('Contacts actifs : 3')).toBeVisible();

  // Add a contact: invalid first, then valid; the counts follow.
  await editor(page).getByRole('button', { name: 'Ajouter un contact' }).click();
  const form = editor(page).getByRole('form', { name: 'Ajouter un contact' });
  await form.getByRole('button', { name: 'Ajouter' }).click();
  await expect(form.getByText('Email is not valid.')).toBeVisible();
  await form.getByLabel('Email').fill('zoe.blanc@example.org');
  await form.getByLabel('Prénom').fill('Zoélie');
  await form.getByLabel('Téléphone').fill('0612345678');
  await form.getByRole('button', { name: 'Ajouter' }).click();
  await expect(form.getByText('zoe.blanc@example.org a été ajouté à la liste.')).toBeVisible();
  await expect(editor(page).getByText('Contacts actifs : 4')).toBeVisible();
  await expect(editor(page).getByText('Contacts au départ : 4')).toBeVisible();

  // Import a CSV with one bad row and a duplicate: the report names their lines.
  await editor(page).getByLabel('Choisir un fichier CSV').setInputFiles({
    name: 'contacts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('email;prénom;nom;téléphone\nyann@example.org;Yann;Le Gall;0601\npas-une-adresse;X;Y;\nzoe.blanc@example.org;Zoé;Blanc;\nwen@example.org;Wen;Li;0602\n'),
  });
  await expect(editor(page).getByText('Ajoutés : 2 · Doublons : 1 · Lignes invalides : 1')).toBeVisible();
  await expect(editor(page).getByText('Ligne 3 : adresse e-mail invalide : pas-une-adresse')).toBeVisible();
  await expect(editor(page).getByText('Doublons aux lignes : 4')).toBeVisible();
  await expect(editor(page).getByText('Contacts actifs : 6')).toBeVisible();

  // Rename, and give the list a sequence.
  await editor(page).getByLabel('Sujet').fill(`${subject} (renommée)`);
  await editor(page).getByRole('button', { name: 'Enregistrer' }).click();
  await expect(editor(page).getByRole('heading', { name: `Liste : ${subject} (renommée)` })).toBeVisible();
  // The table behind the modal is hidden from assistive technologies while it is open.
  await expect(page.getByRole('region', { name: 'Listes', includeHidden: true }).getByText(`${subject} (renommée)`)).toBeVisible();
  await editor(page).getByRole('tab', { name: 'Séquence' }).click();
  await editor(page).getByRole('textbox', { name: 'Clé', exact: true }).fill('promo');
  await editor(page).getByRole('textbox', { name: 'Valeur', exact: true }).fill('-20 % ce mois-ci');
  await editor(page).getByRole('button', { name: 'Ajouter' }).click();
  await editor(page).getByRole('button', { name: 'Enregistrer' }).click();
  await expect(editor(page).getByRole('tabpanel', { name: 'Séquence' }).getByText('Enregistré.')).toBeVisible();

  // Ciblage: pasted addresses sent as a target list request.
  await editor(page).getByRole('tab', { name: 'Ciblage' }).click();
  await editor(page).getByLabel('Adresses e-mail').fill('ciblage1@example.org\nwen@example.org, faux');
  await editor(page).getByRole('button', { name: 'Envoyer la liste cible' }).click();
  await expect(editor(page).getByText('Ajoutés : 1 · Doublons : 1 · Lignes invalides : 1')).toBeVisible();

  // Workflow: no send yet (the sending feature fills it).
  await editor(page).getByRole('tab', { name: 'Workflow' }).click();
  await expect(editor(page).getByText('Aucun envoi pour le moment.')).toBeVisible();

  // Delete, after saying Non once, then Oui.
  await editor(page).getByRole('tab', { name: 'General' }).click();
  await editor(page).getByRole('button', { name: 'Supprimer la liste' }).click();
  await page.getByRole('dialog', { name: 'Supprimer la liste ?' }).getByRole('button', { name: 'Non' }).click();
  await expect(editor(page).getByRole('heading', { name: `Liste : ${subject}` })).toBeVisible();
  await editor(page).getByRole('button', { name: 'Supprimer la liste' }).click();
  await page.getByRole('dialog', { name: 'Supprimer la liste ?' }).getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(section(page, 'Listes').getByText(subject)).toHaveCount(0);
  await page.reload();
  await expect(section(page, 'Listes').getByText('Newsletter mensuelle')).toBeVisible();
  await expect(section(page, 'Listes').getByText(subject)).toHaveCount(0);
});

test('the admin creates a category and a speech', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/influenceur$/);

  await page.getByRole('button', { name: 'Nouvelle Catégorie' }).click();
  const categoryEditor = page.getByRole('dialog', { name: 'Nouvelle Catégorie' });
  await categoryEditor.getByLabel('Nom').click();
  await page.getByRole('option', { name: 'musique' }).click();
  await expect(categoryEditor.getByLabel('Libellé')).toHaveValue('musique');
  await categoryEditor.getByLabel('Libellé').fill('Musique et clips');
  await categoryEditor.getByLabel('Description').fill('Chaînes musicales.');
  await categoryEditor.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(section(page, 'Catégories').getByRole('cell', { name: 'Musique et clips' })).toBeVisible();

  await page.getByRole('button', { name: 'Nouveau thème' }).click();
  const speechEditor = page.getByRole('dialog', { name: 'Nouveau thème' });
  await speechEditor.getByLabel('Nom').fill('lancement');
  await speechEditor.getByLabel('Libellé').fill('Lancement de chaîne');
  await speechEditor.getByRole('textbox', { name: 'Clé', exact: true }).fill('accroche');
  await speechEditor.getByRole('textbox', { name: 'Valeur', exact: true }).fill('Une nouvelle chaîne est née !');
  await speechEditor.getByRole('button', { name: 'Ajouter' }).click();
  await expect(speechEditor.getByRole('textbox', { name: 'Clé 1' })).toHaveValue('accroche');
  await speechEditor.getByRole('button', { name: 'Enregistrer' }).click();
  const row = section(page, 'Discours').getByRole('row', { name: /Lancement de chaîne/ });
  await expect(row).toContainText('lancement');
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');
});
