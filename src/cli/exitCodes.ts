/**
 * Exit statuses of every command. Verdicts keep 0/1/2 (`check`, `integrate`), so nothing else may use
 * 1 or 2; the rest follow BSD's sysexits.h where one fits, so scripts can tell a bad command line (64)
 * from a missing input (66), an output that cannot be written (73) and a failure of the run itself (70).
 */
export const EXIT = {
  ok: 0,
  /** `check`: incorrect; `integrate`: the target failed; `eval`: a `--fail-under` threshold was not met. */
  failed: 1,
  /** `check`: unknown or invalid; `integrate`: undecided. */
  undecided: 2,
  /** The target failed its start-up check (canary problems): a broken installation, not a model. */
  targetUnhealthy: 3,
  /** A bad command line: unknown option, missing or malformed argument, conflicting settings. */
  usage: 64,
  /** An input file or run directory that does not exist or cannot be read as one. */
  noInput: 66,
  /**
   * The command started and could not finish (the message says why); for `search`, also a target that
   * stopped working mid-run (stop reason `target-broken`: resume once it works again).
   */
  software: 70,
  /** An output file or folder that cannot be created or written (a full disk: the message names the file). */
  cantCreate: 73,
  /** The run directory is in use: another sagga holds its run.lock (the message gives its pid). */
  busy: 75,
  /** Stopped by SIGHUP (the terminal closed), after saving what was decided. */
  hangUp: 129,
  /** Stopped by Ctrl-C (SIGINT), after saving what was decided. */
  interrupted: 130,
  /** Stopped by SIGTERM, after saving what was decided. */
  terminated: 143,
  /** The reader of stdout or stderr closed it (a pipe into `head`): stopped quietly, as SIGPIPE stops a program. */
  closedPipe: 141,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The table shown by `sagga --help` and in the README. */
export const EXIT_CODES_HELP = `Exit status:
  0    success (check: correct; integrate: solved)
  1    check: incorrect; integrate: the target failed the problem; eval: below a --fail-under
  2    check: unknown or invalid; integrate: undecided
  3    the target failed its start-up check on canary problems (a broken installation)
  64   usage error: unknown option, missing or malformed argument, conflicting settings
  66   an input file or run directory is missing or unreadable
  70   the command started and could not finish (the message says why); search: the target stopped working
  73   an output file or folder cannot be created or written (a search says how to resume)
  75   the run directory is in use by another sagga (its run.lock names the pid)
  129, 130, 143  stopped by SIGHUP, Ctrl-C (SIGINT) or SIGTERM; a search resumes with --resume
  141  the reader of the output went away (a pipe into head): stopped quietly`;
