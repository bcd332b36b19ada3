// Every link from README.md and docs/*.md into the repository resolves: the file or folder exists,
// and a #fragment names a heading of the target as GitHub slugs it (lower case, punctuation other
// than - and _ dropped, spaces to -, repeated headings numbered -1, -2, ...). Links off the
// repository (http:, mailto:) are not followed.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

const markdownFiles = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The text without fenced code blocks and inline code, where brackets are not links. */
function withoutCode(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for a heading's text. */
function githubSlug(heading: string): string {
  const text = heading.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>/g, '');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(file: string): Set<string> {
  const markdown = readFileSync(file, 'utf8').replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of markdown.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = githubSlug(match[1] ?? '');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  for (const match of markdown.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(match[1] ?? '');
  return anchors;
}

function linksOf(file: string): string[] {
  const markdown = withoutCode(readFileSync(path.join(root, file), 'utf8'));
  const inline = [...markdown.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] ?? '');
  const references = [...markdown.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map((m) => m[1] ?? '');
  return [...inline, ...references].filter((link) => !/^[a-z][a-z0-9+.-]*:/i.test(link));
}

function problem(file: string, link: string): string | null {
  const [target = '', fragment] = link.split('#', 2);
  const resolved = target === '' ? path.join(root, file) : path.resolve(path.dirname(path.join(root, file)), decodeURI(target));
  if (!resolved.startsWith(root)) return 'points outside the repository';
  if (!existsSync(resolved)) return 'no such file';
  if (fragment === undefined || fragment === '') return null;
  if (statSync(resolved).isDirectory() || !resolved.endsWith('.md')) return 'a #fragment on a file that is not Markdown';
  return anchorsOf(resolved).has(decodeURIComponent(fragment)) ? null : `no heading #${fragment}`;
}

describe('Markdown links into the repository', () => {
  it('slugs headings as GitHub does', () => {
    expect(githubSlug('What `npm start` gives you')).toBe('what-npm-start-gives-you');
    expect(githubSlug("The app's settings, step 2: VITE_*")).toBe('the-apps-settings-step-2-vite_');
    expect(githubSlug('Fair scores & conflicts (in brackets)')).toBe('fair-scores--conflicts-in-brackets');
  });

  it.each(markdownFiles)('%s links only to files and headings that exist', (file) => {
    const broken = linksOf(file)
      .map((link) => ({ link, problem: problem(file, link) }))
      .filter((entry) => entry.problem !== null);
    expect(broken).toEqual([]);
  });
});
