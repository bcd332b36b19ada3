// `npx tsx scripts/makeIcons.ts`: draws the web app manifest's PNG icons (public/icons/) from
// public/app-icon.svg in Debian's Chromium: 192 and 512 px as drawn (rounded corners, clear
// around them), and a 512 px maskable icon, full-bleed in the icon's blue with the drawing inside
// the central 80 % that every mask keeps. Run again after changing the SVG; the PNGs are committed.

import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './chromium.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'public/app-icon.svg');
const outDir = path.join(root, 'public/icons');
/** The SVG's own background colour, also the theme colour. */
const ICON_BLUE = '#0b5cad';
/** The maskable safe zone: a circle of 40 % of the size around the centre (W3C manifest spec). */
const MASKABLE_SAFE_SHARE = 0.8;

interface IconSpec {
  file: string;
  size: number;
  maskable: boolean;
}

const icons: IconSpec[] = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'maskable-512.png', size: 512, maskable: true },
];

function pageFor(svg: string, { size, maskable }: IconSpec): string {
  const drawn = maskable ? Math.round(size * MASKABLE_SAFE_SHARE) : size;
  const image = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  return `<!doctype html><html><body style="margin:0">
<div id="icon" style="width:${size}px;height:${size}px;display:grid;place-items:center;background:${maskable ? ICON_BLUE : 'transparent'}">
<img src="${image}" width="${drawn}" height="${drawn}" alt="">
</div></body></html>`;
}

async function main(): Promise<void> {
  const svg = await fs.readFile(source, 'utf8');
  await fs.mkdir(outDir, { recursive: true });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 600, height: 600 }, deviceScaleFactor: 1 });
    for (const icon of icons) {
      await page.setContent(pageFor(svg, icon));
      await page.locator('img').evaluate((image) => (image as unknown as { decode(): Promise<void> }).decode());
      const file = path.join(outDir, icon.file);
      await page.locator('#icon').screenshot({ path: file, omitBackground: true });
      console.log(`${path.relative(root, file)}  ${icon.size}×${icon.size}${icon.maskable ? ' (maskable)' : ''}`);
    }
  } finally {
    await browser.close();
  }
}

await main();
