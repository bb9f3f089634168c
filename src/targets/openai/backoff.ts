import type { Rng } from '../../util/rng.js';

export interface BackoffOptions {
  /** First retry delay before jitter (default 500 ms). */
  readonly initialDelayMs: number;
  /** Ceiling of the exponential delay (default 30 s). */
  readonly maxDelayMs: number;
  /** Longest `Retry-After` honoured; longer requests are capped to this (default 60 s). */
  readonly maxRetryAfterMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialDelayMs: 500, maxDelayMs: 30_000, maxRetryAfterMs: 60_000 };

/**
 * Read `Retry-After` (delta seconds or an HTTP date, RFC 9110 §10.2.3) or the non-standard
 * `retry-after-ms`. Returns milliseconds (never negative) or undefined when absent or unreadable.
 */
export function parseRetryAfter(headers: { get(name: string): string | null } | undefined, now: number = Date.now()): number | undefined {
  if (headers === undefined) return undefined;
  const ms = headers.get('retry-after-ms');
  if (ms !== null && /^\s*\d+(?:\.\d+)?\s*$/.test(ms)) return Math.max(0, Number(ms));
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  const v = value.trim();
  if (/^\d+(?:\.\d+)?$/.test(v)) return Math.max(0, Number(v) * 1000);
  // Every HTTP-date form starts with a day name; anything else ('-3', '2025') is not one.
  if (!/^[A-Za-z]{3}/.test(v)) return undefined;
  const date = Date.parse(v);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * Delay before retry number `retry` (0 for the first retry). A server's `Retry-After` is honoured
 * (capped at `maxRetryAfterMs`); otherwise exponential backoff with "equal jitter": half the
 * exponential delay plus a uniformly random part of the other half, from the seeded `rng`.
 */
export function retryDelayMs(retry: number, retryAfterMs: number | undefined, opts: BackoffOptions, rng: Rng): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, opts.maxRetryAfterMs);
  const exp = Math.min(opts.maxDelayMs, opts.initialDelayMs * 2 ** Math.min(retry, 30));
  return exp / 2 + rng.next() * (exp / 2);
}
