/** The value after `--name` in `argv`; undefined when the flag is absent or has nothing after it. */
export function benchArg(argv: readonly string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}
