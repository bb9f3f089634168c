/** A value of an options file: what a command-line option can be given as. */
export type OptionsFileValue = string | number | boolean | null | readonly (string | number | boolean | null)[];

/** Longest line read; an options file is a few dozen short lines. */
const MAX_LINE = 10_000;

/**
 * The small part of YAML an options file needs, and nothing more: one `key: value` per line at the
 * left margin (keys are option names: letters, digits and dashes), a value being a plain scalar,
 * a single- or double-quoted string, or, when the line has none, a list of `- value` lines indented
 * below it; `#` comments and a leading `---`. Plain scalars are read as YAML 1.2's core schema reads
 * them (true, false, null, ~, decimal numbers; anything else is a string). Everything else YAML has
 * (nested maps, flow collections, anchors, tags, block scalars, several documents) is refused with
 * the line it is on, rather than read in a way YAML would not: such a file can be written as JSON.
 */
export function parseOptionsYaml(text: string, source: string): Record<string, OptionsFileValue> {
  const out: Record<string, OptionsFileValue> = {};
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let listKey: string | null = null;
  const fail = (line: number, message: string): never => {
    throw new Error(`${source}:${line}: ${message} (an options file in YAML holds "key: value" lines and "- value" lists only; write anything else as JSON)`);
  };
  lines.forEach((raw, index) => {
    const n = index + 1;
    if (raw.length > MAX_LINE) fail(n, `line longer than ${MAX_LINE} characters`);
    if (raw.includes('\t')) fail(n, 'a tab (YAML indents with spaces only)');
    const line = stripComment(raw, n, fail).trimEnd();
    if (line.trim() === '') return;
    if (index === 0 && line === '---') return;
    if (line === '---' || line === '...') fail(n, 'several documents');
    const item = /^ *- (.*)$|^ *-$/.exec(line);
    if (item !== null) {
      if (listKey === null) fail(n, 'a list item without a key above it');
      const value = item[1] === undefined ? null : scalar(item[1].trim(), n, fail);
      (out[listKey!] as (string | number | boolean | null)[]).push(value as string | number | boolean | null);
      return;
    }
    const pair = /^([A-Za-z0-9][A-Za-z0-9-]*):(?: +(.*))?$/.exec(line);
    if (pair === null)
      fail(n, line.startsWith(' ') ? 'an indented line that is not a "- value" list item (nested maps are not read)' : 'not a "key: value" line');
    listKey = null;
    const [, key, rest] = pair!;
    if (Object.hasOwn(out, key)) fail(n, `${key} is given twice`);
    if (rest === undefined || rest.trim() === '') {
      out[key] = [];
      listKey = key;
      return;
    }
    out[key] = scalar(rest.trim(), n, fail);
  });
  // A key with neither a value nor items below it is YAML's null.
  for (const [key, value] of Object.entries(out)) if (Array.isArray(value) && value.length === 0) out[key] = null;
  return out;
}

/** The line without its comment: a `#` at the start or after a space, outside quotes. */
function stripComment(line: string, n: number, fail: (line: number, message: string) => never): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote !== null) {
      if (quote === '"' && c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if ((c === '"' || c === "'") && (i === 0 || /[\s:\-[]/.test(line[i - 1]))) quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]))) return line.slice(0, i);
  }
  if (quote !== null) fail(n, 'a quoted string that does not end on its line');
  return line;
}

/** One scalar, as YAML's core schema reads it; YAML's other kinds of value are refused. */
function scalar(text: string, n: number, fail: (line: number, message: string) => never): string | number | boolean | null {
  if (text.startsWith('"')) {
    if (!text.endsWith('"') || text.length < 2) fail(n, 'text after a quoted string');
    try {
      return JSON.parse(text) as string;
    } catch {
      return fail(n, 'a double-quoted string with an escape this reader does not know');
    }
  }
  if (text.startsWith("'")) {
    const inner = text.slice(1, -1);
    // Inside single quotes a quote is written twice; a lone one ends the string early.
    if (!text.endsWith("'") || text.length < 2 || inner.replace(/''/g, '').includes("'")) fail(n, 'text after a quoted string');
    return inner.replace(/''/g, "'");
  }
  if (/^[[{&*!|>%@`]/.test(text)) fail(n, `a value starting with ${text[0]} (flow collections, anchors, tags and block scalars are not read)`);
  if (/^(?:true|True|TRUE)$/.test(text)) return true;
  if (/^(?:false|False|FALSE)$/.test(text)) return false;
  if (/^(?:null|Null|NULL|~)$/.test(text)) return null;
  if (/^[-+]?(?:\d+|\d*\.\d+|\d+\.\d*)(?:[eE][-+]?\d+)?$/.test(text)) return Number(text);
  if (/: |\s#/.test(text)) fail(n, 'a plain value holding ": " or " #" (quote it)');
  return text;
}
