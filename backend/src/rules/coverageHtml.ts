// The rules coverage report as one self-contained HTML page: the rules file line by line, each
// line coloured by what its allow or its expressions came to and labelled in words beside it
// (colour is never the only cue), with every sub-expression of the line and its counts.

import type { AllowCoverage, CoverageNode, RulesCoverageReport } from './coverageReport.js';

type LineStatus = 'both' | 'constant' | 'true-only' | 'false-only' | 'missed' | 'evaluated' | 'plain';

const LABELS: Record<LineStatus, string> = {
  both: 'true and false',
  constant: 'constant, evaluated',
  'true-only': 'only true',
  'false-only': 'never true',
  missed: 'never evaluated',
  evaluated: 'evaluated',
  plain: '',
};

/**
 * An allow line is covered when it both granted and denied (a false or an error), or, when its
 * condition is a constant that can only go one way, once it was evaluated.
 */
export function allowStatus(allow: AllowCoverage): Exclude<LineStatus, 'evaluated' | 'plain'> {
  const denied = allow.outcomes.false + allow.outcomes.error;
  if (allow.evaluations === 0) return 'missed';
  if (allow.constant) return 'constant';
  if (allow.outcomes.true > 0 && denied > 0) return 'both';
  return allow.outcomes.true > 0 ? 'true-only' : 'false-only';
}

export function renderCoverageHtml(report: RulesCoverageReport): string {
  const file = report.rules.files[0] ?? { name: 'rules', content: '' };
  const lines = file.content.split('\n');
  const allowsByLine = groupBy(report.allows, (a) => a.sourcePosition.line);
  const nodesByLine = new Map<number, { node: CoverageNode; outermost: boolean }[]>();
  const visit = (node: CoverageNode, parentLine: number | null) => {
    const line = node.sourcePosition.line;
    const list = nodesByLine.get(line) ?? [];
    list.push({ node, outermost: parentLine !== line });
    nodesByLine.set(line, list);
    for (const child of node.children) visit(child, line);
  };
  for (const tree of report.report) visit(tree, null);

  const rows = lines.map((text, i) => {
    const n = i + 1;
    const allows = allowsByLine.get(n) ?? [];
    const nodes = nodesByLine.get(n) ?? [];
    const outermost = nodes.filter((x) => x.outermost).map((x) => x.node);
    const status = allows.length ? allowLineStatus(allows) : exprLineStatus(outermost);
    const counts = allows.length ? allows.map(allowCounts).join('; ') : nodeCounts(outermost);
    const details = nodes.length
      ? `<details><summary>${nodes.length} expression${nodes.length === 1 ? '' : 's'}</summary><ul>${nodes
          .map(({ node }) => `<li><code>${escape(node.text)}</code> ${escape(describeNode(node))}</li>`)
          .join('')}</ul></details>`
      : '';
    const label = LABELS[status] ? `<span class="label">${LABELS[status]}</span> ` : '';
    return `<tr id="L${n}" class="${status}"><th scope="row">${n}</th><td class="counts">${label}${escape(counts)}${details}</td><td><pre>${escape(text)}</pre></td></tr>`;
  });

  const statuses = report.allows.map(allowStatus);
  const count = (s: LineStatus) => statuses.filter((x) => x === s).length;
  const uncovered = report.allows.filter((a) => allowStatus(a) !== 'both' && allowStatus(a) !== 'constant');
  const oneSided = oneSidedConditions(report.report);
  const title = `Rules coverage: ${file.name}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; color: #1a1a1a; background: #fff; margin: 1.5rem; }
h1 { font-size: 1.3rem; }
table { border-collapse: collapse; width: 100%; }
th, td { vertical-align: top; padding: 0 .5rem; text-align: left; }
th[scope=row] { color: #4a4a4a; font-weight: normal; font-family: ui-monospace, monospace; user-select: none; }
pre { margin: 0; font: 13px/1.5 ui-monospace, monospace; white-space: pre-wrap; }
td.counts { width: 22rem; font-size: 12px; }
.label { font-weight: 600; }
tr { border-left: 6px solid transparent; }
tr.both, tr.constant { background: #dff3e4; border-left-color: #1e7b34; }
tr.true-only, tr.false-only { background: #fff1c2; border-left-color: #8a6100; }
tr.missed { background: #fde2e1; border-left-color: #b3261e; }
tr.evaluated { background: #e8f0fe; border-left-color: #1a56b0; }
details { display: inline; margin-left: .5rem; }
summary { cursor: pointer; text-decoration: underline; }
ul { margin: .25rem 0; padding-left: 1.2rem; }
code { font: 12px ui-monospace, monospace; }
a { color: #0b4fa8; }
.legend span { display: inline-block; padding: 0 .5rem; margin-right: .5rem; border-left: 6px solid; }
</style>
</head>
<body>
<h1>${escape(title)}</h1>
<p>${escape(report.service)} · project${report.projects.length === 1 ? '' : 's'} ${escape(report.projects.join(', '))} · ${report.requests} request${report.requests === 1 ? '' : 's'} since ${escape(report.since)}</p>
<p>${report.allows.length} allow statements: ${count('both')} evaluated to true and to false, ${count('constant')} constant (no condition, or <code>if true</code> / <code>if false</code>: they cannot go both ways) and evaluated, ${count('true-only')} only to true, ${count('false-only')} never to true, ${count('missed')} never evaluated. An error counts as false (it denies).</p>
${
  uncovered.length
    ? `<p>Not yet both true and false:</p><ul>${uncovered
        .map((a) => `<li><a href="#L${a.sourcePosition.line}">line ${a.sourcePosition.line}</a>: ${LABELS[allowStatus(a)]}</li>`)
        .join('')}</ul>`
    : '<p>Every allow statement was evaluated to true and to false, or is a constant that was evaluated.</p>'
}
${
  oneSided.length
    ? `<details><summary>${oneSided.length} sub-expressions came to a bool only one way</summary><ul>${oneSided
        .map(
          (n) =>
            `<li><a href="#L${n.sourcePosition.line}">line ${n.sourcePosition.line}</a>, column ${n.sourcePosition.column}: <code>${escape(n.text)}</code> ${n.outcomes.true > 0 ? 'never false' : 'never true'}</li>`,
        )
        .join('')}</ul></details>`
    : ''
}
<p class="legend"><span style="background:#dff3e4;border-color:#1e7b34">true and false, or constant and evaluated</span><span style="background:#fff1c2;border-color:#8a6100">only true / never true</span><span style="background:#fde2e1;border-color:#b3261e">never evaluated</span><span style="background:#e8f0fe;border-color:#1a56b0">evaluated (not a bool)</span></p>
<table>
<thead><tr><th scope="col">Line</th><th scope="col">Outcomes</th><th scope="col">Rule</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
</body>
</html>
`;
}

/** Bool sub-expressions (literals aside) that were evaluated but never came out both true and false. */
function oneSidedConditions(trees: CoverageNode[]): CoverageNode[] {
  const found: CoverageNode[] = [];
  const visit = (node: CoverageNode) => {
    const { true: t, false: f, error: e } = node.outcomes;
    const literal = node.text === 'true' || node.text === 'false';
    if (!literal && node.outcomes.value === 0 && t + f > 0 && (t === 0 || f + e === 0)) found.push(node);
    node.children.forEach(visit);
  };
  trees.forEach(visit);
  return found.sort((a, b) => a.sourcePosition.currentOffset - b.sourcePosition.currentOffset);
}

function allowLineStatus(allows: AllowCoverage[]): LineStatus {
  const statuses = allows.map(allowStatus);
  if (statuses.includes('missed')) return 'missed';
  if (statuses.every((s) => s === 'constant')) return 'constant';
  const trueSeen = allows.some((a) => a.outcomes.true > 0);
  const deniedSeen = allows.some((a) => a.outcomes.false + a.outcomes.error > 0);
  if (trueSeen && deniedSeen) return 'both';
  return trueSeen ? 'true-only' : 'false-only';
}

function exprLineStatus(nodes: CoverageNode[]): LineStatus {
  if (nodes.length === 0) return 'plain';
  if (nodes.every((n) => n.evaluations === 0)) return 'missed';
  const bools = nodes.filter((n) => n.outcomes.true + n.outcomes.false > 0);
  if (bools.length === 0) return 'evaluated';
  const trueSeen = bools.some((n) => n.outcomes.true > 0);
  const falseSeen = bools.some((n) => n.outcomes.false + n.outcomes.error > 0);
  if (trueSeen && falseSeen) return 'both';
  return trueSeen ? 'true-only' : 'false-only';
}

function allowCounts(allow: AllowCoverage): string {
  const { true: t, false: f, error: e } = allow.outcomes;
  return `allow ${allow.methods.join(', ')}: ${t} true, ${f} false, ${e} error`;
}

function nodeCounts(nodes: CoverageNode[]): string {
  const sum = (pick: (n: CoverageNode) => number) => nodes.reduce((total, n) => total + pick(n), 0);
  const evaluations = sum((n) => n.evaluations);
  if (evaluations === 0) return '';
  const [t, f, e] = [sum((n) => n.outcomes.true), sum((n) => n.outcomes.false), sum((n) => n.outcomes.error)];
  return t + f + e === 0 ? `${evaluations}×` : `${evaluations}× (${t} true, ${f} false, ${e} error)`;
}

function describeNode(node: CoverageNode): string {
  if (node.evaluations === 0) return ': never evaluated';
  const { true: t, false: f, error: e, value: v } = node.outcomes;
  const parts = [t && `${t} true`, f && `${f} false`, e && `${e} error${e === 1 ? '' : 's'}`];
  const values = node.values
    .filter((x) => x.error === undefined && !('boolValue' in x.value))
    .map((x) => `${shown(x.value)} ×${x.count}`);
  if (v > 0) parts.push(`values: ${values.join(', ')}${node.otherValues ? `, ${node.otherValues} more` : ''}`);
  const errors = node.values.filter((x) => x.error !== undefined).map((x) => `${x.error} ×${x.count}`);
  return `: ${node.evaluations}× (${parts.filter(Boolean).join(', ')})${errors.length ? ` — ${errors.join('; ')}` : ''}`;
}

/** A kept value as a reader would write it: `'alice'`, `1024`, `null`, `map`. */
function shown(value: Record<string, unknown>): string {
  const [key, inner] = Object.entries(value)[0] ?? ['type', 'unknown'];
  if (key === 'type') return String(inner);
  if (key === 'stringValue') return `'${String(inner)}'`;
  if (key === 'pathValue')
    return `/${((inner as { segments: { simple: string }[] }).segments ?? []).map((s) => s.simple).join('/')}`;
  return key === 'nullValue' ? 'null' : JSON.stringify(inner);
}

function groupBy<T>(items: T[], key: (item: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const item of items) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
  return map;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}
