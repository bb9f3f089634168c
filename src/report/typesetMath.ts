import katex from 'katex';
import { tryParseExpr } from '../expr/parse.js';
import { toLatex } from '../expr/toLatex.js';
import type { Expr } from '../expr/types.js';
import { html, trusted, type SafeHtml } from './html.js';

/** Longest expression text we try to typeset; longer ones are shown as (escaped) text. */
const TYPESET_CHAR_LIMIT = 2_000;

/**
 * An expression as typeset math: the text is parsed by the whitelisting parser and KaTeX renders
 * the LaTeX printed from the tree (never LaTeX taken from the archive, which a model may have
 * written), with trust off. Text that does not parse is shown as escaped code. The plain text stays
 * in `title` and `data-text` for copying and searching.
 */
export function typesetExpression(text: string): { html: SafeHtml; typeset: boolean } {
  if (text.length <= TYPESET_CHAR_LIMIT) {
    const parsed = tryParseExpr(text);
    if (parsed.ok) return { html: typesetTree(parsed.expr, text), typeset: true };
  }
  return { html: html`<code class="expr-text">${text}</code>`, typeset: false };
}

function typesetTree(tree: Expr, text: string): SafeHtml {
  const rendered = katex.renderToString(toLatex(tree), {
    displayMode: false,
    throwOnError: false,
    trust: false,
    strict: 'ignore',
    output: 'html',
    maxSize: 20,
    maxExpand: 200,
  });
  return html`<span class="math" title="${text}">${trusted(rendered)}</span>`;
}
