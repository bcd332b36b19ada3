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
  // The variants share most styles (the frame's): each goes in once.
  const styles = new Map(page.variants.flatMap((variant) => variant.styles));
  const css = [...styles.values()].join('');
  const names = [...styles.keys()].join(' ');
  const conditions = page.variants.map(({ id, paths, profile, admin, redirect }) => ({ id, paths, profile, admin, redirect }));
  const head =
    `<script>${escapeText(variantPickerScript(conditions, storageKeys))}</script>` +
    `<style>${variantStyles(page.variants)}</style>` +
    `<style data-emotion="css ${names}">${escapeText(css)}</style>`;
  const screens = page.variants.map((variant) => `<div ${VARIANT_ATTRIBUTE}="${variant.id}">${variant.html}</div>`).join('');
  const withHead = afterFirstPaint(template).replace('</title>', `</title>${head}`);
  if (!withHead.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>.');
  return withHead.replace('<div id="root"></div>', `<div id="root">${screens}</div>`);
}

const MODULE_TAG =
  /\s*<(?:script type="module" crossorigin src|link rel="modulepreload" crossorigin href)="([^"]+)"[^>]*>(?:<\/script>)?/g;

/**
 * The page with the app's code requested once the first screen has painted: Vite's entry script
 * and its modulepreload links become a small script at the end of the body that adds them after
 * the next frame (or after 100 ms, for a page opened in the background, where frames wait). The
 * first screen needs no script, and so nothing, not even a quick network, can hold its paint
 * for script work; on a phone this costs about a frame of a download that takes seconds.
 */
function afterFirstPaint(template: string): string {
  const entries: string[] = [];
  const preloads: string[] = [];
  const stripped = template.replace(MODULE_TAG, (tag, url: string) => {
    (tag.includes('<script') ? entries : preloads).push(url);
    return '';
  });
  if (entries.length !== 1) throw new Error(`index.html should have one module entry script, found ${entries.length}.`);
  const loader =
    `(function(e,p){var d=false;function go(){if(d)return;d=true;p.forEach(function(h){var l=document.createElement('link');` +
    `l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)});var s=document.createElement('script');` +
    `s.type='module';s.crossOrigin='';s.src=e;document.head.appendChild(s)}requestAnimationFrame(function(){setTimeout(go,0)});` +
    `setTimeout(go,100)})(${JSON.stringify(entries[0])},${JSON.stringify(preloads)});`;
  return stripped.replace('</body>', `<script>${loader}</script></body>`);
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
