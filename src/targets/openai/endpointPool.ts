import type { TokenUsage } from '../types.js';
import type { EndpointSpec } from './parseEndpointList.js';
import { redactUrl } from './redactUrl.js';

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

/** Counters of one endpoint since the target was made. Never holds a credential. */
export interface EndpointStats {
  /** The base URL, credentials hidden. */
  readonly url: string;
  readonly cap: number | null;
  /** Completion requests sent (HTTP attempts, or lines of a batch job). */
  readonly requests: number;
  /** Requests that failed for the endpoint's sake (connection, 5xx, 429, timeout, unreadable body). */
  readonly errors: number;
  /** Tokens of the completions it returned. */
  readonly tokens: TokenUsage;
  readonly inFlight: number;
  /** Most requests (or batch jobs) it had in flight at once. */
  readonly peakInFlight: number;
  /** Times it was taken out of service. */
  readonly cooldowns: number;
  /** Time from being taken out until it answered again (up to now while it has not). */
  readonly outOfServiceMs: number;
  /** Whether it is in service now (not cooling down). */
  readonly inService: boolean;
}

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
}

/** An endpoint held for one request (or one batch job); `done` releases it with what happened. */
export interface EndpointLease<T> {
  readonly index: number;
  readonly value: T;
  done(report: EndpointReport): void;
}

export interface EndpointPool<T> {
  readonly size: number;
  /**
   * Wait for the endpoint, among those not in `exclude`, with the fewest requests in flight below
   * its cap, and hold it. Prefers endpoints in service; when every one outside `exclude` is cooling
   * down, the one whose cool-down ends first is tried (so a full outage fails like one endpoint
   * would, after the retries). Resolves undefined when `signal` aborts first.
   */
  acquire(exclude: ReadonlySet<number>, signal?: AbortSignal): Promise<EndpointLease<T> | undefined>;
  /** Hold endpoint `index` without waiting or counting against its cap (a batch job's follow-up calls). */
  hold(index: number): EndpointLease<T>;
  /** The endpoint `acquire` would choose now, ignoring caps (where a batch job goes). */
  choose(exclude: ReadonlySet<number>): number;
  /** Record what an attempt on `index` showed, without holding it (one poll of a batch job). */
  report(index: number, report: EndpointReport): void;
  /** Whether an endpoint outside `exclude` is in service: where a failed request can go next. */
  inServiceOutside(exclude: ReadonlySet<number>): boolean;
  stats(): EndpointStats[];
  /** Stop the timer that wakes waiters when a cool-down ends. */
  close(): void;
}

interface EndpointState<T> {
  readonly index: number;
  readonly url: string;
  readonly cap: number | undefined;
  readonly value: T;
  inFlight: number;
  peakInFlight: number;
  requests: number;
  errors: number;
  readonly tokens: { prompt: number; completion: number; total: number };
  failuresInARow: number;
  /** Cool-downs since the endpoint last answered: the next one lasts cooldownMs · 2^streak. */
  streak: number;
  downUntil: number;
  cooldowns: number;
  outSince: number | undefined;
  outOfServiceMs: number;
}

interface Waiter {
  readonly exclude: ReadonlySet<number>;
  readonly grant: (index: number) => void;
}

/**
 * The endpoints of one OpenAI target. Requests go to the endpoint with the fewest in flight (ties
 * to the first listed), each within its own cap; an endpoint that fails `failuresToCooldown` times
 * in a row is taken out for a cool-down, then tried again with one request, and goes out again
 * (for twice as long) if that fails. With a single endpoint nothing is ever taken out: there is
 * nowhere else to send its requests, and the retries with backoff already pace them.
 */
export function createEndpointPool<T>(
  endpoints: readonly (EndpointSpec & { readonly value: T })[],
  health: Partial<EndpointHealthOptions> = {},
  now: () => number = Date.now,
): EndpointPool<T> {
  if (endpoints.length === 0) throw new Error('an OpenAI target needs at least one endpoint');
  const h: EndpointHealthOptions = { ...DEFAULT_ENDPOINT_HEALTH, ...health };
  const states: EndpointState<T>[] = endpoints.map((e, index) => ({
    index,
    url: redactUrl(e.url),
    cap: e.cap,
    value: e.value,
    inFlight: 0,
    peakInFlight: 0,
    requests: 0,
    errors: 0,
    tokens: { prompt: 0, completion: 0, total: 0 },
    failuresInARow: 0,
    streak: 0,
    downUntil: 0,
    cooldowns: 0,
    outSince: undefined,
    outOfServiceMs: 0,
  }));
  const waiters: Waiter[] = [];
  let wakeTimer: NodeJS.Timeout | undefined;

  const inService = (s: EndpointState<T>, t: number): boolean => t >= s.downUntil;
  const underCap = (s: EndpointState<T>): boolean => s.cap === undefined || s.inFlight < s.cap;
  const fewestInFlight = (list: EndpointState<T>[]): EndpointState<T> | undefined =>
    list.reduce<EndpointState<T> | undefined>((best, s) => (best === undefined || s.inFlight < best.inFlight ? s : best), undefined);

  /** The endpoint for a request now, or undefined when it has to wait for a slot. */
  const pick = (exclude: ReadonlySet<number>, ignoreCaps: boolean): EndpointState<T> | undefined => {
    const t = now();
    let open = states.filter((s) => !exclude.has(s.index));
    if (open.length === 0) open = states;
    const serving = open.filter((s) => inService(s, t));
    if (serving.length > 0) return fewestInFlight(ignoreCaps ? serving : serving.filter(underCap));
    const soonest = (ignoreCaps ? open : open.filter(underCap)).reduce<EndpointState<T> | undefined>(
      (best, s) => (best === undefined || s.downUntil < best.downUntil ? s : best),
      undefined,
    );
    return soonest;
  };

  const take = (s: EndpointState<T>): void => {
    s.inFlight++;
    s.peakInFlight = Math.max(s.peakInFlight, s.inFlight);
  };

  const drain = (): void => {
    for (let i = 0; i < waiters.length; ) {
      const s = pick(waiters[i].exclude, false);
      if (s === undefined) {
        i++;
        continue;
      }
      const [w] = waiters.splice(i, 1);
      take(s);
      w.grant(s.index);
    }
    scheduleWake();
  };

  // A waiter may be waiting for an endpoint whose cool-down is ending: wake the queue then.
  const scheduleWake = (): void => {
    if (wakeTimer !== undefined) clearTimeout(wakeTimer);
    wakeTimer = undefined;
    if (waiters.length === 0) return;
    const t = now();
    const next = Math.min(...states.filter((s) => s.downUntil > t).map((s) => s.downUntil));
    if (!Number.isFinite(next)) return;
    wakeTimer = setTimeout(drain, Math.max(1, next - t));
    wakeTimer.unref?.();
  };

  const record = (s: EndpointState<T>, r: EndpointReport): void => {
    const t = now();
    const requests = r.requests ?? 1;
    s.requests += requests;
    s.errors += r.failed ?? (r.health === 'fault' ? requests : 0);
    if (r.usage !== undefined) {
      s.tokens.prompt += r.usage.prompt;
      s.tokens.completion += r.usage.completion;
      s.tokens.total += r.usage.total;
    }
    if (r.health === 'ok') {
      s.failuresInARow = 0;
      s.streak = 0;
      s.downUntil = 0;
      if (s.outSince !== undefined) s.outOfServiceMs += t - s.outSince;
      s.outSince = undefined;
    } else if (r.health === 'fault' && states.length > 1 && inService(s, t)) {
      // Failures of requests sent before it was taken out do not lengthen its cool-down.
      s.failuresInARow++;
      if (s.failuresInARow >= h.failuresToCooldown) {
        s.downUntil = t + Math.min(h.maxCooldownMs, h.cooldownMs * 2 ** Math.min(s.streak, 30));
        s.streak++;
        s.cooldowns++;
        s.outSince ??= t;
        // On its return one more failure is enough to take it out again.
        s.failuresInARow = h.failuresToCooldown - 1;
      }
    }
  };

  const lease = (s: EndpointState<T>): EndpointLease<T> => {
    let released = false;
    return {
      index: s.index,
      value: s.value,
      done(r) {
        if (released) return;
        released = true;
        s.inFlight--;
        record(s, r);
        drain();
      },
    };
  };

  return {
    size: states.length,
    acquire(exclude, signal) {
      if (signal?.aborted) return Promise.resolve(undefined);
      const s = waiters.length === 0 ? pick(exclude, false) : undefined;
      if (s !== undefined) {
        take(s);
        return Promise.resolve(lease(s));
      }
      return new Promise((resolve) => {
        const onAbort = (): void => {
          const i = waiters.indexOf(waiter);
          if (i !== -1) waiters.splice(i, 1);
          scheduleWake();
          resolve(undefined);
        };
        const waiter: Waiter = {
          exclude,
          grant: (index) => {
            signal?.removeEventListener('abort', onAbort);
            resolve(lease(states[index]));
          },
        };
        waiters.push(waiter);
        signal?.addEventListener('abort', onAbort, { once: true });
        drain();
      });
    },
    hold(index) {
      const s = states[index];
      take(s);
      return lease(s);
    },
    choose(exclude) {
      return (pick(exclude, true) ?? states[0]).index;
    },
    report(index, r) {
      record(states[index], r);
      drain();
    },
    inServiceOutside(exclude) {
      const t = now();
      return states.some((s) => !exclude.has(s.index) && inService(s, t));
    },
    stats() {
      const t = now();
      return states.map((s) => ({
        url: s.url,
        cap: s.cap ?? null,
        requests: s.requests,
        errors: s.errors,
        tokens: { ...s.tokens },
        inFlight: s.inFlight,
        peakInFlight: s.peakInFlight,
        cooldowns: s.cooldowns,
        outOfServiceMs: s.outOfServiceMs + (s.outSince !== undefined ? t - s.outSince : 0),
        inService: inService(s, t),
      }));
    },
    close() {
      if (wakeTimer !== undefined) clearTimeout(wakeTimer);
      wakeTimer = undefined;
    },
  };
}
