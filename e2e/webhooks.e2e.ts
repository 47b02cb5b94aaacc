import { expect, test } from '@playwright/test';
import { seriousAxeFindings } from './support/axe';
import { openAdminPage, scrollsSideways } from './support/console';
import { DEMO_ADMIN } from './support/demoUsers';
import { signIn } from './support/signIn';

/**
 * The webhooks page (issue 39, item 6), reached from the Administration menu: a webhook added
 * shows its secret once and its deliveries, then goes after Oui; axe is content, and a phone
 * does not scroll sideways. The run's server refuses private addresses: the webhook's URL is a
 * public address given as such (no DNS), and it is removed before the test ends.
 */
for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px an admin adds a webhook, sees its secret once and its deliveries, and removes it`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await signIn(page, DEMO_ADMIN);
    await expect(page).toHaveURL(/\/influenceur$/);
    await openAdminPage(page, 'Webhooks');
    await expect(page).toHaveURL(/\/influenceur\/webhooks$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();

    const address = `http://93.184.216.34/e2e-${viewport.width}-${Date.now()}`;
    const form = page.getByRole('form', { name: 'Nouveau webhook' });
    await form.getByLabel('Adresse (URL)').fill(address);
    await form.getByLabel('envoi terminé').check();
    await form.getByRole('button', { name: 'Ajouter' }).click();
    await expect(form.getByText(`Webhook ajouté : ${address}.`)).toBeVisible();
    await expect(form.getByTestId('webhook-secret')).toHaveText(/^whsec_/);
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);

    await page.getByRole('button', { name: `Voir les envois de ${address}` }).click();
    await expect(page.getByText('Aucun envoi pour ce webhook.')).toBeVisible();
    await page.getByRole('button', { name: `Supprimer le webhook ${address}` }).click();
    await page.getByRole('button', { name: 'Oui' }).click();
    await expect(page.getByRole('table', { name: 'Webhooks' }).getByText(address)).toHaveCount(0);
    // The secret is not shown again after a reload.
    await page.reload();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);
  });
}
