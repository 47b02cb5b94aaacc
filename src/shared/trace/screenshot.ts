/**
 * The page as it is, as a PNG data URL; null when it fails. `modern-screenshot` loads on demand
 * (its own chunk): neither the button nor the public page's first JavaScript carries it.
 */
export async function captureScreenshot(doc: Document = document): Promise<string | null> {
  try {
    const { domToPng } = await import(/* webpackChunkName: "screenshot" */ 'modern-screenshot');
    return await domToPng(doc.body, { scale: 1, backgroundColor: '#ffffff', timeout: 10_000 });
  } catch {
    return null;
  }
}
