/**
 * Split a command line into argv the way a POSIX shell splits words, without any of the shell's
 * other powers: no variable, tilde or glob expansion, no pipes, redirections or command
 * substitution (those characters are ordinary argument text). `cmd:` targets are started with the
 * result directly, so a model's command line never reaches a shell.
 *
 * Rules: unquoted whitespace separates words; '…' keeps everything literally; "…" keeps everything
 * except that a backslash escapes `"`, `\`, `$` and `` ` ``; outside quotes a backslash makes the next
 * character literal. Throws on an unterminated quote or an empty command.
 */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let i = 0;
  const n = line.length;
  while (i < n) {
    const c = line[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      if (inWord) {
        words.push(word);
        word = '';
        inWord = false;
      }
      i++;
      continue;
    }
    inWord = true;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unterminated ' in command line at offset ${i}`);
      word += line.slice(i + 1, end);
      i = end + 1;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      for (;;) {
        if (j >= n) throw new Error(`unterminated " in command line at offset ${i}`);
        const d = line[j];
        if (d === '"') break;
        if (d === '\\' && j + 1 < n && '"\\$`'.includes(line[j + 1])) {
          word += line[j + 1];
          j += 2;
          continue;
        }
        word += d;
        j++;
      }
      i = j + 1;
      continue;
    }
    if (c === '\\') {
      if (i + 1 < n) word += line[i + 1];
      i += 2;
      continue;
    }
    word += c;
    i++;
  }
  if (inWord) words.push(word);
  if (words.length === 0) throw new Error('empty command line');
  return words;
}
