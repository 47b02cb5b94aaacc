import { expect, test, type Browser, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { seriousAxeFindings } from './support/axe';
import { startApiServer, type RunningServer } from './support/apiServer';
import { DEMO_ADMIN, DEMO_OPERATOR } from './support/demoUsers';
import { signIn } from './support/signIn';

/**
 * Two-factor sign-in (issue 39, item 4), in the browser: « Mon compte » › Double authentification
 * sets it up with a code computed from the secret the QR code holds, then the user signs out and
 * in with a code. Its own server: the run's keeps its demo users without a second factor.
 */
let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startApiServer({ SKIP_WEB_BUILD: '1', LOGIN_RATE_LIMIT: '1000' });
});
test.afterAll(async () => {
  await server?.stop();
});

/** The code an authenticator app shows for `secret`, `offsetSteps` steps of 30 s from now. */
const codeOf = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

async function openPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport });
  return context.newPage();
}

/** Opens an item of the signed-in user's menu: the account menu on a wide window, the folded one on a phone. */
async function accountItem(page: Page, email: string, name: string) {
  const folded = page.getByRole('button', { name: 'Menu' });
  const account = page.getByRole('button', { name: new RegExp(email.replace(/[.]/g, '\\.')) });
  await expect(folded.or(account)).toBeVisible();
  await ((await folded.isVisible()) ? folded : account).click();
  await page.getByRole('menuitem', { name }).click();
}

for (const [viewport, user] of [
  [{ width: 1280, height: 900 }, DEMO_ADMIN],
  [{ width: 390, height: 844 }, DEMO_OPERATOR],
] as const) {
  test(`at ${viewport.width} px a user sets up two-factor sign-in from the QR code's secret, signs out, and signs in with a code`, async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await openPage(browser, viewport);
    await signIn(page, user);
    await expect(page).toHaveURL(/\/influenceur$/);

    await accountItem(page, user.email, 'Double authentification');
    const dialog = page.getByRole('dialog', { name: 'Double authentification (TOTP)' });
    await dialog.getByRole('button', { name: 'Configurer' }).click();
    await expect(dialog.getByRole('img', { name: 'QR code de la double authentification' })).toBeVisible();
    const secret = (await dialog.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // The QR code is the otpauth:// URI of that secret.
    const qr = await dialog.getByRole('img', { name: 'QR code de la double authentification' }).getAttribute('src');
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    await dialog.getByLabel('Code de vérification').fill(codeOf(secret));
    await dialog.getByRole('button', { name: 'Activer' }).click();
    await expect(dialog.getByText('La double authentification est activée.')).toBeVisible();
    await expect(dialog.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(dialog).toHaveCount(0);

    // Sign out, then in: the password alone asks for the code.
    const logout = page.getByRole('button', { name: 'Se déconnecter' });
    if (await logout.isVisible()) await logout.click();
    else await accountItem(page, user.email, 'Se déconnecter');
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, user);
    await expect(page.getByRole('alert')).toContainText('code');
    await expect(page).toHaveURL(/\/login/);
    expect(await seriousAxeFindings(page)).toEqual([]);
    // The next step's code: the one that switched it on has been used.
    await page.getByLabel('Code de vérification').fill(codeOf(secret, 1));
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/\/influenceur$/);
    await page.context().close();
  });
}
