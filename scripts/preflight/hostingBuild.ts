// The hosting build in dist/: built from the checked-out commit, in the mode and for the project
// checked, and not publishing its source maps (the app's source for anyone to read): no .map file
// among the files Hosting would upload, and no sourceMappingURL comment pointing browsers at one.

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { BUILD_INFO_FILE, gitState, type BuildInfo } from '../buildInfo.js';
import { fail, pass, readJson, type FirebaseJson, type Finding } from './findings.js';
import { targetName, type Target } from './target.js';

const BUILD = 'check-before-deploying';

// Hosting's own file list (firebase-tools lib/listFiles.js): the public folder less its "ignore" globs.
const { listFiles } = createRequire(import.meta.url)('firebase-tools/lib/listFiles.js') as {
  listFiles: (cwd: string, ignore?: string[]) => string[];
};

export function checkHostingBuild(root: string, config: FirebaseJson, target: Target, mode: string): Finding[] {
  const dist = config.hosting?.public ?? 'dist';
  const build = `npm run build -- --mode ${mode}`;
  const infoFile = path.join(root, dist, BUILD_INFO_FILE);
  if (!existsSync(path.join(root, dist, 'index.html')) || !existsSync(infoFile)) {
    return [fail(`${dist}/ holds no build: ${build}`, BUILD)];
  }
  const info = readJson(infoFile) as BuildInfo;
  const head = gitState(root);
  const findings: Finding[] = [];
  if (info.commit === null || info.commit !== head.commit) {
    const built = info.commit?.slice(0, 7) ?? 'no commit';
    findings.push(
      fail(`${dist}/ was built from ${built}, not the checked-out ${head.commit?.slice(0, 7) ?? '(no commit)'}: ${build}`, BUILD),
    );
  } else if (info.dirty || head.dirty) {
    findings.push(fail(`${dist}/ or the working tree has uncommitted changes: commit, then ${build}`, BUILD));
  }
  if (info.mode !== mode) findings.push(fail(`${dist}/ was built in mode ${info.mode}, not ${mode}: ${build}`, BUILD));
  if (info.projectId !== target.projectId) {
    findings.push(fail(`${dist}/ was built for ${info.projectId ?? 'no project'}, not ${targetName(target)}: ${build}`, BUILD));
  }
  if (findings.length === 0) {
    findings.push(pass(`${dist}/ was built from ${head.commit?.slice(0, 7)} for ${targetName(target)} (mode ${mode})`, BUILD));
  }
  findings.push(checkSourceMaps(root, dist, config.hosting?.ignore ?? []));
  return findings;
}

/** A line of its own that points at a map: `//# sourceMappingURL=...` (JS) or `/*# sourceMappingURL=... *\/` (CSS). */
const MAP_COMMENT = /^(\/\/[#@] sourceMappingURL=\S+|\/\*[#@] sourceMappingURL=\S+\s*\*\/)\s*$/m;

const shown = (files: string[]): string =>
  `${files.slice(0, 2).join(', ')}${files.length > 2 ? ` and ${files.length - 2} more` : ''}`;

function checkSourceMaps(root: string, dist: string, ignore: string[]): Finding {
  const uploaded = listFiles(path.join(root, dist), ignore).sort();
  const maps = uploaded.filter((file) => file.endsWith('.map'));
  if (maps.length > 0) {
    return fail(
      `Hosting would publish ${maps.length} source map(s) (${shown(maps)}): add "**/*.map" to firebase.json's hosting.ignore`,
      'source-maps',
    );
  }
  const pointing = uploaded.filter(
    (file) => /\.(m?js|css)$/.test(file) && MAP_COMMENT.test(readFileSync(path.join(root, dist, file), 'utf8')),
  );
  if (pointing.length > 0) {
    return fail(
      `${pointing.length} file(s) in ${dist}/ point browsers at a source map (${shown(pointing)}): build with hidden source maps`,
      'source-maps',
    );
  }
  return pass(`${dist}/ publishes no source map`, 'source-maps');
}
