import { expect, type Page } from './test';

/** A visitor makes a space from the home page's signup popin, as a newcomer would; the popin closes. */
export async function signUpFromPopin(page: Page, email: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Démarrer gratuitement' }).click();
  const signup = page.getByRole('dialog', { name: "S'inscrire" });
  await signup.getByLabel('Email').fill(email);
  await signup.getByRole('button', { name: "Je m'inscris pour démarrer" }).click();
  await expect(signup).toBeHidden();
}
