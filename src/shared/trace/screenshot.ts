/** Marks what the page's picture leaves out: the report's own dialog, open while it is taken. */
export const OUT_OF_PICTURE = 'data-bug-report-dialog';

/**
 * The page as it is, as a PNG data URL; null when it fails. `modern-screenshot` loads on demand
 * (its own chunk): neither the button nor the public page's first JavaScript carries it.
 */
export async function captureScreenshot(doc: Document = document): Promise<string | null> {
  try {
    const { domToPng } = await import(/* webpackChunkName: "screenshot" */ 'modern-screenshot');
    return await domToPng(doc.body, {
      scale: 1,
      backgroundColor: '#ffffff',
      timeout: 10_000,
      filter: (node) => !(node instanceof Element && node.hasAttribute(OUT_OF_PICTURE)),
    });
  } catch {
    return null;
  }
}
