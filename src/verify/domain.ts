/**
 * The open interval (lo, hi) of the real line a problem is posed on (a contest's "for 0 < x < π/2"):
 * the verifier then compares F' with f only inside it. Either end may be infinite; without a domain
 * the problem is posed on the whole real line.
 */
export interface Domain {
  readonly lo: number;
  readonly hi: number;
}
