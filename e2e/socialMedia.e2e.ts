import { expect, test, type Page } from './support/test';
import { DEMO_OPERATOR } from './support/demoUsers';
import { signIn } from './support/signIn';

const recipients = (page: Page) => page.getByRole('region', { name: 'Destinataires' });

test("an operator checks a recipient's YouTube and X, then refreshes every channel", async ({ page }) => {
  await signIn(page, DEMO_OPERATOR);
  await expect(page).toHaveURL(/\/influenceur$/);

  // The detail of a recipient, checked now: its channel's latest videos with dates and views, and its X account.
  await recipients(page).getByRole('cell', { name: 'emma.garcia@example.org' }).click();
  const detail = page.getByRole('dialog', { name: 'Réseaux sociaux : Emma Garcia' });
  await detail.getByRole('button', { name: 'Vérifier' }).click();
  const youtube = detail.getByRole('region', { name: 'YouTube' });
  await expect(youtube.getByRole('link', { name: 'Chaîne : Emma Finance' })).toBeVisible();
  const videos = youtube.getByRole('list', { name: 'Dernières vidéos' }).getByRole('listitem');
  await expect(videos).toHaveCount(2);
  await expect(videos.first()).toContainText('Épargne : les bases');
  await expect(videos.first()).toContainText(/18-11-2026 · 15\s320 vues/);
  await expect(youtube.getByText(/^Dernière vérification : \d{2}-\d{2}-\d{4} \d{2}:\d{2}$/)).toBeVisible();
  const x = detail.getByRole('region', { name: 'X' });
  await expect(x.getByRole('link', { name: 'Compte : Emma Finance (@emma_fi)' })).toBeVisible();
  await expect(x.getByText('Nouvelle vidéo sur l’épargne !')).toBeVisible();
  await detail.getByRole('button', { name: 'Fermer' }).click();

  // The list-wide refresh: its progress, then its summary, naming the recipient whose channel YouTube does not have.
  await recipients(page).getByRole('button', { name: 'Rafraîchir les chaînes YouTube' }).click();
  const status = recipients(page).getByRole('status');
  await expect(status.getByText('Vérification des chaînes YouTube : 3/3')).toBeVisible();
  await expect(status.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(status.getByText(/Chaînes vérifiées : 3 · modifiées : \d · en échec : 1/)).toBeVisible();
  await expect(status.getByText('jade.fournier@example.org : Chaîne YouTube introuvable.')).toBeVisible();

  // What the refresh stored shows in the detail of another recipient.
  await recipients(page).getByRole('cell', { name: 'noah.roux@example.org' }).click();
  await expect(page.getByRole('dialog', { name: 'Réseaux sociaux : Noah Roux' }).getByText('Rust en 10 minutes')).toBeVisible();
});
