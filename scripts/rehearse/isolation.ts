// Module customization hooks (node:module register) that give each rehearsal provider its own copy
// of the app's src/db code and of the `firebase` SDK inside one worker thread: src/db/firebase.ts is
// a module singleton (one default app, one auth user), so a second provider needs a second module
// graph. A module loaded as `…?provider=<key>` passes the query on to what it imports from this
// repository and from the `firebase` / `@firebase/*` packages (Node's ESM cache is keyed by URL, so
// each key is a separate graph with its own default app and anonymous user); other packages
// (grpc, protobufjs, tslib) stay shared. The app's modules also get `import.meta.env`, which Vite
// would provide in the browser: the VITE_* settings passed to register().

import type { InitializeHook, LoadHook, ResolveHook } from 'node:module';

export interface IsolationData {
  /** file: URL of the repository root (ends with a slash). */
  repoUrl: string;
  /** What `import.meta.env` holds in the app's modules. */
  env: Record<string, string | boolean>;
  /** Settings of one provider's copy over `env`, by provider key (its own Firestore relay, say). */
  envByKey: Record<string, Record<string, string>>;
}

const KEY = 'provider';
let settings: IsolationData = { repoUrl: 'file:///nonexistent/', env: {}, envByKey: {} };

export const initialize: InitializeHook<IsolationData> = (data) => {
  settings = data;
};

function providerKey(url: string | undefined): string | null {
  return url?.includes('?') ? new URL(url).searchParams.get(KEY) : null;
}

function providerQuery(url: string | undefined): string | null {
  const key = providerKey(url);
  return key === null ? null : `?${KEY}=${encodeURIComponent(key)}`;
}

/** The repository's own modules and the firebase SDK's: copied per provider. */
function isolated(url: string): boolean {
  if (!url.startsWith(settings.repoUrl)) return false;
  const inRepo = url.slice(settings.repoUrl.length);
  if (!inRepo.startsWith('node_modules/')) return true;
  return /(^|\/)node_modules\/(firebase\/(app|auth)|@firebase\/(app|auth))\//.test(inRepo);
}

export const resolve: ResolveHook = async (specifier, context, nextResolve) => {
  // `firebase/firestore?provider=3`: a package import asking for one provider's copy.
  const asked = specifier.includes(`?${KEY}=`) ? providerQuery(new URL(specifier, 'file:///').href) : null;
  const bare = asked ? specifier.slice(0, specifier.indexOf('?')) : specifier;
  const query = asked ?? providerQuery(context.parentURL);
  const resolved = await nextResolve(bare, context);
  if (!query || !resolved.url.startsWith('file:') || !isolated(resolved.url)) return resolved;
  const plain = resolved.url.split('?')[0] ?? resolved.url;
  return { ...resolved, url: `${plain}${query}` };
};

export const load: LoadHook = async (url, context, nextLoad) => {
  const loaded = await nextLoad(url, context);
  const key = providerKey(url);
  const inApp = key !== null && url.startsWith(settings.repoUrl) && !url.includes('/node_modules/');
  if (!inApp || loaded.format !== 'module' || loaded.source === undefined) return loaded;
  const source = typeof loaded.source === 'string' ? loaded.source : Buffer.from(loaded.source as Uint8Array).toString('utf8');
  if (!source.includes('import.meta.env')) return loaded;
  const env = { ...settings.env, ...settings.envByKey[key] };
  return { ...loaded, source: `import.meta.env = ${JSON.stringify(env)};\n${source}` };
};
