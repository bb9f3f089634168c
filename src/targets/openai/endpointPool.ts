import type { TokenUsage } from '../types.js';
import { DEFAULT_ENDPOINT_HEALTH, newEndpointHealth, recordEndpointReport, type EndpointHealth, type EndpointHealthOptions, type EndpointReport } from './endpointHealth.js';
import type { EndpointSpec } from './parseEndpointList.js';
import { redactUrl } from './redactUrl.js';

export { DEFAULT_ENDPOINT_HEALTH, type EndpointHealthOptions, type EndpointReport } from './endpointHealth.js';

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
  /** Requests sent to it alone as the probe after a cool-down. */
  readonly probes: number;
  /** Time from being taken out until it answered again (up to now while it has not). */
  readonly outOfServiceMs: number;
  /** Whether it is in service now (not cooling down). */
  readonly inService: boolean;
}

/** An endpoint held for one request (or one batch job); `done` releases it with what happened. */
export interface EndpointLease<T> {
  readonly index: number;
  readonly value: T;
  done(report: EndpointReport): void;
}

/**
 * No request was sent: the request waited for endpoint `index`'s probe after a cool-down, and the
 * probe failed. The waiter takes that as its own failed attempt on the endpoint.
 */
export interface EndpointRefusal {
  readonly refused: true;
  readonly index: number;
  readonly error: string;
}

export interface EndpointPool<T> {
  readonly size: number;
  /**
   * Wait for the endpoint, among those not in `exclude`, with the fewest requests in flight below
   * its cap, and hold it. Prefers endpoints in service; when every one outside `exclude` is cooling
   * down, the one whose cool-down ends first is tried (so a full outage fails like one endpoint
   * would, after the retries). An endpoint back from a cool-down takes one request (its probe) and
   * no other until the probe has answered; a request that can only go there waits for the probe,
   * and is refused when the probe fails (`EndpointRefusal`). Resolves undefined when `signal` aborts first.
   */
  acquire(exclude: ReadonlySet<number>, signal?: AbortSignal): Promise<EndpointLease<T> | EndpointRefusal | undefined>;
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

interface EndpointState<T> extends EndpointHealth {
  readonly index: number;
  readonly url: string;
  readonly cap: number | undefined;
  readonly value: T;
  inFlight: number;
  peakInFlight: number;
}

interface Waiter {
  readonly exclude: ReadonlySet<number>;
  readonly grant: (index: number, probe: boolean) => void;
  readonly refuse: (refusal: EndpointRefusal) => void;
}

/**
 * The endpoints of one OpenAI target. Requests go to the endpoint with the fewest in flight (ties
 * to the first listed), each within its own cap; an endpoint that fails `failuresToCooldown` times
 * in a row is taken out for a cool-down, then tried again with exactly one request (the probe) while
 * the others go elsewhere or wait for its outcome; it is back in service once a request succeeds, and
 * goes out again (for twice as long) if the probe fails. A probe that hangs holds only itself, for
 * the request's own time limit. With a single endpoint nothing is ever taken out: there is nowhere
 * else to send its requests, and the retries with backoff already pace them.
 */
export function createEndpointPool<T>(
  endpoints: readonly (EndpointSpec & { readonly value: T })[],
  health: Partial<EndpointHealthOptions> = {},
  now: () => number = Date.now,
): EndpointPool<T> {
  if (endpoints.length === 0) throw new Error('an OpenAI target needs at least one endpoint');
  const h: EndpointHealthOptions = { ...DEFAULT_ENDPOINT_HEALTH, ...health };
  const states: EndpointState<T>[] = endpoints.map((e, index) => ({
    ...newEndpointHealth(),
    index,
    url: redactUrl(e.url),
    cap: e.cap,
    value: e.value,
    inFlight: 0,
    peakInFlight: 0,
  }));
  const waiters: Waiter[] = [];
  let wakeTimer: NodeJS.Timeout | undefined;

  const inService = (s: EndpointState<T>, t: number): boolean => t >= s.downUntil;
  // On probation, an endpoint takes its probe and nothing more until the probe has answered.
  const free = (s: EndpointState<T>): boolean => !(s.probation && s.probing);
  const underCap = (s: EndpointState<T>): boolean => s.cap === undefined || s.inFlight < s.cap;
  const fewestInFlight = (list: EndpointState<T>[]): EndpointState<T> | undefined =>
    list.reduce<EndpointState<T> | undefined>((best, s) => (best === undefined || s.inFlight < best.inFlight ? s : best), undefined);
  const openTo = (exclude: ReadonlySet<number>): EndpointState<T>[] => {
    const open = states.filter((s) => !exclude.has(s.index));
    return open.length === 0 ? states : open;
  };

  /** The endpoint for a request now, or undefined when it has to wait for a slot or a probe. */
  const pick = (exclude: ReadonlySet<number>, ignoreCaps: boolean): EndpointState<T> | undefined => {
    const t = now();
    const open = openTo(exclude).filter(free);
    const serving = open.filter((s) => inService(s, t));
    if (serving.length > 0) return fewestInFlight(ignoreCaps ? serving : serving.filter(underCap));
    if (openTo(exclude).some((s) => inService(s, t))) return undefined; // its probe decides
    return (ignoreCaps ? open : open.filter(underCap)).reduce<EndpointState<T> | undefined>(
      (best, s) => (best === undefined || s.downUntil < best.downUntil ? s : best),
      undefined,
    );
  };

  /** Hold `s` for one request; returns whether that request is its probe. */
  const take = (s: EndpointState<T>): boolean => {
    s.inFlight++;
    s.peakInFlight = Math.max(s.peakInFlight, s.inFlight);
    if (!s.probation) return false;
    s.probing = true;
    s.probes++;
    return true;
  };

  const drain = (): void => {
    for (let i = 0; i < waiters.length; ) {
      const s = pick(waiters[i].exclude, false);
      if (s === undefined) {
        i++;
        continue;
      }
      const [w] = waiters.splice(i, 1);
      w.grant(s.index, take(s));
    }
    scheduleWake();
  };

  /**
   * A probe failed and took `failed` out again: the requests that could only have gone to it have
   * their answer without sending anything, and go on to their next retry.
   */
  const refuseWaitersOf = (failed: EndpointState<T>, error: string): void => {
    const t = now();
    for (let i = 0; i < waiters.length; ) {
      const open = openTo(waiters[i].exclude);
      if (!open.includes(failed) || open.some((s) => inService(s, t))) {
        i++;
        continue;
      }
      const [w] = waiters.splice(i, 1);
      w.refuse({ refused: true, index: failed.index, error: `not sent: ${failed.url} failed its probe after a cool-down (${error})` });
    }
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

  /** What an attempt showed; `probe`: it was the endpoint's probe (or a call placed on it alone). */
  const record = (s: EndpointState<T>, r: EndpointReport, probe: boolean): void => {
    const tookOut = recordEndpointReport(s, r, probe || !s.probation, states.length === 1, h, now());
    if (tookOut && probe) refuseWaitersOf(s, r.error ?? 'it failed');
  };

  const lease = (s: EndpointState<T>, probe: boolean): EndpointLease<T> => {
    let released = false;
    return {
      index: s.index,
      value: s.value,
      done(r) {
        if (released) return;
        released = true;
        s.inFlight--;
        if (probe) s.probing = false;
        record(s, r, probe);
        drain();
      },
    };
  };

  return {
    size: states.length,
    acquire(exclude, signal) {
      if (signal?.aborted) return Promise.resolve(undefined);
      const s = waiters.length === 0 ? pick(exclude, false) : undefined;
      if (s !== undefined) return Promise.resolve(lease(s, take(s)));
      return new Promise((resolve) => {
        const onAbort = (): void => {
          const i = waiters.indexOf(waiter);
          if (i !== -1) waiters.splice(i, 1);
          scheduleWake();
          resolve(undefined);
        };
        const waiter: Waiter = {
          exclude,
          grant: (index, probe) => {
            signal?.removeEventListener('abort', onAbort);
            resolve(lease(states[index], probe));
          },
          refuse: (refusal) => {
            signal?.removeEventListener('abort', onAbort);
            resolve(refusal);
          },
        };
        waiters.push(waiter);
        signal?.addEventListener('abort', onAbort, { once: true });
        drain();
      });
    },
    hold(index) {
      const s = states[index];
      s.inFlight++;
      s.peakInFlight = Math.max(s.peakInFlight, s.inFlight);
      return lease(s, false);
    },
    choose(exclude) {
      // A batch job waits for no probe: with the only endpoints in service probing, it goes to one of them.
      const t = now();
      return (pick(exclude, true) ?? fewestInFlight(openTo(exclude).filter((s) => inService(s, t))) ?? states[0]).index;
    },
    report(index, r) {
      // A call of the Batch API placed on this endpoint alone: on probation, it is a probe.
      record(states[index], r, !states[index].probing);
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
        probes: s.probes,
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
