import { RUN_FILES } from './runSchema.js';

/**
 * The message of `--resume` on a directory without a run's config.json. A run killed while it
 * started (before its settings were saved) leaves its directory so, and has spent nothing worth
 * keeping: the way on is the command that began it, not a resume.
 */
export function noRunThere(dir: string): string {
  return `--resume ${dir}: no run there (no ${RUN_FILES.config}); a run stopped before its settings were saved leaves none: start it again with the command that began it`;
}
