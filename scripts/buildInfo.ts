// A Vite plugin that writes `build-info.json` into the build: the commit it was built from, whether
// tracked files had uncommitted changes, the mode and the Firebase project the app was built for.
// `npm run preflight` compares it with the repository before a deploy, and the deployed file says
// which version a site serves (docs/deploying.md).

import { execFileSync } from 'node:child_process';
import type { Plugin } from 'vite';

export const BUILD_INFO_FILE = 'build-info.json';

export interface BuildInfo {
  /** The commit checked out when the build ran; null outside a git repository. */
  commit: string | null;
  /** Tracked files differed from that commit. */
  dirty: boolean;
  mode: string;
  projectId: string | null;
  builtAt: string;
}

function git(root: string, args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/** The commit checked out in `root` and whether tracked files differ from it. */
export function gitState(root: string): { commit: string | null; dirty: boolean } {
  const commit = git(root, ['rev-parse', 'HEAD']);
  const status = commit === null ? null : git(root, ['status', '--porcelain', '--untracked-files=no']);
  return { commit, dirty: status !== null && status !== '' };
}

export function buildInfo(): Plugin {
  let info: BuildInfo | undefined;
  return {
    name: 'pitch-live-build-info',
    apply: 'build',
    configResolved(config) {
      const projectId = config.env.VITE_FIREBASE_PROJECT_ID;
      info = {
        ...gitState(config.root),
        mode: config.mode,
        projectId: typeof projectId === 'string' && projectId !== '' ? projectId : null,
        builtAt: new Date().toISOString(),
      };
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: BUILD_INFO_FILE, source: `${JSON.stringify(info, null, 2)}\n` });
    },
  };
}
