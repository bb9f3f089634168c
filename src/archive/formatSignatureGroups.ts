import { clip } from '../util/clip.js';
import { MISSING } from './formatNumbers.js';
import { markdownTable } from './markdownTable.js';
import { proofText } from './proofText.js';
import type { SignatureGroup, SignatureGroups } from './signatureGroups.js';

/** Longest answer and proof text in a table cell. */
const CELL_LIMIT = 120;

/**
 * The distinct failures of a run as a Markdown table, one row per signature: the minimal problem,
 * the model's answer to it, the proof, how many lines the archive holds and how many variants took
 * no seat, and one or two original problems.
 */
export function formatSignatureGroups(run: string, { groups, unsigned }: SignatureGroups): string {
  const headers = ['#', 'Signature', 'Minimal problem', 'Nodes', 'Answer', 'Proof', 'Archived', 'Variants', 'Originals'];
  const cells = groups.map((g, i) => [
    String(i + 1),
    g.signature,
    g.minimal.statement,
    g.minimal.nodes === null ? MISSING : String(g.minimal.nodes),
    answerText(g),
    proofText(g.proof, CELL_LIMIT),
    String(g.archived),
    g.variants === null ? MISSING : String(g.variants),
    g.originals.join('; '),
  ]);
  const numeric = headers.map((h) => ['#', 'Nodes', 'Archived', 'Variants'].includes(h));
  const lines = [`## ${run}: ${groups.length} distinct failure${groups.length === 1 ? '' : 's'} (by signature)`, ''];
  if (groups.length > 0) lines.push(markdownTable(headers, cells, numeric));
  if (unsigned > 0) {
    lines.push('', `${unsigned} archive line(s) have no signature (written before signatures); \`sagga archive shrink\` gives them one.`);
  }
  return lines.join('\n');
}

function answerText(g: SignatureGroup): string {
  if (g.answer === null) return MISSING;
  if (g.answer.text === '') return `(${g.answer.status ?? 'no answer'})`;
  return clip(g.answer.text, CELL_LIMIT);
}
