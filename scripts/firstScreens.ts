// A build step (a Vite plugin, vite.config.ts): writes the first screens rendered at build time
// (src/app/firstScreens.tsx) into the built pages, so a phone paints them from the HTML before
// any JavaScript arrives. index.html gets the landing page; presenters.html, profile.html,
// results.html and events.html are written beside it (the hosting serves /presenters from
// presenters.html, and so on; every other path still gets index.html, where the landing page
// stays hidden). Each page carries its screens' styles, which the app's styling then takes over,
// and the small script that picks the variant (src/lib/firstScreen.ts).

import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type UserConfig } from 'vite';
import { STORAGE_KEYS } from '../src/config/constants.js';
import { variantPickerScript, variantStyles, VARIANT_ATTRIBUTE, type FirstScreenPage } from '../src/lib/firstScreenVariants.js';

const ENTRY = 'src/app/firstScreens.tsx';

interface FirstScreensModule {
  renderFirstScreens: () => Promise<FirstScreenPage[]>;
}

/** Builds the first screens' module for Node with the app's own settings, and renders every page. */
async function renderPages(root: string, mode: string, resolve: UserConfig['resolve']): Promise<FirstScreenPage[]> {
  // Inside the project, so that Node finds the packages the module imports.
  const cacheDir = path.join(root, 'node_modules/.cache');
  await fs.mkdir(cacheDir, { recursive: true });
  const outDir = await fs.mkdtemp(path.join(cacheDir, 'first-screens-'));
  try {
    await build({
      configFile: false,
      root,
      mode,
      logLevel: 'warn',
      plugins: [react()],
      resolve,
      build: { ssr: ENTRY, outDir, emptyOutDir: true, sourcemap: false, minify: false, copyPublicDir: false },
    });
    const module = (await import(pathToFileURL(path.join(outDir, 'firstScreens.js')).href)) as FirstScreensModule;
    return await module.renderFirstScreens();
  } finally {
    await fs.rm(outDir, { recursive: true, force: true });
  }
}

const escapeText = (text: string) => text.replace(/<\//g, '<\\/');

/** The page: the template with the screens' styles and picker in its head and the screens in #root. */
function pageHtml(template: string, page: FirstScreenPage, storageKeys: { profile: string; admin: string }): string {
  const styles = new Map<string, string>();
  for (const variant of page.variants) {
    variant.cssNames.forEach((name) => styles.set(name, ''));
  }
  const css = page.variants.map((variant) => variant.css).join('');
  const names = [...styles.keys()].join(' ');
  const conditions = page.variants.map(({ id, paths, profile, admin, redirect }) => ({ id, paths, profile, admin, redirect }));
  const head =
    `<script>${escapeText(variantPickerScript(conditions, storageKeys))}</script>` +
    `<style>${variantStyles(page.variants)}</style>` +
    `<style data-emotion="css ${names}">${escapeText(css)}</style>`;
  const screens = page.variants.map((variant) => `<div ${VARIANT_ATTRIBUTE}="${variant.id}">${variant.html}</div>`).join('');
  const withHead = template.replace('</title>', `</title>${head}`);
  if (!withHead.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>.');
  return withHead.replace('<div id="root"></div>', `<div id="root">${screens}</div>`);
}

export function firstScreens(): Plugin {
  let root = process.cwd();
  let mode = 'production';
  let resolve: UserConfig['resolve'];
  return {
    name: 'first-screens',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      mode = config.mode;
      resolve = { alias: config.resolve.alias };
    },
    generateBundle: {
      // After Vite has written index.html's script and style tags.
      order: 'post',
      async handler(_options, bundle) {
        const index = bundle['index.html'];
        if (!index || index.type !== 'asset' || typeof index.source !== 'string') return;
        const template = index.source;
        const keys = { profile: STORAGE_KEYS.profile, admin: STORAGE_KEYS.adminSession };
        for (const page of await renderPages(root, mode, resolve)) {
          const source = pageHtml(template, page, keys);
          if (page.file === 'index.html') index.source = source;
          else this.emitFile({ type: 'asset', fileName: page.file, source });
        }
      },
    },
  };
}
