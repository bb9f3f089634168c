/**
 * Phrases with which a model says it has no answer. Each pattern is bounded (no nested quantifiers,
 * at most a short gap), so scanning a long response stays linear.
 */
const DECLINE_PATTERNS: readonly RegExp[] = [
  // "find"/"write" only with an object that names the answer: "we can't find a simpler form" is not a refusal.
  /\b(?:cannot|can ?not|can't|can\u2019t|unable to|not able to|could not|couldn't|impossible to)\b[^.\n]{0,80}?\b(?:solv|comput|evaluat|integrat|express|determin|(?:find|write|give)\s+(?:an?\s+|the\s+|any\s+)?(?:closed|elementary|explicit|antiderivative|primitive|answer|solution))/gi,
  /\b(?:no|not|non)[- ]?(?:an?\s+)?(?:closed[- ]form|elementary)\b/gi,
  /\b(?:does not|doesn't|do not|don't|cannot|can't)\s+have\s+(?:an?\s+)?(?:closed[- ]form|elementary|antiderivative)/gi,
  /\bnot expressible\b/gi,
  /\bno (?:elementary |closed[- ]form )?(?:antiderivative|primitive)\b/gi,
  /\bI(?:'m| am) sorry\b/gi,
];

/** Offset of the last refusal phrase in `text`, or -1. */
export function lastDeclineIndex(text: string): number {
  let last = -1;
  for (const re of DECLINE_PATTERNS) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      last = Math.max(last, m.index);
      if (m[0].length === 0) re.lastIndex++;
    }
  }
  return last;
}

/** Does an extracted answer say "no answer" rather than give one (`\text{DNE}`, `\text{none}`)? */
export function answerDeclines(answer: string): boolean {
  return (
    /\b(?:dne|does not exist|none|n\/a|not elementary|non-?elementary|undefined|no solution|not possible|cannot)\b/i.test(answer) ||
    lastDeclineIndex(answer) >= 0
  );
}

/** An integral sign left in the answer: the model returned the problem unevaluated. */
export function isUnevaluatedIntegral(answer: string): boolean {
  return /\\i+nt(?![A-Za-z])|\\oint(?![A-Za-z])|\bIntegral\s*\(|\bintegrate\s*\(|\u222b/.test(answer);
}

/** Extract a short quotation of the refusal for the error message. */
export function declineExcerpt(text: string, at: number): string {
  const from = Math.max(0, at);
  const s = text
    .slice(from, from + 100)
    .replace(/\s+/g, ' ')
    .trim();
  return s.length === 100 ? s + '…' : s;
}
