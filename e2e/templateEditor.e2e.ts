import { expect, test } from './support/test';
import { openNewTemplate, scrollsSideways } from './support/console';

test('the code editor says as you type where a template breaks; it saves, but says it cannot be sent', async ({ page }) => {
  const label = `Code ${Date.now().toString(36)}`;
  const { editor } = await openNewTemplate(page, { label, tab: 'code' });
  const htmlCode = editor.getByRole('textbox', { name: 'HTML', exact: true });
  await htmlCode.fill('<p>Bonjour\n{{#if firstname}} {{firstname}}</p>');

  await expect(editor.getByText(/^Le modèle 'codeHtml' est invalide : ligne 2/)).toBeVisible();
  await expect(editor.getByText(/ne compile pas : il peut être enregistré, mais pas envoyé/)).toBeVisible();
  // CodeMirror: line numbers in the gutter.
  await expect(editor.locator('.cm-gutters').first()).toContainText('2');
  // The Contenu tab says the same as the editor, line and column included.
  const compileMessage = /^Le modèle 'codeHtml' est invalide : ligne 2, colonne \d+, près de /;
  await expect(editor.getByText(compileMessage)).toBeVisible();
  await editor.getByRole('tab', { name: 'Contenu' }).click();
  await expect(editor.getByText(compileMessage)).toBeVisible();
  await expect(editor.getByText(/ne compile pas : il peut être enregistré, mais pas envoyé/)).toBeVisible();
  await editor.getByRole('tab', { name: 'Code' }).click();

  await editor.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(editor.getByText(/^Version \d+ enregistrée\.$/)).toBeVisible();

  await htmlCode.fill('<p>Bonjour {{#if firstname}}{{firstname}}{{/if}}</p>');
  await expect(editor.getByText(/ne compile pas/)).toHaveCount(0);
  await expect(editor.getByText(/est invalide/)).toHaveCount(0);
});

test('the preview reads the message at a desktop width (600 px) or a phone width (375 px)', async ({ page }) => {
  const label = `Largeur ${Date.now().toString(36)}`;
  const { editor } = await openNewTemplate(page, { label, html: '<p>Bonjour {{firstname}}</p>', tab: 'content' });
  const frame = editor.locator('iframe[title="Aperçu HTML"]');
  await expect(frame).toBeVisible();
  expect((await frame.boundingBox())?.width).toBe(600);
  await editor.getByRole('button', { name: 'Téléphone (375 px)' }).click();
  await expect.poll(async () => (await frame.boundingBox())?.width).toBe(375);
});

/** A valid AMP e-mail with `line3` as its third line (the body's first). */
const ampWith = (line3: string) =>
  [
    '<!doctype html><html ⚡4email data-css-strict><head><meta charset="utf-8"><script async src="https://cdn.ampproject.org/v0.js"></script>',
    '<style amp4email-boilerplate>body{visibility:hidden}</style></head><body>',
    line3,
    '</body></html>',
  ].join('\n');

for (const { name, viewport } of [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });

    test('the AMP editor marks each AMP error at its line and column, and saving refuses them', async ({ page }) => {
      const label = `AMP ${name} ${Date.now().toString(36)}`;
      const { editor } = await openNewTemplate(page, { label, html: '<p>Bonjour {{firstname}}</p>', tab: 'code' });
      const amp = editor.getByRole('textbox', { name: 'AMP', exact: true });
      await amp.fill(ampWith('<p>Bonjour</p> <img src="https://example.com/a.png">'));

      // As typing pauses: the list under the editor, the mark in the text and in the gutter.
      const list = editor.getByRole('alert').filter({ hasText: 'Le code AMP a 1 erreur : corrigez-la pour enregistrer le modèle.' });
      await expect(list).toBeVisible();
      await expect(list.getByRole('listitem')).toHaveText([
        "Ligne 3, colonne 16 : La balise <img> n'est pas autorisée en AMP pour e-mail : utilisez <amp-img>.",
      ]);
      const ampEditor = editor.locator('.cm-editor').filter({ has: page.getByRole('textbox', { name: 'AMP', exact: true }) });
      const mark = ampEditor.locator('.cm-lintRange-error');
      await expect(mark).toHaveText('<img');
      await expect(ampEditor.locator('.cm-lint-marker-error')).toBeVisible();
      await mark.hover();
      await expect(page.locator('.cm-tooltip-lint')).toContainText('Ligne 3, colonne 16 : La balise <img>');
      expect(await scrollsSideways(page), 'the page scrolls sideways').toBe(false);

      // The server refuses to save it, with the same error at the same place.
      await editor.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(
        editor.getByText(
          "Le champ 'codeAmp' n'est pas un AMP pour e-mail valide : ligne 3, colonne 16 : La balise <img> n'est pas autorisée en AMP pour e-mail : utilisez <amp-img>.",
        ),
      ).toBeVisible();

      // Corrected, the marks go and the template saves.
      await amp.fill(ampWith('<p>Bonjour</p> <amp-img src="https://example.com/a.png" width="60" height="60"></amp-img>'));
      await expect(list).toHaveCount(0);
      await expect(mark).toHaveCount(0);
      await editor.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(editor.getByText(/^Version 2 enregistrée\.$/)).toBeVisible();
    });

    test('the code editor warns above 102 kB of HTML, where Gmail clips the message', async ({ page }) => {
      const label = `Lourd ${name} ${Date.now().toString(36)}`;
      const { editor } = await openNewTemplate(page, { label, html: `<p>${'Nouvelles. '.repeat(10_000)}</p>`, tab: 'code' });
      const warning = editor.getByText(
        'Le HTML pèse 108 Ko : au-delà de 102 Ko, Gmail tronque le message et en masque la fin, lien de désabonnement compris.',
      );
      await warning.scrollIntoViewIfNeeded();
      await expect(warning).toBeVisible();
      expect(await scrollsSideways(page), 'the page scrolls sideways').toBe(false);
      // Under the limit, no warning.
      await editor.getByRole('textbox', { name: 'HTML', exact: true }).fill('<p>Bonjour</p>');
      await expect(warning).toHaveCount(0);
    });
  });
}
