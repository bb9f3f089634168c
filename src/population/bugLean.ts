/**
 * How parents drawn from known bugs lean toward the bugs found last (`--bug-lean`):
 * - `none`: every known bug's forms alike (by the pressure's tournament);
 * - `rank`: the bug of recency rank r with weight 1/r (`recentRankIndex`);
 * - `newest:p`: the newest bug's with odds p, else the one before's, and so on (`newestFirstIndex`).
 */
export type BugLean = { readonly kind: 'none' } | { readonly kind: 'rank' } | { readonly kind: 'newest'; readonly odds: number };

export const NO_BUG_LEAN: BugLean = { kind: 'none' };

/** `none`, `rank` or `newest:p` (0 < p ≤ 1) as a lean; throws an error that names what is accepted. */
export function parseBugLean(text: string): BugLean {
  const t = text.trim();
  if (t === 'none') return NO_BUG_LEAN;
  if (t === 'rank') return { kind: 'rank' };
  // A decimal, with an exponent as bugLeanText writes a small one (1e-7): Number() alone would also read `0x1`.
  const m = /^newest:((?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?)$/.exec(t);
  const odds = m === null ? Number.NaN : Number(m[1]);
  if (m !== null && odds > 0 && odds <= 1) return { kind: 'newest', odds };
  throw new Error(`--bug-lean ${text}: expected none, rank or newest:p with 0 < p ≤ 1`);
}

/** The lean as `--bug-lean` and config.json write it. */
export function bugLeanText(lean: BugLean): string {
  return lean.kind === 'newest' ? `newest:${lean.odds}` : lean.kind;
}

/** The lean of a run made before `bugLean` was a setting: `newestBugOdds` above 0, or none. */
export function legacyBugLean(newestBugOdds: number | undefined): BugLean {
  return newestBugOdds !== undefined && newestBugOdds > 0 ? { kind: 'newest', odds: newestBugOdds } : NO_BUG_LEAN;
}

/** The lean a run's settings give it: `bugLean`, or for a run made before that setting, `newestBugOdds`'s lean. */
export function runBugLean(settings: { readonly bugLean?: string; readonly newestBugOdds?: number }): BugLean {
  return settings.bugLean === undefined ? legacyBugLean(settings.newestBugOdds) : parseBugLean(settings.bugLean);
}

/** Whether config.json's `bugLean` is one `parseBugLean` reads. */
export function isBugLeanText(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    parseBugLean(value);
    return true;
  } catch {
    return false;
  }
}
