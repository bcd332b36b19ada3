// `/emulator/v1/projects/{project}:ruleCoverage` (JSON) and `:ruleCoverage.html`, the official
// Firestore emulator's paths, served on the Firestore port for Firestore rules and on the Storage
// port, at the same path, for Storage rules. GET reads the report; DELETE starts a new count.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RulesAuthorizer } from '../rules/authorizer.js';
import type { ServiceKind } from '../rules/check.js';
import { renderCoverageHtml } from '../rules/coverageHtml.js';
import { sendJson } from './http.js';

export type CoverageSource = Pick<RulesAuthorizer, 'coverage' | 'resetCoverage'>;

const COVERAGE_PATH = /^\/emulator\/v1\/projects\/([^/:]+):ruleCoverage(\.html)?$/;

/** Answers a coverage request; false when the path is not one (the caller routes on). */
export function serveRuleCoverage(
  rules: CoverageSource,
  service: ServiceKind,
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
): boolean {
  const match = COVERAGE_PATH.exec(pathname);
  const project = match?.[1];
  if (!match || project === undefined) return false;
  req.resume();
  if (req.method === 'DELETE') {
    rules.resetCoverage(service, project);
    sendJson(res, 200, {});
    return true;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendJson(res, 405, { error: { code: 405, message: `${req.method} ${pathname}: use GET, or DELETE to start a new count.` } });
    return true;
  }
  const report = rules.coverage(service, project);
  if (!report) {
    const message = `No ${service === 'firestore' ? 'Firestore' : 'Storage'} rules decide the requests of project ${project}: there is nothing to report.`;
    sendJson(res, 404, { error: { code: 404, message, status: 'NOT_FOUND' } });
    return true;
  }
  if (match[2]) {
    const html = renderCoverageHtml(report);
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(html) });
    res.end(req.method === 'HEAD' ? undefined : html);
    return true;
  }
  sendJson(res, 200, report);
  return true;
}
