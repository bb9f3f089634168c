import cliProgress from 'cli-progress';
import type { ProgressReporter } from '../search/progressReporter.js';
import { STOP_REASON_TEXT } from '../run/runSchema.js';

type Stream = NodeJS.WritableStream & { isTTY?: boolean };

/**
 * Human progress on stderr: on a terminal, a bar per generation (problems evaluated, failures,
 * archive size, rate, ETA); elsewhere (a pipe, a log file, CI) one plain line per generation.
 */
export function terminalProgress(stream: Stream = process.stderr): ProgressReporter {
  const tty = stream.isTTY === true;
  let bar: cliProgress.SingleBar | undefined;
  let started = 0;

  const write = (text: string) => {
    try {
      stream.write(text + '\n');
    } catch {
      // Never let a broken stderr stop the search.
    }
  };
  const stopBar = () => {
    bar?.stop();
    bar = undefined;
  };

  return {
    runStart(info) {
      write(
        info.resumedAfter === null
          ? `sagga search: writing to ${info.outDir}; archive target ${info.archiveTarget}`
          : `sagga search: resuming ${info.outDir} after generation ${info.resumedAfter}; archive ${info.archiveSize}/${info.archiveTarget}`,
      );
    },
    generationStart(info) {
      started = performance.now();
      if (!tty) return;
      stopBar();
      bar = new cliProgress.SingleBar(
        {
          stream,
          format: `gen ${info.generation} |{bar}| {value}/{total} evaluated | {failures} failures | archive {archive}/${info.archiveTarget} | {rate}/s | ETA {eta_formatted}`,
          hideCursor: true,
          clearOnComplete: false,
          etaBuffer: 50,
          fps: 5,
        },
        cliProgress.Presets.shades_classic,
      );
      bar.start(Math.max(info.asked, 1), 0, { failures: 0, archive: info.archiveSize, rate: '0.0' });
    },
    progress(info) {
      if (!bar) return;
      const seconds = (performance.now() - started) / 1000;
      bar.update(info.done, { failures: info.failures, archive: info.archiveSize, rate: seconds > 0 ? (info.done / seconds).toFixed(1) : '0.0' });
    },
    generationEnd(row) {
      stopBar();
      const s = row.seconds;
      const total = s.target + s.verify + s.engine;
      const rate = total > 0 ? (row.asked / total).toFixed(1) : '-';
      write(
        `generation ${row.generation}: ${row.asked} asked, ${row.failures} failures (${row.meeting_tau} ≥ τ), ` +
          `${row.novel} archived → ${row.archive_size}; ${rate}/s; ${total.toFixed(1)}s ` +
          `(target ${s.target.toFixed(1)}, verify ${s.verify.toFixed(1)}, engine ${s.engine.toFixed(2)})` +
          (row.errors > 0 ? `; ${row.errors} transport errors` : ''),
      );
    },
    message(text) {
      stopBar();
      write(text);
    },
    runEnd(summary) {
      stopBar();
      const t = summary.totals;
      const reason = STOP_REASON_TEXT[summary.stopReason];
      write(
        `sagga search: stopped after generation ${summary.generations}: ${reason}. ` +
          `Archive ${summary.archiveSize}/${summary.archiveTarget} in ${summary.outDir}; ` +
          `${t.evaluated} problems evaluated, ${t.failures} failures.`,
      );
    },
  };
}
