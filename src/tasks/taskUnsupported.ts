/**
 * Thrown by `Task.casCommand` when a CAS that does the task cannot do this problem of it (nerdamer
 * takes no one-sided limits): the target answers `unjudged`, which is neither a failure nor asked
 * again, since the CAS was never asked.
 */
export class TaskUnsupported extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TaskUnsupported';
  }
}
