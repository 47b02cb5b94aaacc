import { expect, test } from './support/test';
import { DEMO_ADMIN, DEMO_OPERATOR } from './support/demoUsers';
import { signIn } from './support/signIn';

test('an empty submit shows both messages', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("a wrong password shows the server's message", async ({ page }) => {
  await signIn(page, { email: DEMO_ADMIN.email, password: 'not-the-password' });
  await expect(page.getByRole('alert')).toHaveText('Identifiants invalides.');
  await expect(page).toHaveURL(/\/login$/);
});

test('the admin signs in, lands on /influenceur, stays signed in across a reload, and logs out', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/influenceur$/);
  await expect(page.getByText(`Connecté : ${DEMO_ADMIN.email}`)).toBeVisible();
  await expect(page).toHaveTitle('TGM News');

  await page.reload();
  await expect(page).toHaveURL(/\/influenceur$/);
  await expect(page.getByText(`Connecté : ${DEMO_ADMIN.email}`)).toBeVisible();

  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/influenceur');
  await expect(page).toHaveURL(/\/login$/);
});

test('a token the server rejects sends the user to /login', async ({ page }) => {
  await signIn(page, DEMO_OPERATOR);
  await expect(page).toHaveURL(/\/influenceur$/);
  // Tamper with the stored token: the server refuses it on the next call.
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('persist:tgm') ?? '{}');
    const auth = JSON.parse(stored.auth);
    auth.accessToken = `${auth.accessToken.slice(0, -4)}AAAA`;
    stored.auth = JSON.stringify(auth);
    localStorage.setItem('persist:tgm', JSON.stringify(stored));
  });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('persist:tgm') ?? '{}'));
  expect(JSON.parse(stored.auth)).toEqual({ user: null, accessToken: null });
});

test('/influenceur without a session lands on /login', async ({ page }) => {
  await page.goto('/influenceur');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Se connecter' })).toBeVisible();
});

test('an unknown path lands on /', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Créer votre liste de créateurs inspirants' })).toBeVisible();
});

test('the dashboard offers the profiles and leads to the console', async ({ page }) => {
  await signIn(page, DEMO_OPERATOR);
  await expect(page).toHaveURL(/\/influenceur$/);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Influenceur' })).toBeVisible();
  await page.getByRole('link', { name: 'Ouvrir la console' }).click();
  await expect(page).toHaveURL(/\/influenceur$/);
});
