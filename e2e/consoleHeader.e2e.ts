import { expect, test, type Page } from './support/test';
import { DEMO_ADMIN, DEMO_OPERATOR } from './support/demoUsers';
import { signIn } from './support/signIn';

/** Where each item of the console's header menu (its links and buttons) sits, in order. */
async function menuItems(page: Page) {
  const header = page.locator('header').first();
  await expect(header.getByRole('link', { name: 'Tableau de bord' })).toBeVisible();
  return header.locator('a, button').evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      return { text: element.textContent, top: Math.round(box.top), right: Math.round(box.right) };
    }),
  );
}

for (const [who, user, count] of [
  ['an admin', DEMO_ADMIN, 7],
  ['an operator', DEMO_OPERATOR, 6],
] as const) {
  test(`the console's header menu fits one line at 1280 px for ${who} (issue 41)`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, user);
    await expect(page).toHaveURL(/\/influenceur$/);
    const items = await menuItems(page);
    // The links, the admins' menu, who is signed in (a menu with the password change) and the logout.
    expect(items.map((item) => item.text)).toEqual(
      expect.arrayContaining(['Tableau de bord', 'Console créateur', 'Automatisations', `Connecté : ${user.email}▾`, 'Se déconnecter']),
    );
    expect(items).toHaveLength(count);
    // One line: every item at the same top offset, none past the window.
    expect(new Set(items.map((item) => item.top)), JSON.stringify(items)).toEqual(new Set([items[0].top]));
    for (const item of items) expect(item.right, item.text ?? '').toBeLessThanOrEqual(1280);
    const header = await page.locator('header').first().boundingBox();
    expect(header?.height).toBeLessThanOrEqual(64);

    // The admins' pages are in the "Administration" menu, by keyboard too.
    if (user === DEMO_ADMIN) {
      await page.getByRole('button', { name: 'Administration' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('menuitem', { name: 'Domaine d’envoi' })).toBeFocused();
      await page.keyboard.press('Escape');
    } else {
      await expect(page.getByRole('button', { name: 'Administration' })).toHaveCount(0);
    }

    // The password change is in the account's menu, by keyboard too.
    await page.getByRole('button', { name: `Connecté : ${user.email}` }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Changer mon mot de passe' }).press('Enter');
    await expect(page.getByRole('dialog', { name: 'Changer mon mot de passe' })).toBeVisible();
  });
}
