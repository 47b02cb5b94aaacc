import { expect, test } from './support/test';
import { seriousAxeFindings } from './support/axe';
import { openAdminPage, scrollsSideways } from './support/console';
import { DEMO_ADMIN } from './support/demoUsers';
import { recipientOf, waitForMail } from './support/mailbox';
import { signIn } from './support/signIn';

const PASSWORD = 'colibri-banquise-ardoise-42';

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`an admin invites a colleague, who accepts and lands signed in, an éditeur who sees no Envoyer (${viewport.name})`, async ({ page, browser }) => {
    await page.setViewportSize(viewport);
    const colleague = `collegue-${viewport.name}-${Date.now().toString(36)}@example.org`;

    // The admin invites an éditeur from « Utilisateurs ».
    await signIn(page, DEMO_ADMIN);
    await expect(page).toHaveURL(/\/influenceur$/);
    await expect(page.getByRole('button', { name: /^(Administration|Menu)$/ })).toBeVisible();
    await openAdminPage(page, 'Utilisateurs');
    await expect(page).toHaveURL(/\/influenceur\/utilisateurs$/);
    const invite = page.getByRole('form', { name: 'Inviter un utilisateur' });
    await invite.getByLabel('Adresse e-mail').fill(colleague);
    await invite.getByRole('combobox', { name: 'Rôle' }).click();
    await page.getByRole('option', { name: 'Éditeur', exact: true }).click();
    await invite.getByRole('button', { name: 'Envoyer l’invitation' }).click();
    await expect(page.getByText(`Invitation envoyée à ${colleague}.`)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Utilisateurs' }).getByText(colleague)).toBeVisible();
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);

    // The colleague follows the link in another browser: the token leaves the address bar.
    const [mail] = await waitForMail((m) => recipientOf(m) === colleague, 1);
    expect(mail?.subject).toContain('vous êtes invité·e');
    const link = /https?:\/\/\S+\/invitation\/[\w-]+/.exec(mail?.text ?? '')?.[0] as string;
    expect(link).toBeTruthy();
    const context = await browser.newContext({ viewport });
    const other = await context.newPage();
    await other.goto(new URL(link).pathname);
    await expect(other).toHaveURL(/\/invitation$/);
    await expect(other.getByRole('heading', { name: 'Accepter l’invitation' })).toBeVisible();
    expect(await seriousAxeFindings(other)).toEqual([]);
    await other.getByLabel('Mot de passe', { exact: true }).fill('motdepasse1234');
    await other.getByLabel('Confirmer le mot de passe').fill('motdepasse1234');
    await other.getByRole('button', { name: 'Choisir ce mot de passe et entrer' }).click();
    await expect(other.getByText(/trop facile à deviner/)).toBeVisible();
    await other.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await other.getByLabel('Confirmer le mot de passe').fill(PASSWORD);
    await expect(other.getByText(/Solidité estimée : (bonne|excellente)/)).toBeVisible();
    await other.getByRole('button', { name: 'Choisir ce mot de passe et entrer' }).click();
    await expect(other).toHaveURL(/\/influenceur$/);

    // A template of theirs opens in the editor with BAT, but no Envoyer.
    const { token } = await (await page.request.post('/api/login_check', { data: DEMO_ADMIN })).json();
    const users = await (await page.request.get(`/api/users?email=${encodeURIComponent(colleague)}`, { headers: { authorization: `Bearer ${token}` } })).json();
    const auth = { authorization: `Bearer ${token}` };
    // Their category, which the console's templates are listed by.
    expect((await page.request.post('/api/categories', { data: { name: 'TGM', user: users['hydra:member'][0].id }, headers: auth })).status()).toBe(201);
    const created = await (
      await page.request.post('/api/deliveries', {
        data: { label: 'Brouillon de l’éditeur', internalname: `e2e-team-${Date.now().toString(36)}`, category: 'TGM', user: users['hydra:member'][0].id },
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    await other.goto(`/influenceur/modeles/${created.id}`);
    const editor = other.getByRole('dialog', { name: 'Modèle : Brouillon de l’éditeur' });
    await expect(editor.getByRole('button', { name: 'BAT' })).toBeVisible();
    await expect(editor.getByRole('button', { name: 'Enregistrer' })).toBeVisible();
    await expect(editor.getByRole('button', { name: 'Envoyer', exact: true })).toHaveCount(0);
    await context.close();
  });
}
