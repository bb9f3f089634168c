import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * KaTeX families our LaTeX printer can produce (roman and italic text, operators, delimiters of all
 * sizes, AMS symbols). Calligraphic, Fraktur, sans-serif, script and typewriter are never used, so
 * their fonts are left out to keep the report small.
 */
const KEPT_FAMILIES = new Set(['KaTeX_AMS', 'KaTeX_Main', 'KaTeX_Math', 'KaTeX_Size1', 'KaTeX_Size2', 'KaTeX_Size3', 'KaTeX_Size4']);

let cached: string | null = null;

/**
 * KaTeX's stylesheet with its fonts inlined as base64 `data:` URIs (woff2 only: every browser that
 * runs the report reads woff2), so that typeset math needs no network and no files beside the report.
 */
export function katexStyles(): string {
  if (cached !== null) return cached;
  const dist = dirname(createRequire(import.meta.url).resolve('katex'));
  const css = readFileSync(join(dist, 'katex.min.css'), 'utf8');
  cached = css.replace(/@font-face\{[^}]*\}/g, (rule) => {
    const family = /font-family:\s*([\w-]+)/.exec(rule)?.[1];
    const woff2 = /url\((fonts\/[\w-]+\.woff2)\)/.exec(rule)?.[1];
    if (!family || !woff2 || !KEPT_FAMILIES.has(family)) return '';
    const data = readFileSync(join(dist, woff2)).toString('base64');
    return rule.replace(/src:[^;}]*/, `src:url(data:font/woff2;base64,${data}) format("woff2")`);
  });
  return cached;
}
