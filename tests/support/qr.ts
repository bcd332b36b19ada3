// A QR code as a phone's camera would read it: a screenshot of it on the page, decoded from its
// pixels with jsQR (the PNG decoded by the page's own canvas).

import jsQR from 'jsqr';
import type { Locator, Page } from 'playwright-core';

/** What the QR code shown by `qr` on `page` decodes to, or undefined when it cannot be read. */
export async function decodeQr(page: Page, qr: Locator): Promise<string | undefined> {
  const png = await qr.screenshot();
  const pixels = await page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d');
    context?.drawImage(image, 0, 0);
    const data = context?.getImageData(0, 0, canvas.width, canvas.height);
    return data ? { width: data.width, height: data.height, data: Array.from(data.data) } : null;
  }, png.toString('base64'));
  return (pixels && jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height))?.data;
}
