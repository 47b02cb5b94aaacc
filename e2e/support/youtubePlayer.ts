import type { Page } from '@playwright/test';
import { IFRAME_API_URL, PLAYER_HOST } from '../../src/features/videos/player/youtubeIframeApi';
import { installYouTubeIframeStandIn } from '../../src/testing/youtubeIframeStandIn';

/** What the stand-in's embed page says, so tests can see the frame was allowed and loaded. */
export const STAND_IN_EMBED_TEXT = 'Lecteur YouTube de test';

/**
 * Serves YouTube's player from stand-ins, as no network reaches YouTube here: the IFrame API
 * script (its `YT.Player` answers `getCurrentTime` and `seekTo`) and the embed page its
 * iframe loads. Both keep their real addresses, so the page's CSP applies to them.
 */
export async function serveYouTubePlayer(page: Page): Promise<void> {
  await page.route(IFRAME_API_URL, (route) =>
    route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: `(${installYouTubeIframeStandIn.toString()})();` }),
  );
  // The player embeds from the privacy-enhanced host; www.youtube.com's embed stays served too.
  for (const host of ['https://www.youtube.com', PLAYER_HOST]) {
    await page.route(`${host}/embed/**`, (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: `<!DOCTYPE html><html lang="fr"><body style="background:#000;color:#fff"><p>${STAND_IN_EMBED_TEXT}</p></body></html>`,
      }),
    );
  }
}

/** Sets the playback time the stand-in's players answer. */
export const setPlaybackTime = (page: Page, seconds: number) =>
  page.evaluate((s) => window.__youtubeStandIn?.setTime(s), seconds);

/** The seconds the player was sent to, in order. */
export const seeks = (page: Page) => page.evaluate(() => window.__youtubeStandIn?.players[0]?.seeks ?? []);
