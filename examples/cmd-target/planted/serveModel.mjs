// The cmd: protocol around a model: one JSON request per line in, one JSON answer per line out.
// Every request with an id is answered, whatever it holds; lines that are not requests are
// skipped (with a note on stderr).
import { createInterface } from 'node:readline';

export function serveModel(answer) {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on('line', (line) => {
    let request;
    try {
      request = JSON.parse(line);
    } catch {
      process.stderr.write(`skipped a line that is not JSON (${line.length} characters)\n`);
      return;
    }
    const id = request !== null && typeof request === 'object' ? request.id : undefined;
    if (typeof id !== 'string' && typeof id !== 'number') {
      process.stderr.write('skipped a request without an id\n');
      return;
    }
    let reply;
    try {
      const { answers, reason } = answer(request.problem);
      reply = reason === undefined ? { id, answers } : { id, answers, reason };
    } catch (err) {
      // Not expected; a request is still answered, as a no-answer with the cause.
      reply = { id, answers: [], reason: `internal error: ${err instanceof Error ? err.message : String(err)}` };
    }
    process.stdout.write(`${JSON.stringify(reply)}\n`);
  });
  return lines;
}
