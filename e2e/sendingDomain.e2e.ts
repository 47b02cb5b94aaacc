import { expect, test, type Browser, type Page } from './support/test';
import { seriousAxeFindings } from './support/axe';
import { DEMO_ADMIN, DEMO_OPERATOR } from './support/demoUsers';
import { openAdminPage, scrollsSideways } from './support/console';
import { signIn } from './support/signIn';
import { startApiServer, type RunningServer } from './support/apiServer';
import { startDnsServer, type DnsServer } from '../server/testing/dnsServer';

/**
 * The run's server keeps the default MAIL_FROM (no-reply@localhost): the page must say to set
 * MAIL_FROM. A second server sends from a publishable domain and reads DNS from a stand-in
 * (server/testing/dnsServer.ts), which the last test stops to see the check fail.
 */
let domainServer: RunningServer;
let dns: DnsServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dns = await startDnsServer();
  domainServer = await startApiServer({
    SKIP_WEB_BUILD: '1',
    LOGIN_RATE_LIMIT: '1000',
    MAIL_FROM: 'TGM News <news@tgm-news.fr>',
    DNS_SERVERS: dns.address,
    SPF_INCLUDE: '_spf.relay-mail.fr',
    SPF_IP: '203.0.113.7',
  });
});
test.afterAll(async () => {
  await domainServer?.stop();
  // The last test stops it already (dns2 then throws "Not running").
  await Promise.resolve()
    .then(() => dns?.stop())
    .catch(() => undefined);
});

/** The page's records as the server answers them. */
async function domainOf(page: Page) {
  const { token } = await (await page.request.post('/api/login_check', { data: DEMO_ADMIN })).json();
  const response = await page.request.get('/api/mail/domain', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return response.json() as Promise<Record<'dkim' | 'spf' | 'dmarc', { name: string; value: string }>>;
}

/** A page on the server with the publishable domain. */
async function domainPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: domainServer.url, viewport });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  return context.newPage();
}

async function openFromNavigation(page: Page) {
  await signIn(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/influenceur$/);
  await openAdminPage(page, 'Domaine d’envoi');
  await expect(page).toHaveURL(/\/influenceur\/domaine$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Domaine d’envoi' })).toBeVisible();
}

test('with the default MAIL_FROM (localhost) the page says to set MAIL_FROM first and shows no records', async ({ page }) => {
  await openFromNavigation(page);
  await expect(page.getByRole('heading', { name: 'Indiquez d’abord MAIL_FROM' })).toBeVisible();
  await expect(page.getByText(/Donnez à MAIL_FROM une adresse sur votre domaine/)).toBeVisible();
  await expect(page.getByText(/« localhost » n’a pas de point/)).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByText(/v=spf1/)).toHaveCount(0);
  expect(await seriousAxeFindings(page)).toEqual([]);
});

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width}×${viewport.height} an admin reaches the sending domain, copies each record, sees it published, and axe is content`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    for (const name of ['tgm._domainkey.tgm-news.fr', 'tgm-news.fr', '_dmarc.tgm-news.fr']) dns.setTxt(name, null);
    const page = await domainPage(browser, viewport);
    const domain = await domainOf(page);
    expect(domain.spf.value).toBe('v=spf1 include:_spf.relay-mail.fr ip4:203.0.113.7 mx ~all');
    await openFromNavigation(page);

    const table = page.getByRole('table', { name: 'Enregistrements DNS à publier' });
    for (const [record, key] of [['DKIM', 'dkim'], ['SPF', 'spf'], ['DMARC', 'dmarc']] as const) {
      const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: record, exact: true }) });
      await expect(row.getByRole('cell', { name: domain[key].name, exact: true })).toBeVisible();
      await expect(row).toContainText('Absent');
      await row.getByRole('button', { name: `Copier la valeur ${record}` }).click();
      await expect(page.getByText(`Valeur ${record} copiée.`)).toBeVisible();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(domain[key].value);
      // Published as copied, as the operator would in their DNS zone.
      dns.setTxt(domain[key].name, copied);
    }
    await page.getByRole('button', { name: 'Vérifier à nouveau' }).click();
    for (const record of ['DKIM', 'SPF', 'DMARC']) {
      await expect(table.getByRole('row').filter({ has: page.getByRole('cell', { name: record, exact: true }) })).toContainText('Publié');
    }
    await expect(page.getByText(/Les messageries afficheront la partie AMP/)).toBeVisible();

    await page.reload();
    await expect(table).toBeVisible();
    expect(await scrollsSideways(page), 'the page scrolls sideways').toBe(false);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.context().close();
  });
}

test('when DNS does not answer, each record reads "Vérification impossible", not "Absent"', async ({ browser }) => {
  await dns.stop();
  const page = await domainPage(browser, { width: 1280, height: 900 });
  await openFromNavigation(page);
  const table = page.getByRole('table', { name: 'Enregistrements DNS à publier' });
  for (const record of ['DKIM', 'SPF', 'DMARC']) {
    await expect(table.getByRole('row').filter({ has: page.getByRole('cell', { name: record, exact: true }) })).toContainText('Vérification impossible');
  }
  await expect(table).not.toContainText('Absent');
  await expect(page.getByText(/le serveur DNS n’a pas répondu/)).toBeVisible();
  expect(await seriousAxeFindings(page)).toEqual([]);
  await page.context().close();
});

test('the page and its navigation entry are for admins only', async ({ page }) => {
  await signIn(page, DEMO_OPERATOR);
  await expect(page).toHaveURL(/\/influenceur$/);
  await expect(page.getByRole('link', { name: 'Domaine d’envoi' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Administration' })).toHaveCount(0);
  await page.goto('/influenceur/domaine');
  await expect(page.getByText('Cette page est réservée aux administrateurs.')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});
