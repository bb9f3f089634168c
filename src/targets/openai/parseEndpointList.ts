import { redactUrl } from './redactUrl.js';

/** One OpenAI-compatible endpoint: its base URL and, when given, the most requests it is sent at once. */
export interface EndpointSpec {
  /** Base URL as given, without a trailing slash (may hold credentials: never written anywhere). */
  readonly url: string;
  /** Requests in flight at once on this endpoint; undefined: only `--concurrency` bounds it. */
  readonly cap?: number;
}

/**
 * The endpoints of `--base-url`: each value may list several URLs separated by commas, and the
 * option may be repeated. `URL#N` caps the endpoint at N requests in flight (a URL fragment means
 * nothing to an API, so `#` cannot clash with a real base URL). Throws, with an example, on an
 * empty list, a URL that is not http(s), a cap that is not a positive integer, or a URL named twice.
 */
export function parseEndpointList(values: string | readonly string[]): EndpointSpec[] {
  const items = (typeof values === 'string' ? [values] : values)
    .flatMap((v) => v.split(','))
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (items.length === 0) throw new Error('--base-url names no endpoint; give one or more URLs, e.g. --base-url http://gpu1:8000/v1,http://gpu2:8000/v1#16');
  const seen = new Set<string>();
  return items.map((item) => {
    const hash = item.lastIndexOf('#');
    const rawUrl = (hash === -1 ? item : item.slice(0, hash)).replace(/\/+$/, '');
    const capText = hash === -1 ? undefined : item.slice(hash + 1).trim();
    let parsed: URL;
    try {
      parsed = new URL(rawUrl);
    } catch {
      throw new Error(
        `--base-url: '${redactUrl(rawUrl)}' is not a URL; expected e.g. http://localhost:8000/v1 or http://localhost:8000/v1#8 (at most 8 requests at once)`,
      );
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new Error(`--base-url: '${redactUrl(rawUrl)}' is not an http or https URL`);
    }
    if (capText !== undefined && !/^[1-9]\d{0,5}$/.test(capText)) {
      throw new Error(`--base-url: the cap after '#' in '${redactUrl(item)}' must be a positive whole number of requests, e.g. ${redactUrl(rawUrl)}#8`);
    }
    if (seen.has(rawUrl)) throw new Error(`--base-url names ${redactUrl(rawUrl)} twice; give each endpoint once (with #N to cap it)`);
    seen.add(rawUrl);
    return capText === undefined ? { url: rawUrl } : { url: rawUrl, cap: Number(capText) };
  });
}
