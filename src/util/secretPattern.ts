/**
 * A regular expression source that matches a literal secret as text that passed through a model or
 * a document may carry it: as it is; with LaTeX escapes before its punctuation (`sk\_proj`, `\-`);
 * spaced out or split over lines (whitespace, LaTeX spacing `\,` `\ ` `~` and line breaks `\\`,
 * zero-width and soft-hyphen characters between any two of its characters); percent-encoded, in part
 * or whole, in either case of hex digit; and as base64 or base64url, at each of the three byte
 * offsets it can start at inside a longer encoded text (only the characters that depend on the secret
 * alone, so a match inside a blob is found wherever the secret begins), with the same gaps (MIME line
 * breaks). Built from the secret only: nothing of it is evaluated.
 */
export function secretPattern(secret: string): string {
  const forms = [secret, ...base64Forms(secret)];
  return [...new Set(forms)]
    .filter((f) => f.length > 0)
    .sort((a, b) => b.length - a.length)
    .map(spreadForm)
    .join('|');
}

/** What may sit between two characters of a secret that was spaced out, wrapped or typeset. */
const GAP = String.raw`(?:[\s\u200b\u200c\u200d\u2060\u00ad~]|\\[,;:! ]|\\\\){0,32}`;

/** One form, each character with its escaped and percent-encoded spellings, gaps allowed between. */
function spreadForm(form: string): string {
  return [...form].map(characterPattern).join(GAP);
}

function characterPattern(c: string): string {
  const options = [escapeRegExp(c)];
  // LaTeX escapes its specials with a backslash (`\_`, `\#`, `\%`, `\&`, `\$`, `\{`, `\}`), and a
  // model may escape any punctuation the same way.
  if (!/[\p{L}\p{N}\s]/u.test(c)) options.push(String.raw`\\` + escapeRegExp(c));
  if (c === '_') options.push(String.raw`\\textunderscore(?:\{\})?`);
  const encoded = [...Buffer.from(c, 'utf8')].map((b) => `%${hexDigitPattern(b >> 4)}${hexDigitPattern(b & 15)}`).join('');
  options.push(encoded);
  return `(?:${options.join('|')})`;
}

function hexDigitPattern(d: number): string {
  const h = d.toString(16);
  return /[a-f]/.test(h) ? `[${h}${h.toUpperCase()}]` : h;
}

/**
 * The base64 and base64url characters that encode the secret's bytes alone, when the secret starts
 * 0, 1 or 2 bytes into the encoded data.
 */
function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const n = bytes.length;
  const out: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    // Character k holds bits [6k, 6k + 6); the secret's bits are [8·offset, 8·(offset + n)).
    const first = Math.ceil((8 * offset) / 6);
    const last = Math.floor((8 * (offset + n) - 6) / 6);
    if (last < first) continue;
    const standard = encoded.slice(first, last + 1);
    out.push(standard, standard.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return out;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
