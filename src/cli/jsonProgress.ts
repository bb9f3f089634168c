import type { ProgressReporter } from '../search/progressReporter.js';

/**
 * `--json`: one JSON object per line on `stream` (stdout by default), each with an `event` field:
 * `start`, `generation-start`, `progress`, `generation` (the generations.jsonl row), `message`,
 * `end` (the run summary).
 */
export function jsonProgress(stream: NodeJS.WritableStream = process.stdout): ProgressReporter {
  const emit = (event: string, body: object) => {
    try {
      stream.write(JSON.stringify({ event, ...body }) + '\n');
    } catch {
      // A closed pipe must not stop the search.
    }
  };
  return {
    runStart: (info) => emit('start', info),
    generationStart: (info) => emit('generation-start', info),
    progress: (info) => emit('progress', info),
    generationEnd: (row) => emit('generation', row),
    message: (text) => emit('message', { text }),
    runEnd: (summary) => emit('end', summary),
  };
}
