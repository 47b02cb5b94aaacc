import fs from 'node:fs';
import { expect, test } from './support/test';
import { seriousAxeFindings } from './support/axe';
import { recipientOf, waitForMail } from './support/mailbox';
import { signUpFromPopin } from './support/signUpFromPopin';

/** Issue 38: a visitor downloads what the product keeps on them, then erases their space. */
for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a visitor downloads then erases their data at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const email = `efface-${viewport.width}-${Date.now()}@example.org`;
    const signedUp = page.waitForResponse((response) => response.url().includes('/rtEvent/new'));
    await signUpFromPopin(page, email);
    const token = (await (await signedUp).json()).tokenAc as string;

    await page.goto('/userPage');
    const mine = page.getByRole('region', { name: 'Mes données' });
    const [download] = await Promise.all([page.waitForEvent('download'), mine.getByRole('button', { name: 'Télécharger mes données' }).click()]);
    const data = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
    expect(Object.keys(data)).toEqual(['contacts', 'consentements', 'envois', 'ouvertures', 'clics', 'rejets', 'automatisations', 'visiteur']);
    expect(data.visiteur.espace.email).toBe(email);
    expect(await seriousAxeFindings(page)).toEqual([]);

    await mine.getByRole('button', { name: 'Effacer mes données' }).click();
    const dialog = page.getByRole('dialog', { name: 'Effacer mes données ?' });
    await dialog.getByRole('button', { name: 'Oui' }).click();
    await expect(page.getByText('Message envoyé : ouvrez son lien pour confirmer l’effacement de vos données.')).toBeVisible();

    const [mail] = await waitForMail((m) => recipientOf(m) === email && (m.subject ?? '').includes('effacement'), 1);
    const link = /https?:\/\/[^\s]+\/confirmation\/[\w-]+/.exec(mail.text ?? '')![0];
    await page.goto(new URL(link).pathname);
    // Opening the link erases nothing: the space still answers.
    await expect(page.getByRole('button', { name: 'Je confirme' })).toBeVisible();
    expect((await page.request.get('/api/visitor/me', { headers: { 'x-visitor-token': token } })).status()).toBe(200);
    expect(await seriousAxeFindings(page)).toEqual([]);

    await page.getByRole('button', { name: 'Je confirme' }).click();
    await expect(page.getByText('C’est fait : vos données sont effacées.')).toBeVisible();
    expect((await page.request.get('/api/visitor/me', { headers: { 'x-visitor-token': token } })).status()).toBe(401);
  });
}
