import { expect, test } from './support/test';
import { DEMO_ADMIN } from './support/demoUsers';
import { seriousAxeFindings } from './support/axe';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

test("a sent newsletter's public page shows it, its default videos cards read on a phone, without accessibility problems", async ({ page }) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const { token } = await (await page.request.post('/api/login_check', { data: DEMO_ADMIN })).json();
  const headers = { authorization: `Bearer ${token}` };
  const post = async (url: string, data: unknown) => {
    const response = await page.request.post(url, { headers, data });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return response.json();
  };
  // Demo videos of any date: the block reaches 999 days back (its most).
  const html = '<!doctype html><html lang="fr"><head><meta name="viewport" content="width=device-width"></head><body><h1>Les vidéos de la semaine</h1>{{videos depuis="999 jours" max=3}}</body></html>';
  const list = await post('/api/grps', { subject: `Lecteurs ${run}` });
  await post('/api/grp_rcps', { email: `lecteur.${run}@example.org`, grp: list.id });
  const delivery = await post('/api/deliveries', {
    label: `Lettre ${run}`,
    internalname: `lettre-${run}`,
    subject: `Lettre publique ${run}`,
    codeHtml: [b64(html)],
    codeText: [b64('{{videos depuis="999 jours" max=3}}')],
  });
  const send = await post('/api/sendEmail', { delId: delivery.id, listId: list.id });

  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto(`/newsletters/${send.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Lettre publique ${run}` })).toBeVisible();
    const frame = page.frameLocator(`iframe[title="Lettre : Lettre publique ${run}"]`);
    await expect(frame.getByRole('heading', { name: 'Les vidéos de la semaine' })).toBeVisible();
    // The default cards: at least one video with its link to the product's page, and nothing wider than the phone.
    await expect(frame.locator('a[href*="/?v="]').first()).toBeVisible();
    const letter = await (await page.locator('iframe').elementHandle())!.contentFrame();
    const overflow = await letter!.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    expect(await seriousAxeFindings(page)).toEqual([]);
  }

  await page.goto('/newsletters/99999999');
  await expect(page.getByText("Cette lettre n'existe pas ou n'est pas publique.")).toBeVisible();
});
