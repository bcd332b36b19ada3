// The Hosting site the app is served from, whose id makes its addresses (<site>.web.app and
// <site>.firebaseapp.com): firebase.json's hosting.site, or its hosting.target as .firebaserc's
// targets map it for the project (as firebase-tools resolves a target), or else the project's
// default site. Only the project knows the default site's id: `firebase apps:create WEB` and the
// first deploy offer the project id for it, and the guide has the deployer take it, so the check
// takes that and says so. The e-mails' links fall back to <project id>.web.app when APP_URL is empty.

import { fail, pass, type FirebaseJson, type Finding } from './findings.js';
import { readTargets } from './target.js';

const ANCHOR = 'create-the-project-and-the-web-app';

export interface HostingSite {
  id: string;
  /** Taken to be the project id: firebase.json names no site and no target. */
  assumed: boolean;
}

/** The site's https origins on Hosting. */
export const siteOrigins = (siteId: string): string[] => [`https://${siteId}.web.app`, `https://${siteId}.firebaseapp.com`];

interface SiteResult {
  /** null when firebase.json names a target the project maps to no single site (the deploy fails). */
  site: HostingSite | null;
  finding: Finding;
}

export function resolveHostingSite(root: string, config: FirebaseJson, projectId: string): SiteResult {
  const { site, target } = config.hosting ?? {};
  if (site)
    return { site: { id: site, assumed: false }, finding: pass(`Hosting site ${site} (firebase.json's hosting.site)`, ANCHOR) };
  if (target) {
    const sites = readTargets(root, projectId, 'hosting')[target] ?? [];
    const [only] = sites;
    if (sites.length !== 1 || only === undefined) {
      const problem =
        sites.length === 0 ? `maps it to no site for ${projectId}` : `maps it to several sites (${sites.join(', ')})`;
      return {
        site: null,
        finding: fail(
          `firebase.json's hosting.target is ${target}, but .firebaserc ${problem}: npx firebase target:apply hosting ${target} <site id> --project ${projectId}`,
          ANCHOR,
        ),
      };
    }
    return {
      site: { id: only, assumed: false },
      finding: pass(`Hosting site ${only} (target ${target} in .firebaserc)`, ANCHOR),
    };
  }
  return {
    site: { id: projectId, assumed: true },
    finding: pass(
      `Hosting site ${projectId}, taken to be the project's default site named after the project (firebase.json names no site or target): ` +
        'the addresses checked below assume it',
      ANCHOR,
    ),
  };
}
