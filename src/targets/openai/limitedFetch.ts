/** Default cut for an HTTP response body (and for one line of the response cache): 2 MB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 2_000_000;

/** A response body that went past the limit; the request counts as a transport error (retried). */
export class ResponseTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`response body larger than ${limit} bytes (--max-response-bytes)`);
    this.name = 'ResponseTooLargeError';
  }
}

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * A `fetch` whose response bodies are streamed through a byte counter and cut at `limit`: the body
 * stream errors with `ResponseTooLargeError` (and the connection is cancelled) as soon as more than
 * `limit` bytes arrived, or at once when `Content-Length` already says so. At most `limit` bytes of
 * a response are ever held, whatever the server sends.
 */
export function limitedFetch(limit: number, inner: Fetch = globalThis.fetch): Fetch {
  if (!(Number.isInteger(limit) && limit > 0)) throw new RangeError(`the response limit must be a positive integer, got ${limit}`);
  return async (input, init) => {
    const response = await inner(input, init);
    const body = response.body;
    if (body === null) return response;
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > limit) {
      await body.cancel().catch(() => {});
      throw new ResponseTooLargeError(limit);
    }
    const reader = body.getReader();
    let seen = 0;
    const counted = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          return;
        }
        seen += value.byteLength;
        if (seen > limit) {
          controller.error(new ResponseTooLargeError(limit));
          await reader.cancel().catch(() => {});
          return;
        }
        controller.enqueue(value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/** Is `err` (or what caused it, as the client wraps fetch errors) a body cut at the limit? */
export function tooLargeIn(err: unknown): ResponseTooLargeError | undefined {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof ResponseTooLargeError) return e;
  }
  return undefined;
}
