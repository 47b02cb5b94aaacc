import { expect, test } from './support/test';
import { openNewTemplate } from './support/console';

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
