/** A URL as it may be shown or recorded: credentials written into it (`http://user:pass@host`) hidden. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/[^/@]*@/, '//[redacted]@');
}
