/**
 * Why a Taylor expansion stopped: `singular` when the expression has no Taylor expansion at the
 * point (a pole, log(0), sqrt of a vanishing argument, abs or sign of one), `unsupported` when sagga
 * cannot compute it (a function without a high-precision value or without a derivative in the
 * whitelist), `exhausted` or `timeout` when the pair's work budget or wall-clock backstop ran out.
 * Thrown inside the expansion only, and turned into a verdict by `verifySeries`.
 */
export class SeriesRefusal extends Error {
  constructor(
    readonly kind: 'singular' | 'unsupported' | 'exhausted' | 'timeout',
    message: string,
    /** For `singular`: whether exact arithmetic proved it (a decimal zero might be a tiny number). */
    readonly proven = false,
  ) {
    super(message);
    this.name = 'SeriesRefusal';
  }
}
