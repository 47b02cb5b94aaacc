import { expect, test, type Locator, type Page } from './support/test';
import { DEMO_ADMIN } from './support/demoUsers';
import { seriousAxeFindings } from './support/axe';
import { recipientOf, waitForMail } from './support/mailbox';
import { openNewTemplate, scrollsSideways } from './support/console';

/** The editor's Code tab, in the mode named. */
const mode = (editor: Locator, name: 'Blocs' | 'Code') => editor.getByRole('group', { name: 'Mode d’édition' }).getByRole('button', { name });

/** Checks the AMP part against the AMP4EMAIL rules through the product's own endpoint. */
async function ampErrors(page: Page, token: string, amp: string) {
  const response = await page.request.post('/api/delivery/amp/validation', {
    headers: { authorization: `Bearer ${token}` },
    data: { codeAmp: amp },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).errors;
}

test('a new user makes a newsletter from a starter in « Blocs », tests it, publishes it and sends it to a list', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const label = `Annonce ${run}`;
  // A page of the product itself: the button's link must lead somewhere that answers.
  const target = `${baseURL}/?depuis=annonce-${run}`;

  // A list of three contacts, one of whom is on the suppression list: two receive the message.
  const { token } = await (await page.request.post('/api/login_check', { data: DEMO_ADMIN })).json();
  const headers = { authorization: `Bearer ${token}` };
  const post = async (url: string, data: unknown) => {
    const response = await page.request.post(url, { headers, data });
    expect(response.status(), await response.text()).toBe(201);
    return response.json();
  };
  const contacts = ['ana', 'basile'].map((name) => `${name}.${run}@example.org`);
  const excluded = `exclu.${run}@example.org`;
  const list = await post('/api/grps', { subject: `Annonces ${run}` });
  for (const email of [...contacts, excluded]) await post('/api/grp_rcps', { email, grp: list.id });
  await post('/api/suppressions', { email: excluded });

  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Mot de passe').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/influenceur$/);

  // A new template from the « Annonce » starting point.
  await page.getByRole('button', { name: 'Nouveau modèle' }).click();
  const editor = page.getByRole('dialog', { name: 'Modèle : Nouveau modèle' });
  await editor.getByRole('button', { name: 'Annonce', exact: true }).click();
  await editor.getByLabel('Libellé').fill(label);

  // The Code tab's « Blocs » mode shows the starter's blocks.
  await editor.getByRole('tab', { name: 'Code' }).click();
  await expect(mode(editor, 'Code')).toHaveAttribute('aria-pressed', 'true');
  await mode(editor, 'Blocs').click();
  await expect(mode(editor, 'Blocs')).toHaveAttribute('aria-pressed', 'true');
  const titleBlock = editor.getByRole('region', { name: 'Bloc 2 : Titre' });
  await expect(titleBlock.getByLabel('Titre')).toHaveValue('Une annonce importante');
  await titleBlock.getByLabel('Titre').fill(`Grande nouvelle ${run}`);
  const buttonBlock = editor.getByRole('region', { name: 'Bloc 5 : Bouton' });
  await buttonBlock.getByLabel('Libellé du bouton').fill('Découvrir la nouveauté');
  await buttonBlock.getByLabel('Lien du bouton').fill(target);

  // The live preview, at a desktop's width, then a phone's.
  const frame = editor.locator('iframe[title="Aperçu du message fait de blocs"]');
  const preview = page.frameLocator('iframe[title="Aperçu du message fait de blocs"]');
  await expect(preview.getByRole('heading', { name: `Grande nouvelle ${run}` })).toBeVisible();
  // Rendered as the contact reads it: variables at their examples.
  await expect(preview.getByText('Bonjour Prénom,')).toBeVisible();
  await expect(preview.getByRole('link', { name: 'Découvrir la nouveauté' })).toHaveAttribute('href', target);
  expect((await frame.boundingBox())?.width).toBe(600);
  await editor.getByRole('button', { name: 'Téléphone (375 px)' }).click();
  await expect.poll(async () => (await frame.boundingBox())?.width).toBe(375);
  await expect(preview.getByRole('link', { name: 'Découvrir la nouveauté' })).toBeVisible();

  // By keyboard alone: add a divider, move it up, remove it; switch modes.
  await editor.getByRole('button', { name: 'Ajouter : Séparateur' }).focus();
  await page.keyboard.press('Enter');
  const divider = editor.getByRole('region', { name: 'Bloc 7 : Séparateur' });
  await expect(divider).toBeVisible();
  await divider.getByRole('button', { name: 'Monter le bloc 7' }).focus();
  await page.keyboard.press('Enter');
  await expect(editor.getByRole('region', { name: 'Bloc 6 : Séparateur' })).toBeVisible();
  await expect(editor.getByRole('region', { name: 'Bloc 7 : Pied de page' })).toBeVisible();
  await editor.getByRole('button', { name: 'Supprimer le bloc 6' }).focus();
  await page.keyboard.press('Enter');
  await expect(editor.getByRole('region', { name: /Séparateur$/ })).toHaveCount(0);
  expect(await seriousAxeFindings(page)).toEqual([]);

  await mode(editor, 'Code').focus();
  await page.keyboard.press('Space');
  await expect(editor.getByText('Ce modèle est fait de blocs : son code est écrit par le mode « Blocs » et se lit ici.')).toBeVisible();
  // The code the blocks wrote: MJML's HTML, and the AMP part.
  await expect(editor.getByRole('textbox', { name: 'HTML', exact: true })).toContainText('<!doctype html>');
  await expect(editor.getByRole('textbox', { name: 'AMP', exact: true })).toContainText('<html ⚡4email data-css-strict lang="fr">');
  expect(await seriousAxeFindings(page)).toEqual([]);
  await mode(editor, 'Blocs').focus();
  await page.keyboard.press('Space');
  await expect(editor.getByRole('region', { name: 'Bloc 2 : Titre' })).toBeVisible();

  await editor.getByRole('button', { name: 'Enregistrer' }).click();
  const saved = page.getByRole('dialog', { name: `Modèle : ${label}` });
  await expect(saved.getByText('Version 2 enregistrée.')).toBeVisible();

  // Reopened, the template shows its blocks again.
  await page.reload();
  const reopened = page.getByRole('dialog', { name: `Modèle : ${label}` });
  await mode(reopened, 'Blocs').click();
  await expect(reopened.getByRole('region', { name: 'Bloc 2 : Titre' }).getByLabel('Titre')).toHaveValue(`Grande nouvelle ${run}`);

  // The test send (BAT): text, HTML and AMP parts, the AMP valid, the links working.
  await reopened.getByRole('button', { name: 'BAT' }).click();
  const bat = page.getByRole('dialog', { name: 'BAT (envoi de test)' });
  await bat.getByRole('button', { name: 'Envoyer le BAT' }).click();
  await expect(bat.getByText(`BAT envoyé à ${DEMO_ADMIN.email}.`)).toBeVisible();
  const [proof] = await waitForMail(
    (mail) => mail.subject === '[BAT] Une annonce importante' && (mail.html || '').includes(`Grande nouvelle ${run}`),
    1,
  );
  expect(proof.text).toContain(`Grande nouvelle ${run}`);
  expect(proof.text).toContain(`Découvrir la nouveauté : ${target}`);
  expect(proof.html).toMatch(/<table[^>]*role="presentation"/);
  const amp = proof.attachments.find((part) => part.contentType === 'text/x-amp-html')?.content.toString() ?? '';
  expect(amp).toContain(`Grande nouvelle ${run}`);
  expect(await ampErrors(page, token, amp)).toEqual([]);
  const buttonLinks = [...(proof.html as string).matchAll(/href="([^"]+)"[^>]*>\s*Découvrir la nouveauté/g)].map((m) => m[1].replace(/&amp;/g, '&'));
  expect(buttonLinks).toEqual([target]);
  expect((await page.request.get(buttonLinks[0])).status()).toBe(200);
  await bat.getByRole('button', { name: 'Fermer' }).click();

  // Published through its confirmation.
  await reopened.getByRole('button', { name: 'Publier cette version (MEP)' }).click();
  const publish = page.getByRole('dialog', { name: 'Publier cette version (MEP) ?' });
  await expect(publish).toContainText(`La version 2 de « ${label} »`);
  await publish.getByRole('button', { name: 'Oui' }).click();
  await expect(reopened.getByText('Version 2 mise en production.')).toBeVisible();

  // Sent to the list, the count confirmed: after the suppression list.
  await reopened.getByRole('button', { name: 'Envoyer' }).click();
  const send = page.getByRole('dialog', { name: 'Envoyer à une liste' });
  await send.getByRole('combobox', { name: 'Liste' }).click();
  await page.getByRole('option', { name: `Annonces ${run}` }).click();
  await send.getByRole('button', { name: 'Continuer' }).click();
  await expect(send.getByText(`Destinataires : 2 contacts actifs de la liste « Annonces ${run} ».`)).toBeVisible();
  await expect(send.getByText('1 autre contact actif est sur la liste d’exclusion : il ne le recevra pas.')).toBeVisible();
  await send.getByRole('button', { name: 'Confirmer l’envoi' }).click();
  await expect(send.getByText('Terminé · Envoyés : 2 / 2 · Échecs : 0 · En attente : 0')).toBeVisible({ timeout: 30_000 });

  const received = await waitForMail((mail) => contacts.includes(recipientOf(mail) ?? '') && mail.subject === 'Une annonce importante', 2);
  expect(received.map(recipientOf).sort()).toEqual([...contacts].sort());
  for (const mail of received) {
    expect(mail.text).toContain(`Grande nouvelle ${run}`);
    expect(mail.html).toContain(`Grande nouvelle ${run}`);
    const part = mail.attachments.find((p) => p.contentType === 'text/x-amp-html')?.content.toString() ?? '';
    expect(await ampErrors(page, token, part)).toEqual([]);
  }
  // The footer block's unsubscribe link opens the product's unsubscribe page.
  const unsubscribe = /(http:\/\/\S+\/api\/unsubscribe\/[^\s"<>]+)/.exec(received[0].text ?? '')?.[1] as string;
  expect(unsubscribe).toBeTruthy();
  const unsubscribePage = await page.context().newPage();
  await unsubscribePage.goto(unsubscribe);
  await expect(unsubscribePage.getByRole('button', { name: 'Me désabonner' })).toBeVisible();
  await unsubscribePage.close();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('« Blocs » turns a code template into blocks only when asked, and fits a phone', async ({ page }) => {
    const label = `Blocs téléphone ${Date.now().toString(36)}`;
    const { editor } = await openNewTemplate(page, { label, html: '<p>Écrit à la main</p>', tab: 'code' });
    await mode(editor, 'Blocs').click();
    await expect(editor.getByText(/^Ce modèle est écrit en code/)).toBeVisible();
    expect(await seriousAxeFindings(page)).toEqual([]);
    await editor.getByRole('button', { name: 'Remplacer le code par des blocs' }).click();
    await page.getByRole('dialog', { name: 'Passer ce modèle en blocs ?' }).getByRole('button', { name: 'Oui' }).click();
    await expect(editor.getByRole('region', { name: 'Bloc 1 : Titre' })).toBeVisible();
    const preview = page.frameLocator('iframe[title="Aperçu du message fait de blocs"]');
    await expect(preview.getByRole('heading', { name: 'Votre titre' })).toBeVisible();
    expect(await scrollsSideways(page), 'the page scrolls sideways').toBe(false);
    expect(await seriousAxeFindings(page)).toEqual([]);
    // The code is the blocks' now, and saves.
    await editor.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(editor.getByText('Version 2 enregistrée.')).toBeVisible();
  });
});
