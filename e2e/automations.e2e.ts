import { expect, test, type Page } from './support/test';
import { seriousAxeFindings } from './support/axe';
import { scrollsSideways } from './support/console';
import { DEMO_ADMIN } from './support/demoUsers';
import { recipientOf, waitForMail } from './support/mailbox';
import { signIn } from './support/signIn';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** The admin's API, as a script would call it. */
async function adminApi(page: Page) {
  const { token } = await (await page.request.post('/api/login_check', { data: DEMO_ADMIN })).json();
  const headers = { authorization: `Bearer ${token}` };
  return {
    post: async (url: string, data: unknown) => {
      const response = await page.request.post(url, { headers, data });
      expect(response.status(), await response.text()).toBeLessThan(300);
      return response.json();
    },
    get: async (url: string) => (await page.request.get(url, { headers })).json(),
  };
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('an operator creates an automation from the navigation, activates it with the contacts already in the list, and watches its figures move', async ({ page }) => {
      test.setTimeout(120_000);
      const run = `${viewport.width}-${Date.now().toString(36)}`;
      const api = await adminApi(page);
      const list = await api.post('/api/grps', { subject: `Auto ${run}` });
      const email = `auto.${run}@example.org`;
      await api.post('/api/grp_rcps', { email, grp: list.id });
      await api.post('/api/deliveries', {
        label: `Bienvenue ${run}`,
        internalname: `bienvenue-${run}`,
        subject: `Bienvenue ${run}`,
        codeHtml: [b64('<p>Bienvenue</p>')],
        codeText: [b64('Bienvenue')],
      });

      await signIn(page, DEMO_ADMIN);
      await expect(page).toHaveURL(/\/influenceur$/);
      if (viewport.width < 900) {
        await page.getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('menuitem', { name: 'Automatisations' }).click();
      } else {
        await page.getByRole('link', { name: 'Automatisations' }).click();
      }
      await expect(page).toHaveURL(/\/influenceur\/automatisations$/);
      await page.getByRole('button', { name: 'Nouvelle automatisation' }).click();
      const create = page.getByRole('dialog', { name: 'Nouvelle automatisation' });
      await create.getByLabel('Nom').fill(`Accueil ${run}`);
      await create.getByLabel(/^Liste/).click();
      await page.getByRole('option', { name: `Auto ${run}` }).click();
      await create.getByRole('button', { name: 'Nouvelle automatisation' }).click();
      await expect(page).toHaveURL(/\/influenceur\/automatisations\/\d+$/);

      await page.getByRole('button', { name: 'Ajouter une étape' }).click();
      const step = page.getByRole('listitem', { name: 'Étape 1' });
      await step.getByLabel('Modèle envoyé').click();
      await page.getByRole('option', { name: `Bienvenue ${run}` }).click();
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page.getByText('Automatisation enregistrée.')).toBeVisible();
      expect(await scrollsSideways(page), 'the automation page scrolls sideways').toBe(false);
      expect(await seriousAxeFindings(page)).toEqual([]);

      await page.getByRole('button', { name: 'Activer' }).click();
      const activate = page.getByRole('dialog', { name: "Activer l'automatisation" });
      await expect(activate).toContainText("1 contact déjà actif dans la liste n'y entre pas, sauf si vous le demandez.");
      await activate.getByLabel('Faire entrer aussi ce contact').check();
      await activate.getByRole('button', { name: 'Activer' }).click();
      await expect(page.getByText(/Statut : active/)).toBeVisible();

      // The figures move as the automation runs and the queue sends: read from the server.
      const figures = page.getByRole('region', { name: 'Chiffres par étape' });
      const row = figures.getByRole('row', { name: new RegExp(`Étape 1 · Bienvenue ${run}`) });
      await expect(row.getByRole('cell').nth(1)).toHaveText('1', { timeout: 60_000 });
      await waitForMail((m) => recipientOf(m) === email, 1, 30_000);

      // The contact's timeline.
      const timeline = page.getByRole('region', { name: "Parcours d'un contact" });
      await timeline.getByLabel('E-mail du contact').fill(email);
      await timeline.getByRole('button', { name: 'Afficher' }).click();
      await expect(timeline.getByText(/Étape 1 : envoyé/)).toBeVisible();
      expect(await seriousAxeFindings(page)).toEqual([]);
    });

    test('a subscriber confirms from the message’s link with a button; a link scanner’s GET confirms nothing', async ({ page }) => {
      const run = `${viewport.width}-${Date.now().toString(36)}`;
      const api = await adminApi(page);
      const list = await api.post('/api/grps', { subject: `Confirmée ${run}`, doubleOptIn: true });
      const email = `optin.${run}@example.org`;
      const subscribed = await page.request.post(`/api/grps/${list.id}/subscribe`, { data: { email } });
      expect(subscribed.status()).toBe(202);
      const [mail] = await waitForMail((m) => recipientOf(m) === email, 1);
      expect(mail.subject).toBe(`Confirmez votre abonnement à « Confirmée ${run} »`);
      const link = new URL(/https?:\/\/\S+\/confirmation\/[A-Za-z0-9_-]+/.exec(String(mail.text))![0]);

      // A scanner fetches the page and the API behind it: nothing is confirmed.
      expect((await page.request.get(link.pathname)).status()).toBe(200);
      expect((await page.request.get(`/api/confirmations/${link.pathname.split('/').pop()}`)).status()).toBe(200);
      const [contact] = (await api.get(`/api/grp_rcps?grp=${list.id}&email=${encodeURIComponent(email)}`))['hydra:member'];
      expect(contact.status).toBe('en attente');

      await page.goto(link.pathname);
      await expect(page.getByRole('heading', { name: 'Confirmation' })).toBeFocused();
      await expect(page.getByText(`L'abonnement de ${email} à la liste « Confirmée ${run} »`)).toBeVisible();
      expect(await scrollsSideways(page), 'the confirmation page scrolls sideways').toBe(false);
      expect(await seriousAxeFindings(page)).toEqual([]);
      await page.getByRole('button', { name: 'Je confirme' }).click();
      await expect(page.getByText('C’est confirmé : votre abonnement est actif. Merci !')).toBeVisible();
      expect((await api.get(`/api/grp_rcps/${contact.id}`)).status).toBe('actif');
      expect(await seriousAxeFindings(page)).toEqual([]);

      // The link again: already used, said in French.
      await page.reload();
      await expect(page.getByText('Ce lien de confirmation a déjà servi : il n’y a plus rien à faire.')).toBeVisible();
    });
  });
}
