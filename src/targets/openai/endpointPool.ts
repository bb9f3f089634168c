import type { TokenUsage } from '../types.js';
import {
  DEFAULT_ENDPOINT_HEALTH,
  newEndpointHealth,
  recordEndpointReport,
  type EndpointHealth,
  type EndpointHealthOptions,
  type EndpointReport,
} from './endpointHealth.js';
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
  return new Endpoints(endpoints, { ...DEFAULT_ENDPOINT_HEALTH, ...health }, now);
}

/** The pool's state: each endpoint's health and load, the requests waiting for one, and the timer that wakes them. */
class Endpoints<T> implements EndpointPool<T> {
  readonly size: number;
  private readonly states: EndpointState<T>[];
  private readonly waiters: Waiter[] = [];
  private wakeTimer: NodeJS.Timeout | undefined;

  constructor(
    endpoints: readonly (EndpointSpec & { readonly value: T })[],
    private readonly health: EndpointHealthOptions,
    private readonly now: () => number,
  ) {
    this.states = endpoints.map((e, index) => ({
      ...newEndpointHealth(),
      index,
      url: redactUrl(e.url),
      cap: e.cap,
      value: e.value,
      inFlight: 0,
      peakInFlight: 0,
    }));
    this.size = this.states.length;
  }

  acquire(exclude: ReadonlySet<number>, signal?: AbortSignal): Promise<EndpointLease<T> | EndpointRefusal | undefined> {
    if (signal?.aborted) return Promise.resolve(undefined);
    const s = this.waiters.length === 0 ? this.pick(exclude, false) : undefined;
    if (s !== undefined) return Promise.resolve(this.lease(s, this.take(s)));
    return new Promise((resolve) => {
      const onAbort = (): void => {
        const i = this.waiters.indexOf(waiter);
        if (i !== -1) this.waiters.splice(i, 1);
        this.scheduleWake();
        resolve(undefined);
      };
      const waiter: Waiter = {
        exclude,
        grant: (index, probe) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(this.lease(this.states[index], probe));
        },
        refuse: (refusal) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(refusal);
        },
      };
      this.waiters.push(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.drain();
    });
  }

  hold(index: number): EndpointLease<T> {
    const s = this.states[index];
    s.inFlight++;
    s.peakInFlight = Math.max(s.peakInFlight, s.inFlight);
    return this.lease(s, false);
  }

  choose(exclude: ReadonlySet<number>): number {
    // A batch job waits for no probe: with the only endpoints in service probing, it goes to one of them.
    const t = this.now();
    return (this.pick(exclude, true) ?? fewestInFlight(this.openTo(exclude).filter((s) => inService(s, t))) ?? this.states[0]).index;
  }

  report(index: number, r: EndpointReport): void {
    // A call of the Batch API placed on this endpoint alone: on probation, it is a probe.
    this.record(this.states[index], r, !this.states[index].probing);
    this.drain();
  }

  inServiceOutside(exclude: ReadonlySet<number>): boolean {
    const t = this.now();
    return this.states.some((s) => !exclude.has(s.index) && inService(s, t));
  }

  stats(): EndpointStats[] {
    const t = this.now();
    return this.states.map((s) => ({
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
  }

  close(): void {
    if (this.wakeTimer !== undefined) clearTimeout(this.wakeTimer);
    this.wakeTimer = undefined;
  }

  private openTo(exclude: ReadonlySet<number>): EndpointState<T>[] {
    const open = this.states.filter((s) => !exclude.has(s.index));
    return open.length === 0 ? this.states : open;
  }

  /** The endpoint for a request now, or undefined when it has to wait for a slot or a probe. */
  private pick(exclude: ReadonlySet<number>, ignoreCaps: boolean): EndpointState<T> | undefined {
    const t = this.now();
    const open = this.openTo(exclude).filter(free);
    const serving = open.filter((s) => inService(s, t));
    if (serving.length > 0) return fewestInFlight(ignoreCaps ? serving : serving.filter(underCap));
    if (this.openTo(exclude).some((s) => inService(s, t))) return undefined; // its probe decides
    return (ignoreCaps ? open : open.filter(underCap)).reduce<EndpointState<T> | undefined>(
      (best, s) => (best === undefined || s.downUntil < best.downUntil ? s : best),
      undefined,
    );
  }

  /** Hold `s` for one request; returns whether that request is its probe. */
  private take(s: EndpointState<T>): boolean {
    s.inFlight++;
    s.peakInFlight = Math.max(s.peakInFlight, s.inFlight);
    if (!s.probation) return false;
    s.probing = true;
    s.probes++;
    return true;
  }

  private drain(): void {
    for (let i = 0; i < this.waiters.length; ) {
      const s = this.pick(this.waiters[i].exclude, false);
      if (s === undefined) {
        i++;
        continue;
      }
      const [w] = this.waiters.splice(i, 1);
      w.grant(s.index, this.take(s));
    }
    this.scheduleWake();
  }

  /**
   * A probe failed and took `failed` out again: the requests that could only have gone to it have
   * their answer without sending anything, and go on to their next retry.
   */
  private refuseWaitersOf(failed: EndpointState<T>, error: string): void {
    const t = this.now();
    for (let i = 0; i < this.waiters.length; ) {
      const open = this.openTo(this.waiters[i].exclude);
      if (!open.includes(failed) || open.some((s) => inService(s, t))) {
        i++;
        continue;
      }
      const [w] = this.waiters.splice(i, 1);
      w.refuse({ refused: true, index: failed.index, error: `not sent: ${failed.url} failed its probe after a cool-down (${error})` });
    }
  }

  // A waiter may be waiting for an endpoint whose cool-down is ending: wake the queue then.
  private scheduleWake(): void {
    if (this.wakeTimer !== undefined) clearTimeout(this.wakeTimer);
    this.wakeTimer = undefined;
    if (this.waiters.length === 0) return;
    const t = this.now();
    const next = Math.min(...this.states.filter((s) => s.downUntil > t).map((s) => s.downUntil));
    if (!Number.isFinite(next)) return;
    this.wakeTimer = setTimeout(() => this.drain(), Math.max(1, next - t));
    this.wakeTimer.unref?.();
  }

  /** What an attempt showed; `probe`: it was the endpoint's probe (or a call placed on it alone). */
  private record(s: EndpointState<T>, r: EndpointReport, probe: boolean): void {
    const tookOut = recordEndpointReport(s, r, probe || !s.probation, this.states.length === 1, this.health, this.now());
    if (tookOut && probe) this.refuseWaitersOf(s, r.error ?? 'it failed');
  }

  private lease(s: EndpointState<T>, probe: boolean): EndpointLease<T> {
    let released = false;
    return {
      index: s.index,
      value: s.value,
      done: (r) => {
        if (released) return;
        released = true;
        s.inFlight--;
        if (probe) s.probing = false;
        this.record(s, r, probe);
        this.drain();
      },
    };
  }
}

function inService(s: EndpointHealth, t: number): boolean {
  return t >= s.downUntil;
}

// On probation, an endpoint takes its probe and nothing more until the probe has answered.
function free(s: EndpointHealth): boolean {
  return !(s.probation && s.probing);
}

function underCap<T>(s: EndpointState<T>): boolean {
  return s.cap === undefined || s.inFlight < s.cap;
}

function fewestInFlight<T>(list: EndpointState<T>[]): EndpointState<T> | undefined {
  return list.reduce<EndpointState<T> | undefined>((best, s) => (best === undefined || s.inFlight < best.inFlight ? s : best), undefined);
}
