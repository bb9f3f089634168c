import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/runBuiltCli.js';

const PAGES = [
  'README.md',
  ...readdirSync(join(REPO_ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** The text of a page without its fenced code blocks, where a `](…)` is code, not a link. */
function prose(page: string): string {
  return readFileSync(join(REPO_ROOT, page), 'utf8').replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(page: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, heading] of prose(page).matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const slug = heading
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return out;
}

/** Every relative link of a page, with the page it resolves to and its anchor. */
function links(page: string): { text: string; target: string; anchor: string }[] {
  return [...prose(page).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1])
    .filter((text) => !/^[a-z]+:/.test(text))
    .map((text) => {
      const [path, anchor = ''] = text.split('#');
      return { text, target: path === '' ? page : normalize(join(dirname(page), path)), anchor };
    });
}

describe('the README and docs/', () => {
  it('keep the README short enough to read in five minutes', () => {
    expect(readFileSync(join(REPO_ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(250);
  });

  it('link only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const page of PAGES) {
      for (const { text, target, anchor } of links(page)) {
        if (!existsSync(join(REPO_ROOT, target))) broken.push(`${page}: ${text} (no file)`);
        else if (anchor !== '' && target.endsWith('.md') && !anchors(target).has(anchor)) broken.push(`${page}: ${text} (no heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('link every docs page from the README', () => {
    const linked = new Set(links('README.md').map((l) => l.target));
    expect(PAGES.filter((p) => p !== 'README.md' && !linked.has(p))).toEqual([]);
  });
});
