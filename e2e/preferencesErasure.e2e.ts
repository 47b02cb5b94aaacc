import fs from 'node:fs';
import { expect, test, type Page } from './support/test';
import { seriousAxeFindings } from './support/axe';
import { DEMO_ADMIN } from './support/demoUsers';
import { recipientOf, waitForMail } from './support/mailbox';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** A list with one contact and a template, made through the admin's API; sends it. Answers the contact's address. */
async function sentToOneContact(page: Page, run: string): Promise<string> {
  const { token } = await (await page.request.post('/api/login_check', { data: DEMO_ADMIN })).json();
  const headers = { authorization: `Bearer ${token}` };
  const email = `contact-efface.${run}@example.org`;
  const list = await (await page.request.post('/api/grps', { headers, data: { subject: `Lettre ${run}` } })).json();
  expect((await page.request.post('/api/grp_rcps', { headers, data: { grp: list.id, email, firstname: 'Inès' } })).status()).toBe(201);
  const delivery = await page.request.post('/api/deliveries', {
    headers,
    data: {
      label: `Lettre ${run}`,
      internalname: `lettre-${run}`,
      subject: `La lettre ${run}`,
      codeHtml: [b64('<html><body><p>Bonjour {{firstname}} !</p></body></html>')],
      codeText: [b64('Bonjour {{firstname}} !')],
    },
  });
  expect(delivery.status(), await delivery.text()).toBe(201);
  const sent = await page.request.post('/api/sendEmail', { headers, data: { delId: (await delivery.json()).id, listId: list.id } });
  expect(sent.status(), await sent.text()).toBe(202);
  return email;
}

/** Issue 38: a contact downloads, then erases, their data from a message's « Gérer mes abonnements » link. */
test('a contact downloads then erases their data from the preference link of a message', async ({ page }) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const email = await sentToOneContact(page, run);
  const [letter] = await waitForMail((mail) => recipientOf(mail) === email && mail.subject === `La lettre ${run}`, 1);
  const link = /href="([^"]*\/preferences\/[^"]+)">Gérer mes abonnements</.exec(String(letter.html))?.[1];
  expect(link).toBeTruthy();
  await page.goto(new URL(link!.replace(/&amp;/g, '&')).pathname);
  await expect(page).toHaveURL(/\/preferences$/);

  const mine = page.getByRole('region', { name: 'Mes données' });
  const [download] = await Promise.all([page.waitForEvent('download'), mine.getByRole('button', { name: 'Télécharger mes données' }).click()]);
  const data = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
  expect(Object.keys(data)).toEqual(['contacts', 'consentements', 'envois', 'ouvertures', 'clics', 'rejets', 'automatisations', 'visiteur']);
  expect(JSON.stringify(data.contacts)).toContain(email);
  expect(await seriousAxeFindings(page)).toEqual([]);

  await mine.getByRole('button', { name: 'Effacer mes données' }).click();
  await page.getByRole('dialog', { name: 'Effacer mes données ?' }).getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByText(/ouvrez son lien pour confirmer l.effacement de vos données/)).toBeVisible();

  const [mail] = await waitForMail((m) => recipientOf(m) === email && (m.subject ?? '').includes('effacement'), 1);
  const confirmation = /https?:\/\/[^\s]+\/confirmation\/[\w-]+/.exec(mail.text ?? '')![0];
  await page.goto(new URL(confirmation).pathname);
  await page.getByRole('button', { name: 'Je confirme' }).click();
  await expect(page.getByText('C’est fait : vos données sont effacées.')).toBeVisible();

  // The message's link names no one any more.
  await page.goto(new URL(link!.replace(/&amp;/g, '&')).pathname);
  await expect(page.getByText('Ce lien de gestion des abonnements est invalide.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Télécharger mes données' })).toHaveCount(0);
});
