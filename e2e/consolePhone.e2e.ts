import { expect, test, type Page } from './support/test';
import { DEMO_ADMIN, DEMO_OPERATOR } from './support/demoUsers';
import { signIn } from './support/signIn';
import { createListInConsole, openNewTemplate, scrollsSideways } from './support/console';

/** Nothing may scroll sideways: `where` names the screen in the failure. */
async function fitsTheWidth(page: Page, where: string) {
  expect(await scrollsSideways(page), `${where} scrolls sideways`).toBe(false);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('the console, its menu and its dialogs fit the width', async ({ page }) => {
      await signIn(page, DEMO_OPERATOR);
      await expect(page).toHaveURL(/\/influenceur$/);
      await fitsTheWidth(page, 'the console');

      // The app bar folds into a menu that holds the navigation and the logout.
      await page.getByRole('button', { name: 'Menu' }).click();
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem', { name: 'Se déconnecter' })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: 'Tableau de bord' })).toBeVisible();
      await page.keyboard.press('Escape');

      await createListInConsole(page, `Téléphone ${viewport.width} ${Date.now()}`);
      const editor = page.getByRole('dialog', { name: /^Liste : / });
      await expect(editor.getByRole('button', { name: 'Enregistrer' })).toBeInViewport();
      await fitsTheWidth(page, 'the list editor');
      if (viewport.width < 600) {
        // Full screen below the sm breakpoint.
        const box = await editor.boundingBox();
        expect(box?.width).toBe(viewport.width);
      }
      await editor.getByRole('button', { name: 'Ajouter un contact' }).click();
      const form = editor.getByRole('form', { name: 'Ajouter un contact' });
      await form.getByLabel('Email').fill('tel@example.org');
      await form.getByLabel('Prénom').fill('Téléphone');
      await form.getByLabel('Téléphone').fill('0600000000');
      await form.getByRole('button', { name: 'Ajouter' }).click();
      await expect(form.getByText('tel@example.org a été ajouté à la liste.')).toBeVisible();

      for (const tab of ['Ciblage', 'Séquence', 'Workflow']) {
        await editor.getByRole('tab', { name: tab }).click();
        await fitsTheWidth(page, `the list editor's ${tab} tab`);
      }
      // The contacts' own page: the table is wider than a phone, it scrolls in its own box, not the page.
      await editor.getByRole('tab', { name: 'General' }).click();
      await editor.getByRole('link', { name: 'Voir les contacts' }).click();
      await expect(page.getByRole('table', { name: 'Contacts de la liste' })).toBeVisible();
      await fitsTheWidth(page, 'the contacts page');
      await page.getByRole('button', { name: 'Modifier tel@example.org' }).click();
      await expect(page.getByRole('dialog', { name: 'Contact : tel@example.org' }).getByRole('button', { name: 'Enregistrer' })).toBeInViewport();
      await fitsTheWidth(page, 'the contact editor');
    });

    test('the template editor fits the width, its buttons in view', async ({ page }) => {
      const label = `Téléphone ${viewport.width} ${Date.now().toString(36)}`;
      const { editor } = await openNewTemplate(page, { label, html: '<p>Bonjour {{firstname}}</p>' });
      await expect(editor.getByText(/^Version 1 · modifiée le/)).toBeVisible();
      if (viewport.width < 600) {
        // Full screen below the sm breakpoint.
        const box = await editor.boundingBox();
        expect(box?.width).toBe(viewport.width);
      }
      for (const tab of ['Général', 'Contenu', 'Séquence', 'Code', 'Data', 'Langue', 'Diffusion']) {
        const tabButton = editor.getByRole('tab', { name: tab });
        // MUI's scrollable tab list may still be scrolling the last tab into view when it is
        // clicked (a miss seen once at 768 px): click until it is selected.
        await expect(async () => {
          await tabButton.click();
          await expect(tabButton).toHaveAttribute('aria-selected', 'true', { timeout: 1000 });
        }).toPass();
        await expect(editor.getByRole('tabpanel', { name: tab })).toBeVisible();
        await fitsTheWidth(page, `the template editor's ${tab} tab`);
        for (const button of ['Fermer', 'Publier cette version (MEP)', 'Enregistrer']) await expect(editor.getByRole('button', { name: button })).toBeInViewport();
      }
    });

    test('the dashboard and the admin editors fit the width', async ({ page }) => {
      await signIn(page, DEMO_ADMIN);
      await expect(page).toHaveURL(/\/influenceur$/);
      await page.getByRole('button', { name: 'Nouvelle Catégorie' }).click();
      await fitsTheWidth(page, 'the category editor');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Nouveau thème' }).click();
      await fitsTheWidth(page, 'the speech editor');
      await page.keyboard.press('Escape');
      for (const path of ['/dashboard', '/following']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await fitsTheWidth(page, path);
      }
    });
  });
}
