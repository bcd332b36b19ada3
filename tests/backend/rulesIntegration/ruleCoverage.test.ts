// Rules coverage reports, read as a project's test set-up reads them: after requests made through
// @firebase/rules-unit-testing, `:ruleCoverage` counts each allow and each sub-expression with its
// outcomes, keyed by position with the source text; `:ruleCoverage.html` shows the rules file
// with the counts. Loading rules or DELETE on the report starts a new count; clearing data does not.

import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { doc, getDoc, setDoc } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import type { AllowCoverage, CoverageNode, RulesCoverageReport } from '../../../backend/src/rules/coverageReport.js';
import { startBackend } from '../../../backend/src/server.js';
import { PNG_1X1 } from '../../support/fixtures';
import { firestoreOf, upload, useRulesBackend } from '../../support/rulesBackend';

const FIRESTORE_RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /notes/{noteId} {
      allow read: if request.auth != null && request.auth.uid == resource.data.owner;
      allow create: if request.auth != null;
      allow delete: if false;
    }
  }
}
`;

const STORAGE_RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /images/{name} {
      allow write: if request.resource.size < 1024 && request.resource.contentType == 'image/png';
    }
  }
}
`;

const { backend, testEnv } = useRulesBackend('coverage', { firestore: FIRESTORE_RULES, storage: STORAGE_RULES });

const firestoreUrl = (suffix: string) =>
  `http://${backend().host}:${backend().firestorePort}/emulator/v1/projects/${testEnv().projectId}${suffix}`;
const storageUrl = (suffix: string) =>
  `http://${backend().host}:${backend().storagePort}/emulator/v1/projects/${testEnv().projectId}${suffix}`;
const reportAt = async (url: string): Promise<RulesCoverageReport> => {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return (await res.json()) as RulesCoverageReport;
};
const allowOn = (report: RulesCoverageReport, line: number): AllowCoverage => {
  const allow = report.allows.find((a) => a.sourcePosition.line === line);
  if (!allow) throw new Error(`no allow on line ${line}`);
  return allow;
};
const nodeWithText = (nodes: CoverageNode[], text: string): CoverageNode | undefined => {
  for (const node of nodes) {
    if (node.text === text) return node;
    const found = nodeWithText(node.children, text);
    if (found) return found;
  }
  return undefined;
};

describe('Firestore :ruleCoverage', () => {
  it('counts each allow and sub-expression, with outcomes, positions and text, across cleared data', async () => {
    await testEnv().withSecurityRulesDisabled((context) => setDoc(doc(firestoreOf(context), 'notes/n1'), { owner: 'alice' }));
    await assertSucceeds(getDoc(doc(firestoreOf(testEnv().authenticatedContext('alice')), 'notes/n1')));
    await testEnv().clearFirestore();
    await testEnv().withSecurityRulesDisabled((context) => setDoc(doc(firestoreOf(context), 'notes/n1'), { owner: 'alice' }));
    await assertFails(getDoc(doc(firestoreOf(testEnv().authenticatedContext('bob')), 'notes/n1')));
    await assertFails(getDoc(doc(firestoreOf(testEnv().unauthenticatedContext()), 'notes/n1')));

    const report = await reportAt(firestoreUrl(':ruleCoverage'));
    expect(report.rules.files[0]?.content).toBe(FIRESTORE_RULES);
    expect(report.service).toBe('cloud.firestore');
    const read = allowOn(report, 5);
    expect(read.text).toBe('allow read: if request.auth != null && request.auth.uid == resource.data.owner');
    expect(read.sourcePosition).toMatchObject({ line: 5, column: 7 });
    expect(read.evaluations).toBe(3);
    expect(read.outcomes).toEqual({ true: 1, false: 2, error: 0 });
    expect(allowOn(report, 6).evaluations).toBe(0);

    const condition = report.report.find((n) => n.sourcePosition.line === 5);
    expect(condition?.text).toBe('request.auth != null && request.auth.uid == resource.data.owner');
    expect(condition?.sourcePosition).toMatchObject({ line: 5, column: 22 });
    expect(condition?.values).toContainEqual({ value: { boolValue: true }, count: 1 });
    const signedIn = nodeWithText(report.report, 'request.auth != null');
    expect(signedIn?.outcomes).toMatchObject({ true: 2, false: 1, error: 0 });
    const sameUser = nodeWithText(report.report, 'request.auth.uid == resource.data.owner');
    expect(sameUser?.outcomes).toMatchObject({ true: 1, false: 1 });
    expect(nodeWithText(report.report, 'resource.data.owner')?.values).toContainEqual({
      value: { stringValue: 'alice' },
      count: 2,
    });
  });

  it('counts an error as an error, with its message', async () => {
    await assertFails(getDoc(doc(firestoreOf(testEnv().authenticatedContext('alice')), 'notes/missing')));
    const report = await reportAt(firestoreUrl(':ruleCoverage'));
    const owner = nodeWithText(report.report, 'resource.data.owner');
    expect(owner?.outcomes.error).toBeGreaterThan(0);
    expect(owner?.values.some((v) => v.error !== undefined && JSON.stringify(v.value) === '{}')).toBe(true);
  });

  it('shows the rules file as HTML, escaped, with the counts beside each line', async () => {
    const res = await fetch(firestoreUrl(':ruleCoverage.html'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<tr id="L5" class="both">');
    expect(html).toMatch(/<tr id="L6" class="missed">.*never evaluated/);
    expect(html).toContain('allow read: 1 true, 2 false, 1 error');
    expect(html).toContain('request.auth != null &amp;&amp; request.auth.uid');
    expect(html).not.toMatch(/<(script|link|img)\b/);
  });

  it('starts a new count on DELETE and when rules are loaded again', async () => {
    expect((await fetch(firestoreUrl(':ruleCoverage'), { method: 'DELETE' })).status).toBe(200);
    expect(allowOn(await reportAt(firestoreUrl(':ruleCoverage')), 5).evaluations).toBe(0);

    await assertFails(getDoc(doc(firestoreOf(testEnv().unauthenticatedContext()), 'notes/n1')));
    expect(allowOn(await reportAt(firestoreUrl(':ruleCoverage')), 5).evaluations).toBe(1);
    const put = await fetch(firestoreUrl(':securityRules'), {
      method: 'PUT',
      body: JSON.stringify({ rules: { files: [{ content: FIRESTORE_RULES }] } }),
    });
    expect(put.status).toBe(200);
    expect(allowOn(await reportAt(firestoreUrl(':ruleCoverage')), 5).evaluations).toBe(0);
  });

  it('answers 404 for a project that no rules decide', async () => {
    const other = await startBackend({ firestorePort: 0, storagePort: 0 });
    try {
      const res = await fetch(`http://${other.host}:${other.firestorePort}/emulator/v1/projects/nobody:ruleCoverage`);
      expect(res.status).toBe(404);
    } finally {
      await other.close();
    }
  });
});

describe('Storage :ruleCoverage, on the Storage port', () => {
  it('counts the upload rule of the project’s bucket', async () => {
    await assertSucceeds(upload(testEnv().authenticatedContext('alice'), 'images/a.png', PNG_1X1, 'image/png'));
    await assertFails(upload(testEnv().authenticatedContext('alice'), 'images/a.png', PNG_1X1, 'image/gif'));

    const report = await reportAt(storageUrl(':ruleCoverage'));
    expect(report.service).toBe('firebase.storage');
    expect(report.projects).toEqual([testEnv().projectId]);
    expect(allowOn(report, 5).outcomes).toEqual({ true: 1, false: 1, error: 0 });
    expect(nodeWithText(report.report, "request.resource.contentType == 'image/png'")?.outcomes).toMatchObject({
      true: 1,
      false: 1,
    });
    const html = await (await fetch(storageUrl(':ruleCoverage.html'))).text();
    expect(html).toContain('request.resource.size &lt; 1024');
  });
});
