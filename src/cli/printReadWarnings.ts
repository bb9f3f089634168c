/** Read warnings printed in full on stderr; the rest are counted. */
const WARNINGS_PRINTED = 10;

/** `sagga <command>: warning: …` lines for unreadable lines and files, at most WARNINGS_PRINTED of them. */
export function printReadWarnings(command: string, warnings: readonly string[], stderr: NodeJS.WritableStream = process.stderr): void {
  if (warnings.length === 0) return;
  const lines = [`sagga ${command}: warning: ${warnings.length} unreadable line(s) or file(s) skipped; the rest was used:`];
  for (const w of warnings.slice(0, WARNINGS_PRINTED)) lines.push(`  ${w}`);
  if (warnings.length > WARNINGS_PRINTED) lines.push(`  … and ${warnings.length - WARNINGS_PRINTED} more`);
  stderr.write(lines.join('\n') + '\n');
}
