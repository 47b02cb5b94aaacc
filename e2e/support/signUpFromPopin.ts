import { expect, type Page } from './test';

/** A visitor makes a space from the home page's signup popin, as a newcomer would; the popin closes, the space is kept. */
export async function signUpFromPopin(page: Page, email: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Démarrer gratuitement' }).click();
  const signup = page.getByRole('dialog', { name: "S'inscrire" });
  await signup.getByLabel('Email').fill(email);
  await signup.getByRole('button', { name: "Je m'inscris pour démarrer" }).click();
  await expect(signup).toBeHidden();
  // redux-persist writes the space to localStorage a moment later: a page load before that
  // (the next `page.goto`) would start without it, as a newcomer again.
  await page.waitForFunction((address) => (localStorage.getItem('persist:tgm') ?? '').includes(address), email);
}
