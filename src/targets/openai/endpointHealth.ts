import type { TokenUsage } from '../types.js';

/** When an endpoint is taken out of service, and for how long. */
export interface EndpointHealthOptions {
  /** Failed attempts in a row that take an endpoint out of service (default 3). */
  readonly failuresToCooldown: number;
  /** The first cool-down (default 30 s); it doubles each time the endpoint fails again on its return. */
  readonly cooldownMs: number;
  /** Longest cool-down (default 5 min). */
  readonly maxCooldownMs: number;
}

export const DEFAULT_ENDPOINT_HEALTH: EndpointHealthOptions = { failuresToCooldown: 3, cooldownMs: 30_000, maxCooldownMs: 300_000 };

/**
 * What an attempt says about its endpoint. `ok`: it answered (usage of the completion, if any);
 * `fault`: it failed for the endpoint's sake; `neutral`: neither (a request the endpoint refused as
 * malformed, an attempt aborted by the caller).
 */
export interface EndpointReport {
  readonly health: 'ok' | 'fault' | 'neutral';
  /** Completion requests this report covers (default 1; a batch job reports its lines). */
  readonly requests?: number;
  /** Of those, how many failed (default: all of them when `health` is `fault`, else none). */
  readonly failed?: number;
  readonly usage?: TokenUsage;
  /** What went wrong (`fault`), told to the requests that waited for a failed probe. */
  readonly error?: string;
}

/** The health of one endpoint, as the pool keeps it. */
export interface EndpointHealth {
  requests: number;
  errors: number;
  readonly tokens: { prompt: number; completion: number; total: number };
  failuresInARow: number;
  /** Cool-downs since the endpoint last answered: the next one lasts cooldownMs · 2^streak. */
  streak: number;
  /** Out of service until then (0: in service). */
  downUntil: number;
  /**
   * Taken out and not yet seen to answer: it gets one request at a time (the probe) until one
   * succeeds; a failed probe takes it out again.
   */
  probation: boolean;
  /** Its probe is in flight: nothing else is sent to it meanwhile. */
  probing: boolean;
  /** Probes sent to it so far. */
  probes: number;
  cooldowns: number;
  outSince: number | undefined;
  outOfServiceMs: number;
}

export function newEndpointHealth(): EndpointHealth {
  return {
    requests: 0,
    errors: 0,
    tokens: { prompt: 0, completion: 0, total: 0 },
    failuresInARow: 0,
    streak: 0,
    downUntil: 0,
    probation: false,
    probing: false,
    probes: 0,
    cooldowns: 0,
    outSince: undefined,
    outOfServiceMs: 0,
  };
}

/**
 * Count what an attempt showed and decide whether the endpoint stays in service. `counts`: whether
 * a fault may take it out: while the endpoint is on probation only its probe's outcome does (a
 * request sent before it was taken out says nothing about it now). `alone`: the only
 * endpoint, which is never taken out (there is nowhere else to send its requests, and the retries
 * with backoff already pace them). Returns true when a fault took it out of service.
 */
export function recordEndpointReport(
  h: EndpointHealth,
  r: EndpointReport,
  counts: boolean,
  alone: boolean,
  options: EndpointHealthOptions,
  t: number,
): boolean {
  const requests = r.requests ?? 1;
  h.requests += requests;
  h.errors += r.failed ?? (r.health === 'fault' ? requests : 0);
  if (r.usage !== undefined) {
    h.tokens.prompt += r.usage.prompt;
    h.tokens.completion += r.usage.completion;
    h.tokens.total += r.usage.total;
  }
  if (r.health === 'ok') {
    h.failuresInARow = 0;
    h.streak = 0;
    h.downUntil = 0;
    h.probation = false;
    if (h.outSince !== undefined) h.outOfServiceMs += t - h.outSince;
    h.outSince = undefined;
    return false;
  }
  if (r.health !== 'fault' || alone || !counts) return false;
  if (!h.probation) {
    h.failuresInARow++;
    if (h.failuresInARow < options.failuresToCooldown) return false;
  }
  h.downUntil = t + Math.min(options.maxCooldownMs, options.cooldownMs * 2 ** Math.min(h.streak, 30));
  h.streak++;
  h.cooldowns++;
  h.probation = true;
  h.outSince ??= t;
  return true;
}
