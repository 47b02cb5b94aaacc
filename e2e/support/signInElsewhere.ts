import { expect, type Page } from './test';
import { recipientOf, waitForMail } from './mailbox';

/**
 * A visitor on a new device, as they would do it: 'Se connecter', 'Retrouver mon espace', their
 * address typed and sent with Enter; then the link of the mail the SMTP sink received, opened in
 * this browser, and its button. The link's token leaves the address bar at once, and serves once.
 */
export async function signInElsewhere(page: Page, email: string) {
  await page.goto('/');
  await page.locator('header').getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('dialog', { name: 'Se connecter' }).getByRole('button', { name: 'Retrouver mon espace' }).click();
  const popin = page.getByRole('dialog', { name: 'Retrouver mon espace' });
  await expect(popin.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  // The same answer for every address (issue 42): it tells nobody who has a space.
  await expect(popin.getByRole('status')).toHaveText(
    "Si un espace existe pour cette adresse, un lien vient d'y être envoyé. Ouvrez-le dans ce navigateur pour y retrouver votre espace.",
  );
  const [mail] = await waitForMail((m) => recipientOf(m) === email && /^Votre lien de connexion à /.test(m.subject ?? ''), 1, 30_000);
  expect(mail, `no sign-in link mailed to ${email}`).toBeDefined();
  const link = new URL(/https?:\/\/\S+\/confirmation\/[A-Za-z0-9_-]+/.exec(String(mail.text))![0]);
  const token = link.pathname.split('/').pop() as string;

  await page.goto(link.pathname);
  await expect(page.getByRole('heading', { name: 'Confirmation' })).toBeFocused();
  await expect(page.getByText(`La connexion de ${email} sur cet appareil`)).toBeVisible();
  await expect(page).toHaveURL(/\/confirmation$/);
  await page.getByRole('button', { name: 'Je confirme' }).click();
  await expect(page.getByText('C’est confirmé : vous êtes connecté(e) sur cet appareil.')).toBeVisible();
  await expect(page.locator('header').getByTestId('visitor-email')).toHaveText(email);
  expect(page.url()).not.toContain(token);
  // The link serves once: opened again, it says so.
  await page.reload();
  await expect(page.getByText('Ce lien de confirmation a déjà servi : il n’y a plus rien à faire.')).toBeVisible();
}
