// A build step (a Vite plugin, vite.config.ts): writes the first screens rendered at build time
// (src/app/firstScreens.tsx) into the built pages, so a phone paints them from the HTML before
// any JavaScript arrives. index.html gets the landing page; presenters.html, profile.html,
// results.html and events.html are written beside it (the hosting serves /presenters from
// presenters.html, and so on; every other app route still gets index.html, where the landing page
// stays hidden, and any other path 404.html, a copy of it). Each page carries its screens' styles,
// which the app's styling then takes over, and the small script that picks the variant
// (src/lib/firstScreen.ts); its only inline scripts are the two whose hashes the
// Content-Security-Policy lists.

import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rolldown, type UserConfig } from 'vite';
import { STORAGE_KEYS } from '../src/config/constants.js';
import {
  jsonBlock,
  PICKER_DATA_ID,
  VARIANT_ATTRIBUTE,
  VARIANT_PICKER_SCRIPT,
  variantStyles,
  type FirstScreenPage,
  type PickerData,
} from '../src/lib/firstScreenVariants.js';

const ENTRY = 'src/app/firstScreens.tsx';
/**
 * The modules src/main.tsx imports in stages: the page preloads them with the entry's own code,
 * the first (the event's read) ahead of everything.
 */
export const STAGES = ['src/db/sharedEvent.ts', 'src/app/theme.ts', 'src/app/router.tsx', 'src/app/renderApp.tsx'];
/** Each first screen's route modules (src/app/router.tsx), by the path it is rendered for: the page preloads the picked variant's. */
const ROUTE_MODULES: Record<string, string[]> = {
  '/': ['src/app/routes/HomeRoute.tsx'],
  '/profile': ['src/app/routes/ProfileRoute.tsx'],
  '/presenters': ['src/app/routes/PresentersRoute.tsx'],
  '/results': ['src/app/routes/ResultsRoute.tsx'],
  // The sign-in form is all of /events' first screen: the dashboard's code comes once an admin is in.
  '/events': ['src/app/routes/AdminRoute.tsx'],
};

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
    // Rendered in a Node process of its own: the process running the build may already hold
    // another copy of React (a development build, say, loaded by e-mail templates), which the
    // screens' react-dom/server must not be paired with.
    const moduleUrl = pathToFileURL(path.join(outDir, 'firstScreens.js')).href;
    const program =
      `const { renderFirstScreens } = await import(${JSON.stringify(moduleUrl)});` +
      `process.stdout.write(JSON.stringify(await renderFirstScreens()));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '--eval', program], {
      cwd: root,
      // The environment the module was just built in: its JSX suits the React build NODE_ENV picks.
      env: process.env,
      maxBuffer: 64 * 1024 * 1024,
    });
    return JSON.parse(stdout) as FirstScreenPage[];
  } finally {
    await fs.rm(outDir, { recursive: true, force: true });
  }
}

const escapeText = (text: string) => text.replace(/<\//g, '<\\/');

/** The code the page preloads: the entry's and its stages' (all variants), and each variant's route's. */
interface PagePreloads {
  /** The first stage's (the event's read): requested before anything else. */
  first: string[];
  common: string[];
  byVariant: Record<string, string[]>;
}

/** The built files of `modules` and of everything they import statically, as URLs under `base`. */
function chunkClosure(bundle: Rolldown.OutputBundle, root: string, base: string, modules: string[]): string[] {
  const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const add = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) add(imported);
  };
  for (const module of modules) {
    const chunk = chunks.find((candidate) => candidate.facadeModuleId === path.join(root, module));
    if (!chunk) throw new Error(`The build has no chunk for ${module}: is it still imported on demand?`);
    add(chunk.fileName);
  }
  return [...files].map((file) => `${base}${file}`);
}

/** The page: the template with the screens' styles and picker in its head and the screens in #root. */
function pageHtml(
  template: string,
  page: FirstScreenPage,
  storageKeys: { profile: string; admin: string },
  preloads: PagePreloads,
): string {
  // The variants share most styles (the frame's): each goes in once.
  const styles = new Map(page.variants.flatMap((variant) => variant.styles));
  const css = [...styles.values()].join('');
  const names = [...styles.keys()].join(' ');
  const conditions = page.variants.map(({ id, paths, profile, admin, redirect }) => ({ id, paths, profile, admin, redirect }));
  const head =
    jsonBlock(PICKER_DATA_ID, { conditions, keys: storageKeys } satisfies PickerData) +
    `<script>${VARIANT_PICKER_SCRIPT}</script>` +
    `<style>${variantStyles(page.variants)}</style>` +
    `<style data-emotion="css ${names}">${escapeText(css)}</style>`;
  const screens = page.variants.map((variant) => `<div ${VARIANT_ATTRIBUTE}="${variant.id}">${variant.html}</div>`).join('');
  const withHead = afterFirstPaint(template, preloads).replace('</title>', `</title>${head}`);
  if (!withHead.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>.');
  return withHead.replace('<div id="root"></div>', `<div id="root">${screens}</div>`);
}

/** The page Firebase Hosting serves for a missing file (a copy of index.html). */
export const NOT_FOUND_PAGE = '404.html';

/**
 * How many modulepreload links the page adds in one task: each starts a request, which costs the
 * main thread about a millisecond on a low-tier phone (more under a profiler), so a few at a time.
 */
const PRELOADS_PER_TASK = 3;

/** The id of the page's JSON block the loader reads: the entry, the shared preloads and each variant's. */
const LOADER_DATA_ID = 'app-code';

/** What the loader reads from its JSON block. */
interface LoaderData {
  entry: string;
  shared: string[];
  variants: Record<string, string[]>;
}

/**
 * The loader at the end of the body: adds the entry script after the next frame (or after 100 ms,
 * for a page opened in the background, where frames wait), then the preloads a few at a time,
 * each batch in a task of its own (the picked variant's last), so that no one task holds a phone's
 * main thread for long. The same text on every page and in every build (the files it loads are in
 * its JSON block), so the Content-Security-Policy allows it by one hash.
 */
export const LOADER_SCRIPT =
  `(function(){var d=JSON.parse(document.getElementById(${JSON.stringify(LOADER_DATA_ID)}).textContent),done=false;` +
  `function add(l){document.head.appendChild(l)}function go(){if(done)return;done=true;` +
  `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=d.entry;add(s);` +
  `var q=d.shared.concat(d.variants[document.documentElement.getAttribute(${JSON.stringify(VARIANT_ATTRIBUTE)})]||[]);` +
  `(function next(){q.splice(0,${PRELOADS_PER_TASK}).forEach(function(h){var l=document.createElement('link');` +
  `l.rel='modulepreload';l.crossOrigin='';l.href=h;add(l)});if(q.length)setTimeout(next,0)})()}` +
  `requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,100)})();`;

/** The inline scripts every built page may carry, for the Content-Security-Policy's hashes. */
export const INLINE_SCRIPTS = [VARIANT_PICKER_SCRIPT, LOADER_SCRIPT];

const MODULE_TAG =
  /\s*<(?:script type="module" crossorigin src|link rel="modulepreload" crossorigin href)="([^"]+)"[^>]*>(?:<\/script>)?/g;

/**
 * The page with the app's code requested once the first screen has painted: Vite's entry script
 * and its modulepreload links become the loader at the end of the body, with preloads for the
 * start-up's later stages and for the picked variant's route. The first screen needs no script,
 * and so nothing, not even a quick network, can hold its paint for script work; on a phone this
 * costs about a frame of a download that takes seconds. Preloading fetches and compiles without
 * running: each stage still runs in a task of its own.
 */
function afterFirstPaint(template: string, { first, common, byVariant }: PagePreloads): string {
  const entries: string[] = [];
  const preloads: string[] = [];
  const stripped = template.replace(MODULE_TAG, (tag, url: string) => {
    (tag.includes('<script') ? entries : preloads).push(url);
    return '';
  });
  const [entry] = entries;
  if (entry === undefined || entries.length !== 1) {
    throw new Error(`index.html should have one module entry script, found ${entries.length}.`);
  }
  const shared = [...new Set([...first, ...preloads, ...common])].filter((url) => url !== entry);
  const variants = Object.fromEntries(
    Object.entries(byVariant).map(([id, urls]) => [id, urls.filter((url) => !shared.includes(url) && url !== entry)]),
  );
  const data: LoaderData = { entry, shared, variants };
  return stripped.replace('</body>', `${jsonBlock(LOADER_DATA_ID, data)}<script>${LOADER_SCRIPT}</script></body>`);
}

/**
 * The page, once checked that every inline script it runs is one of INLINE_SCRIPTS: the
 * Content-Security-Policy allows no other (firebase.json, scripts/hosting/headers.ts), so a page
 * with another would fail in the browser; the build fails here instead, naming it.
 */
function onlyKnownInlineScripts(file: string, html: string): string {
  for (const [, attributes = '', text = ''] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\bsrc=|type="application\/json"/.test(attributes)) continue;
    if (!INLINE_SCRIPTS.includes(text)) {
      throw new Error(
        `${file} has an inline script the Content-Security-Policy does not allow (${text.slice(0, 60)}…): ` +
          'load it from a file, or add it to INLINE_SCRIPTS and run npm run hosting:headers.',
      );
    }
  }
  return html;
}

export function firstScreens(): Plugin {
  let root = process.cwd();
  let mode = 'production';
  let resolve: UserConfig['resolve'];
  let base = '/';
  return {
    name: 'first-screens',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      mode = config.mode;
      base = config.base;
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
        const first = chunkClosure(bundle, root, base, STAGES.slice(0, 1));
        const common = chunkClosure(bundle, root, base, STAGES);
        for (const page of await renderPages(root, mode, resolve)) {
          const byVariant = Object.fromEntries(
            page.variants.map((variant) => {
              const modules = ROUTE_MODULES[variant.render];
              if (!modules) throw new Error(`No route modules listed for the first screen of ${variant.render}.`);
              return [variant.id, chunkClosure(bundle, root, base, modules)];
            }),
          );
          const source = onlyKnownInlineScripts(page.file, pageHtml(template, page, keys, { first, common, byVariant }));
          if (page.file === 'index.html') index.source = source;
          else this.emitFile({ type: 'asset', fileName: page.file, source });
        }
        // The hosting's answer, with status 404, to a path that is neither a file nor an app route
        // (firebase.json): the app's own page, which shows its Not Found screen.
        this.emitFile({ type: 'asset', fileName: NOT_FOUND_PAGE, source: index.source });
      },
    },
  };
}
