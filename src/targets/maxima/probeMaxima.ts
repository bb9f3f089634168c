import { runProbe } from '../process/runProbe.js';

/** `runs`: Maxima started and computed 1 + 1; only its share library is missing. */
export type MaximaProbe = { readonly ok: true } | { readonly ok: false; readonly runs: boolean; readonly message: string };

// Every request goes through parse_string (and the answers through ssubst and printf), which live
// in the share library's stringproc package. Debian ships that library separately (maxima-share);
// without it Maxima starts and computes 1 + 1, but fails every request without printing an answer,
// so each problem would end as a timeout. One batch run checks both: "2" alone means no share library.
const SCRIPT = 'print(1+1)$ print(sconcat("sagga-", parse_string("6*7")))$';

/**
 * Does `maxima` run, and can it read a problem the way the target sends it (parse_string, from the
 * share library)? One short batch run, about a second. A failure is a message in plain words naming
 * the Debian package to install: `maxima`, or `maxima-share` when only the share library is missing.
 */
export async function probeMaxima(maxima: string, env?: Readonly<Record<string, string | undefined>>, timeoutMs = 60_000): Promise<MaximaProbe> {
  // The same --userdir as the target's processes: a user's maxima-init.mac must not decide the probe either.
  const probe = await runProbe(
    [maxima, '--very-quiet', '--disable-readline', '--userdir=/nonexistent/sagga-maxima-userdir', `--batch-string=${SCRIPT}`],
    '',
    timeoutMs,
    env,
  );
  // The batch echoes its input, which holds "sagga-" but never "sagga-42".
  if (probe.ok && /\bsagga-42\b/.test(probe.stdout)) return { ok: true };
  if (!probe.ok || !/^\s*2\s*$/m.test(probe.stdout)) {
    return {
      ok: false,
      runs: false,
      message:
        `the maxima target needs Maxima, but ${maxima} does not run (${probe.ok ? `unexpected output: ${probe.stdout.trim().slice(0, 200)}` : probe.reason}). ` +
        'Install it with `apt-get install maxima`, or set SAGGA_MAXIMA to the maxima launcher.',
    };
  }
  // Maxima's own words, e.g. "file_search1: stringproc not found in file_search_maxima,file_search_lisp."
  const said = probe.stdout
    .split('\n')
    .find((line) => /not found|undefined|error/i.test(line))
    ?.trim();
  return {
    ok: false,
    runs: true,
    message:
      `${maxima} runs but cannot run parse_string, which the maxima target sends every problem through` +
      `${said !== undefined && said !== '' ? ` (Maxima says: ${said.slice(0, 200)})` : ''}: its share library (stringproc) is missing. ` +
      'Install its share library: `apt-get install maxima-share`.',
  };
}
