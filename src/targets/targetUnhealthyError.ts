/**
 * The model under test failed its health check: it cannot read a single problem (Maxima without its
 * share library) or got the canary problems wrong (`checkCanaries`). A broken installation or a
 * mis-wired program, not a model's weakness, so nothing is asked of it. The command line exits
 * with status 3 for it.
 */
export class TargetUnhealthyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TargetUnhealthyError';
  }
}
