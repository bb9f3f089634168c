import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server speaking the chat-completions protocol, scriptable per request to misbehave.
 * Listens on 127.0.0.1 at a random port. Used by the OpenAI target's tests and benchmark.
 */

export interface ChatRequestBody {
  readonly model?: string;
  readonly messages?: readonly { readonly role: string; readonly content: string }[];
  readonly n?: number;
  readonly temperature?: number;
  readonly max_tokens?: number;
  readonly max_completion_tokens?: number;
  readonly [key: string]: unknown;
}

export interface FakeRequest {
  /** 0-based arrival number over the server's lifetime. */
  readonly index: number;
  /** Milliseconds since the epoch when the request body had arrived. */
  readonly at: number;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: ChatRequestBody;
  /** The last user message, for scripts that answer per problem. */
  readonly prompt: string;
}

export type FakeReply =
  /** A normal completion: `texts` (one per choice) or `text` repeated for each of the `n` choices. */
  | {
      readonly kind: 'answer';
      readonly text?: string;
      readonly texts?: readonly string[];
      /** Also send the thinking in this field. */
      readonly reasoning?: string;
      readonly reasoningField?: 'reasoning_content' | 'reasoning';
      /** Send `content: null` instead of text (reasoning servers do). */
      readonly nullContent?: boolean;
      readonly finishReason?: string;
      readonly usage?: { readonly prompt_tokens: number; readonly completion_tokens: number; readonly total_tokens?: number } | null;
      /** Answer one choice whatever `n` was. */
      readonly ignoreN?: boolean;
      readonly delayMs?: number;
    }
  /** An error status with an OpenAI-style error body. */
  | { readonly kind: 'status'; readonly status: number; readonly message?: string; readonly param?: string; readonly retryAfter?: string; readonly retryAfterMs?: string; readonly delayMs?: number }
  /** Destroy the socket without a response. */
  | { readonly kind: 'drop'; readonly delayMs?: number }
  /** Send headers, then part of the body, then destroy the socket. */
  | { readonly kind: 'cut'; readonly delayMs?: number }
  /** A 200 with a body that is not JSON (or not a completion). */
  | { readonly kind: 'malformed'; readonly body?: string; readonly contentType?: string; readonly delayMs?: number }
  /** Never answer (until the client gives up or the server closes). */
  | { readonly kind: 'hang' }
  /**
   * A valid completion whose content is `bytes` characters of `fill` (ASCII), streamed in 64 KB
   * chunks with backpressure (never built as one string); chunked unless `declareLength`.
   */
  | { readonly kind: 'huge'; readonly bytes: number; readonly fill?: string; readonly declareLength?: boolean };

export type FakeScript = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

export interface FakeOpenAIServer {
  /** `http://127.0.0.1:<port>/v1`, to use as the client's base URL. */
  readonly baseURL: string;
  /** Every chat request received, in arrival order. */
  readonly requests: FakeRequest[];
  /** Replace the script. */
  setScript(script: FakeScript): void;
  close(): Promise<void>;
}

export const reply = {
  answer: (text: string, extra: Omit<Extract<FakeReply, { kind: 'answer' }>, 'kind' | 'text'> = {}): FakeReply => ({ kind: 'answer', text, ...extra }),
  status: (status: number, extra: Omit<Extract<FakeReply, { kind: 'status' }>, 'kind' | 'status'> = {}): FakeReply => ({ kind: 'status', status, ...extra }),
  drop: (delayMs?: number): FakeReply => ({ kind: 'drop', ...(delayMs !== undefined ? { delayMs } : {}) }),
  cut: (): FakeReply => ({ kind: 'cut' }),
  malformed: (body = '{"id": "x", "choices": [', contentType = 'application/json'): FakeReply => ({ kind: 'malformed', body, contentType }),
  hang: (): FakeReply => ({ kind: 'hang' }),
  huge: (bytes: number, extra: Omit<Extract<FakeReply, { kind: 'huge' }>, 'kind' | 'bytes'> = {}): FakeReply => ({ kind: 'huge', bytes, ...extra }),
  slow: (text: string, delayMs: number): FakeReply => ({ kind: 'answer', text, delayMs }),
};

const MAX_BODY = 5_000_000;

export async function startFakeOpenAIServer(script: FakeScript): Promise<FakeOpenAIServer> {
  let current = script;
  const requests: FakeRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const hanging = new Set<ServerResponse>();
  let completionId = 0;

  const later = (ms: number | undefined): Promise<void> =>
    new Promise((resolve) => {
      if (!ms || ms <= 0) return resolve();
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });

  const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
    if (res.destroyed) return;
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
    res.end(text);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'POST' || (path !== '/v1/chat/completions' && path !== '/chat/completions')) {
      sendJson(res, 404, { error: { message: `no route ${req.method} ${path}`, type: 'invalid_request_error' } });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY) {
        sendJson(res, 413, { error: { message: 'request too large' } });
        return;
      }
      chunks.push(chunk as Buffer);
    }
    let body: ChatRequestBody;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequestBody;
    } catch {
      sendJson(res, 400, { error: { message: 'request body is not JSON', type: 'invalid_request_error' } });
      return;
    }
    const messages = Array.isArray(body.messages) ? body.messages : [];
    const lastUser = [...messages].reverse().find((m) => m.role === 'user');
    const request: FakeRequest = { index: requests.length, at: Date.now(), path, headers: req.headers, body, prompt: lastUser?.content ?? '' };
    requests.push(request);
    const r = await current(request);
    switch (r.kind) {
      case 'answer': {
        await later(r.delayMs);
        const n = r.ignoreN ? 1 : Math.max(1, typeof body.n === 'number' ? body.n : 1);
        const choices = Array.from({ length: n }, (_, i) => {
          const text = r.texts !== undefined ? r.texts[i % r.texts.length] : (r.text ?? '');
          const message: Record<string, unknown> = { role: 'assistant', content: r.nullContent ? null : text };
          if (r.reasoning !== undefined) message[r.reasoningField ?? 'reasoning_content'] = r.reasoning;
          return { index: i, message, finish_reason: r.finishReason ?? 'stop', logprobs: null };
        });
        const usage =
          r.usage === null
            ? undefined
            : {
                prompt_tokens: r.usage?.prompt_tokens ?? 10,
                completion_tokens: r.usage?.completion_tokens ?? 20 * n,
                total_tokens: r.usage?.total_tokens ?? (r.usage?.prompt_tokens ?? 10) + (r.usage?.completion_tokens ?? 20 * n),
              };
        sendJson(res, 200, {
          id: `chatcmpl-${++completionId}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model ?? 'fake',
          choices,
          ...(usage !== undefined ? { usage } : {}),
        });
        return;
      }
      case 'status': {
        await later(r.delayMs);
        const headers: Record<string, string> = {};
        if (r.retryAfter !== undefined) headers['retry-after'] = r.retryAfter;
        if (r.retryAfterMs !== undefined) headers['retry-after-ms'] = r.retryAfterMs;
        // Tell the openai client explicitly not to retry on its own, in case its retries were left on.
        headers['x-should-retry'] = 'false';
        sendJson(
          res,
          r.status,
          { error: { message: r.message ?? `fake error ${r.status}`, type: r.status === 429 ? 'rate_limit_error' : 'server_error', param: r.param ?? null, code: null } },
          headers,
        );
        return;
      }
      case 'drop':
        await later(r.delayMs);
        req.socket.destroy();
        return;
      case 'cut': {
        await later(r.delayMs);
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '5000' });
        res.write('{"id":"chatcmpl-cut","choices":[{"index":0,"message":{"role":"assistant","content":"\\\\boxed{x');
        setImmediate(() => req.socket.destroy());
        return;
      }
      case 'malformed': {
        await later(r.delayMs);
        if (res.destroyed) return;
        const text = r.body ?? '{"id": "x", "choices": [';
        res.writeHead(200, { 'content-type': r.contentType ?? 'application/json', 'content-length': Buffer.byteLength(text) });
        res.end(text);
        return;
      }
      case 'huge': {
        const head = `{"id":"chatcmpl-huge-${++completionId}","object":"chat.completion","created":0,"model":"fake","choices":[{"index":0,"message":{"role":"assistant","content":"`;
        const tail = '"},"finish_reason":"stop"}]}';
        const fill = (r.fill ?? 'x').slice(0, 1) || 'x';
        const block = Buffer.from(fill.repeat(64 * 1024));
        res.writeHead(200, { 'content-type': 'application/json', ...(r.declareLength ? { 'content-length': String(head.length + r.bytes + tail.length) } : {}) });
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        const drained = (): Promise<void> => new Promise((resolve) => {
          const done = (): void => {
            res.off('drain', done);
            res.off('close', done);
            resolve();
          };
          res.once('drain', done);
          res.once('close', done);
        });
        if (!res.write(head)) await drained();
        for (let sent = 0; sent < r.bytes && !res.destroyed && !res.writableEnded; sent += block.length) {
          const piece = r.bytes - sent >= block.length ? block : block.subarray(0, r.bytes - sent);
          if (!res.write(piece)) await drained();
        }
        if (!res.destroyed) res.end(tail);
        return;
      }
      case 'hang':
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: `fake server failure: ${String(err)}` } });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    setScript(s) {
      current = s;
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
