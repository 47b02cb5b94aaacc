import { expect, test, type APIRequestContext, type Page } from './support/test';
import { DEMO_ADMIN, DEMO_OPERATOR } from './support/demoUsers';
import { recipientOf, waitForMail } from './support/mailbox';

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/influenceur$/);
}

async function api(request: APIRequestContext, credentials: { email: string; password: string }) {
  const { token } = await (await request.post('/api/login_check', { data: credentials })).json();
  const headers = { authorization: `Bearer ${token}` };
  return async (url: string, data: unknown) => {
    const response = await request.post(url, { headers, data });
    expect(response.status(), await response.text()).toBe(201);
    return response.json();
  };
}

test('an admin writes a template, tests it, sends it twice to a list with an unsubscribe between, then deletes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const contacts = ['alice', 'bruno', 'chloe'].map((name) => `${name}.${run}@example.org`);
  const post = await api(page.request, DEMO_ADMIN);
  const list = await post('/api/grps', { subject: `Abonnés ${run}` });
  for (const [i, email] of contacts.entries())
    await post('/api/grp_rcps', { email, firstname: `Contact${i + 1}`, grp: list.id });

  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Nouveau modèle' }).click();
  const editor = page.getByRole('dialog', { name: 'Modèle : Nouveau modèle' });
  await expect(editor.getByRole('tab')).toHaveText([
    'Général',
    'Contenu',
    'Séquence',
    'Code',
    'Data',
    'Langue',
    'Diffusion',
  ]);
  await expect(editor.getByText(/^Version 1 · modifiée le/)).toBeVisible();
  const label = `Lettre ${run}`;
  await editor.getByLabel('Libellé').fill(label);
  await editor.getByLabel('Objet').fill('Bonjour {{firstname}}');

  await editor.getByRole('tab', { name: 'Code' }).click();
  await editor
    .getByLabel('HTML')
    .fill('<html><body><h1>Bonjour {{firstname}}</h1><p>Nouveautés de mai.</p></body></html>');
  await editor.getByLabel('Texte').fill('Bonjour {{firstname}}\nNouveautés de mai.');
  await editor
    .getByLabel('AMP')
    .fill(
      '<!doctype html><html ⚡4email data-css-strict><head><meta charset="utf-8">' +
        '<script async src="https://cdn.ampproject.org/v0.js"></script>' +
        '<style amp4email-boilerplate>body{visibility:hidden}</style></head><body><p>AMP {{firstname}}</p></body></html>',
    );

  await editor.getByRole('tab', { name: 'Contenu' }).click();
  await expect(editor.getByText('Objet : Bonjour Prénom')).toBeVisible();
  await expect(
    page.frameLocator('iframe[title="Aperçu HTML"]').getByRole('heading', { name: 'Bonjour Prénom' }),
  ).toBeVisible();
  await expect(page.frameLocator('iframe[title="Aperçu AMP"]').getByText('AMP Prénom')).toBeVisible();
  await expect(editor.locator('iframe[title="Aperçu HTML"]')).toHaveAttribute('sandbox', '');

  await editor.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Version 2 enregistrée.')).toBeVisible();
  const saved = page.getByRole('dialog', { name: `Modèle : ${label}` });
  await saved.getByRole('tab', { name: 'Général' }).click();
  await expect(saved.getByText(/^Version 2 · modifiée le/)).toBeVisible();

  // BAT, to the admin's own address by default.
  await saved.getByRole('button', { name: 'BAT' }).click();
  const bat = page.getByRole('dialog', { name: 'BAT (envoi de test)' });
  await expect(bat.getByLabel(/Adresse du BAT/)).toHaveValue(DEMO_ADMIN.email);
  await bat.getByRole('button', { name: 'Envoyer le BAT' }).click();
  await expect(bat.getByText(`BAT envoyé à ${DEMO_ADMIN.email}.`)).toBeVisible();
  const [proof] = await waitForMail(
    (mail) => mail.subject === '[BAT] Bonjour Prénom' && recipientOf(mail) === DEMO_ADMIN.email,
    1,
  );
  expect(proof.text).toContain('Nouveautés de mai.');
  expect(proof.html).toContain('<h1>Bonjour Prénom</h1>');
  expect(proof.attachments.find((part) => part.contentType === 'text/x-amp-html')?.content.toString()).toContain(
    'AMP Prénom',
  );
  await bat.getByRole('button', { name: 'Fermer' }).click();

  // MEP, named for what it does, asks first and says which version becomes the published one (issue 41).
  await saved.getByRole('button', { name: 'Publier cette version (MEP)' }).click();
  const publish = page.getByRole('dialog', { name: 'Publier cette version (MEP) ?' });
  await expect(publish).toContainText(`La version 2 de « ${label} » (objet « Bonjour {{firstname}} ») devient la version publiée`);
  await publish.getByRole('button', { name: 'Oui' }).click();
  await expect(saved.getByText('Version 2 mise en production.')).toBeVisible();

  const sendTo = async (expected: string) => {
    await saved.getByRole('button', { name: 'Envoyer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Envoyer à une liste' });
    await dialog.getByRole('combobox', { name: 'Liste' }).click();
    await page.getByRole('option', { name: `Abonnés ${run}` }).click();
    await dialog.getByRole('button', { name: 'Continuer' }).click();
    await dialog.getByRole('button', { name: 'Confirmer l’envoi' }).click();
    await expect(dialog.getByText(expected)).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByRole('progressbar', { name: 'Progression de l’envoi' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await dialog.getByRole('button', { name: 'Fermer' }).click();
  };
  const toContacts = (mail: { subject?: string }) => mail.subject?.startsWith('Bonjour Contact') ?? false;
  const ours = (mail: Parameters<typeof recipientOf>[0]) =>
    toContacts(mail) && contacts.includes(recipientOf(mail) ?? '');

  await sendTo('Terminé · Envoyés : 3 / 3 · Échecs : 0 · En attente : 0');
  const first = await waitForMail(ours, 3);
  expect(first.map(recipientOf).sort()).toEqual([...contacts].sort());
  const toBruno = first.find((mail) => recipientOf(mail) === contacts[1]);
  expect(toBruno?.subject).toBe('Bonjour Contact2');

  // Bruno unsubscribes through the link of his message.
  const link = /(http:\/\/\S+\/api\/unsubscribe\/\S+)/.exec(toBruno?.text ?? '')?.[1] as string;
  const unsubscribe = await page.context().newPage();
  await unsubscribe.goto(link);
  await expect(
    unsubscribe.getByText(`Ne plus recevoir les envois de la liste « Abonnés ${run} » à l'adresse ${contacts[1]} ?`),
  ).toBeVisible();
  await unsubscribe.getByRole('button', { name: 'Me désabonner' }).click();
  await expect(
    unsubscribe.getByText(`C'est fait : ${contacts[1]} ne recevra plus les envois de la liste « Abonnés ${run} ».`),
  ).toBeVisible();
  await unsubscribe.close();

  await sendTo('Terminé · Envoyés : 2 / 2 · Échecs : 0 · En attente : 0');
  const all = await waitForMail(ours, 5);
  expect(all).toHaveLength(5);
  expect(all.slice(3).map(recipientOf).sort()).toEqual([contacts[0], contacts[2]].sort());

  await saved.getByRole('button', { name: 'Supprimer' }).click();
  const popin = page.getByRole('dialog', { name: 'Supprimer le modèle' });
  await expect(popin.getByText(`Supprimer le modèle « ${label} » ?`)).toBeVisible();
  await popin.getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('link', { name: label })).toHaveCount(0);
});

test('a non-admin sees only Général and Code, and no create button', async ({ page }) => {
  const post = await api(page.request, DEMO_ADMIN);
  const { token } = await (await page.request.post('/api/login_check', { data: DEMO_OPERATOR })).json();
  const operatorId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).id;
  const label = `Modèle opérateur ${Date.now().toString(36)}`;
  await post('/api/deliveries', {
    label,
    internalname: `op-${Date.now().toString(36)}`,
    category: 'TGM',
    user: operatorId,
  });

  await signIn(page, DEMO_OPERATOR.email, DEMO_OPERATOR.password);
  await expect(page.getByRole('button', { name: 'Nouveau modèle' })).toHaveCount(0);
  await page.getByRole('link', { name: label }).click();
  const editor = page.getByRole('dialog', { name: `Modèle : ${label}` });
  await expect(editor.getByRole('tab')).toHaveText(['Général', 'Code']);
});
