import { expect, test, type Page } from './support/test';
import { seriousAxeFindings } from './support/axe';
import { scrollsSideways } from './support/console';
import { DEMO_ADMIN } from './support/demoUsers';
import { recipientOf, waitForMail } from './support/mailbox';
import { signIn } from './support/signIn';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** A template made through the admin's API, as a script would. */
async function template(page: Page, run: string): Promise<string> {
  const { token } = await (await page.request.post('/api/login_check', { data: DEMO_ADMIN })).json();
  const label = `Lyon ${run}`;
  const response = await page.request.post('/api/deliveries', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      label,
      internalname: `lyon-${run}`,
      subject: `Nouvelles de {{attribs.ville "votre ville"}} ${run}`,
      codeHtml: [b64('<html><body><p>Bonjour {{firstname}}, à {{attribs.ville}} !</p></body></html>')],
      codeText: [b64('Bonjour {{firstname}}, à {{attribs.ville}} !')],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return label;
}

test('a segment « ville = Lyon » from an imported CSV, counted, sent to, and a subscription managed from the message', async ({ page }) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const subject = `Villes ${run}`;
  const label = await template(page, run);
  await signIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/influenceur$/);

  // A list, and a CSV whose « ville » column becomes an attribute.
  await page.getByRole('button', { name: 'Nouvelle liste' }).click();
  await page.getByRole('dialog', { name: 'Nouvelle liste' }).getByLabel('Sujet').fill(subject);
  await page.getByRole('dialog', { name: 'Nouvelle liste' }).getByRole('button', { name: 'Nouvelle liste' }).click();
  const editor = page.getByRole('dialog', { name: `Liste : ${subject}` });
  await editor.getByLabel('Choisir un fichier CSV').setInputFiles({
    name: 'villes.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'email;prénom;ville\r\n' +
        `lea.${run}@example.org;Léa;Lyon\r\n` +
        `paul.${run}@example.org;Paul;lyon\r\n` +
        `zoe.${run}@example.org;Zoé;Paris\r\n` +
        `yann.${run}@example.org;Yann;\r\n`,
      'utf8',
    ),
  });
  await expect(editor.getByText('Contacts actifs : 4')).toBeVisible();
  await editor.getByRole('button', { name: 'Fermer' }).first().click();

  // The segments page, reached from the console.
  await page.getByRole('link', { name: 'Segments' }).click();
  await expect(page).toHaveURL(/\/influenceur\/segments$/);
  await page.getByRole('button', { name: 'Nouveau segment' }).click();
  const segment = page.getByRole('dialog', { name: 'Nouveau segment' });
  await segment.getByLabel('Nom').fill(`Lyonnais ${run}`);
  await segment.getByLabel('Liste').click();
  await page.getByRole('option', { name: subject }).click();
  await expect(segment.getByText('4 contacts dans ce segment')).toBeVisible();
  await segment.getByRole('button', { name: 'Ajouter une règle sur un champ' }).click();
  const rule = segment.getByRole('group', { name: 'Règle 1' });
  await expect(rule.getByRole('combobox', { name: 'Champ' })).toHaveText('Attribut « ville »');
  await rule.getByLabel('Valeur').fill('Lyon');
  await expect(segment.getByText('2 contacts dans ce segment')).toBeVisible();
  expect(await seriousAxeFindings(page)).toEqual([]);
  await segment.getByRole('button', { name: 'Enregistrer le segment' }).click();
  await expect(page.getByText(`Segment « Lyonnais ${run} » enregistré.`)).toBeVisible();

  // Saved, the editor is the segment's: send the template to it.
  const saved = page.getByRole('dialog', { name: `Segment : Lyonnais ${run}` });
  await saved.getByLabel('Modèle').click();
  await page.getByRole('option', { name: label }).click();
  await saved.getByRole('button', { name: 'Envoyer', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Envoyer au segment' });
  await expect(confirm).toContainText(`aux 2 contacts du segment « Lyonnais ${run} »`);
  await confirm.getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByText('Envoi parti : 2 contacts.')).toBeVisible();

  // Only Lyon's contacts got it, each with their city.
  const mails = await waitForMail((mail) => (mail.subject ?? '').endsWith(run), 2);
  expect(mails.map(recipientOf).sort()).toEqual([`lea.${run}@example.org`, `paul.${run}@example.org`]);
  const lea = mails.find((mail) => recipientOf(mail) === `lea.${run}@example.org`)!;
  expect(lea.subject).toBe(`Nouvelles de Lyon ${run}`);
  expect(String(lea.html)).toContain('Bonjour Léa, à Lyon !');
  const paul = mails.find((mail) => recipientOf(mail) === `paul.${run}@example.org`)!;
  expect(paul.text).toContain('Bonjour Paul, à lyon !');

  // « Gérer mes abonnements », from the message: the token leaves the address bar.
  const link = /href="([^"]*\/preferences\/[^"]+)">Gérer mes abonnements</.exec(String(lea.html))?.[1];
  expect(link).toBeTruthy();
  await page.goto(link!.replace(/&amp;/g, '&'));
  await expect(page).toHaveURL(/\/preferences$/);
  await expect(page.getByRole('heading', { name: 'Gérer mes abonnements', level: 1 })).toBeVisible();
  const toggle = page.getByRole('switch', { name: `Recevoir les envois de la liste « ${subject} »` });
  await expect(toggle).toBeChecked();
  expect(await seriousAxeFindings(page)).toEqual([]);
  await toggle.click();
  await expect(page.getByText(`Vous ne recevrez plus les envois de la liste « ${subject} ».`)).toBeVisible();
  await expect(toggle).not.toBeChecked();
  // A reload finds the page again (the token kept in its history entry), as saved.
  await page.reload();
  await expect(page.getByRole('switch', { name: `Recevoir les envois de la liste « ${subject} »` })).not.toBeChecked();
  await page.getByRole('switch', { name: `Recevoir les envois de la liste « ${subject} »` }).click();
  await expect(page.getByText(`Vous êtes de nouveau abonné(e) à la liste « ${subject} ».`)).toBeVisible();
});

test.describe('at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the segments page and its editor fit a phone, without serious axe findings', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO_ADMIN);
    await expect(page).toHaveURL(/\/influenceur$/);
    await page.getByRole('link', { name: 'Segments' }).click();
    await expect(page).toHaveURL(/\/influenceur\/segments$/);
    await expect(page.getByRole('table', { name: 'Segments' })).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    await page.getByRole('button', { name: 'Nouveau segment' }).click();
    const segment = page.getByRole('dialog', { name: 'Nouveau segment' });
    await segment.getByRole('button', { name: 'Ajouter une règle d’activité' }).click();
    await expect(segment.getByRole('group', { name: 'Règle 1' })).toBeVisible();
    await expect(segment.getByText(/contacts? dans ce segment$/)).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
});
