import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server speaking the chat-completions protocol, scriptable per request to misbehave,
 * and the files and batches protocol of the Batch API (each line of a job is answered by the same
 * script). Listens on 127.0.0.1 at a random port; `stop()` kills it mid-run. Used by the OpenAI
 * target's tests and benchmark.
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
  | {
      readonly kind: 'status';
      readonly status: number;
      readonly message?: string;
      readonly param?: string;
      readonly retryAfter?: string;
      readonly retryAfterMs?: string;
      readonly delayMs?: number;
    }
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

/** How batch jobs end: after `delayMs`, `completed` (every line answered by the script), `failed`
 * (validation failed, no output), `expired` (only the first half of the lines answered), or `never`
 * (the job stays `in_progress`). `createReply`: how the call that created a job is answered once the
 * job exists: `answer` (the default), `hang` (never: the client waits, as one killed before the reply
 * would), or `drop` (the connection is cut, as a reply lost in transit). */
export interface FakeBatchBehaviour {
  readonly delayMs?: number;
  readonly end?: 'completed' | 'failed' | 'expired' | 'never';
  readonly createReply?: 'answer' | 'hang' | 'drop';
}

/** A batch job as the server keeps it. */
export interface FakeBatch {
  readonly id: string;
  readonly inputFileId: string;
  readonly endpoint: string;
  readonly requests: number;
  status: 'validating' | 'failed' | 'in_progress' | 'finalizing' | 'completed' | 'expired' | 'cancelling' | 'cancelled';
  outputFileId?: string;
  errorFileId?: string;
  readonly createdAt: number;
}

/** A call of the files or batches API: `POST /v1/files`, `GET /v1/batches/<id>` … */
export interface FakeApiCall {
  readonly method: string;
  readonly path: string;
  readonly at: number;
  readonly headers: IncomingHttpHeaders;
}

export interface FakeOpenAIServer {
  /** `http://127.0.0.1:<port>/v1`, to use as the client's base URL. */
  readonly baseURL: string;
  /** Every chat request received over HTTP, in arrival order. */
  readonly requests: FakeRequest[];
  /** Every line of every batch job, as the script saw it (`path` is `batch:<id>`). */
  readonly batchRequests: FakeRequest[];
  /** Every batch job created. */
  readonly batches: FakeBatch[];
  /** Every call of the files and batches API. */
  readonly apiCalls: FakeApiCall[];
  /** Chat requests being answered now, and the most at once so far (from arrival to the end of the reply). */
  readonly inFlight: number;
  readonly peakInFlight: number;
  /** Tokens the server reported in the usage of every completion it returned (HTTP and batch). */
  readonly tokens: { readonly prompt: number; readonly completion: number };
  /** Replace the script. */
  setScript(script: FakeScript): void;
  setBatchBehaviour(behaviour: FakeBatchBehaviour): void;
  /** Finish a job that is still in progress (one made with `end: 'never'`): answer its lines now. */
  completeBatch(id: string): Promise<void>;
  /** Kill switch: stop listening and cut every open connection, as a crashed replica does. */
  stop(): Promise<void>;
  readonly stopped: boolean;
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
const MAX_FILE = 50_000_000;

export async function startFakeOpenAIServer(script: FakeScript, batchBehaviour: FakeBatchBehaviour = {}): Promise<FakeOpenAIServer> {
  let current = script;
  let behaviour = batchBehaviour;
  const requests: FakeRequest[] = [];
  const batchRequests: FakeRequest[] = [];
  const batches: FakeBatch[] = [];
  const apiCalls: FakeApiCall[] = [];
  const files = new Map<string, { purpose: string; filename: string; bytes: Buffer; createdAt: number }>();
  const tokens = { prompt: 0, completion: 0 };
  const timers = new Set<NodeJS.Timeout>();
  const hanging = new Set<ServerResponse>();
  let completionId = 0;
  let fileId = 0;
  let inFlight = 0;
  let peakInFlight = 0;
  let stopped = false;
  /** The lines of each job, until it has run. */
  const pendingLines = new Map<string, { lines: { custom_id: string; body: ChatRequestBody }[]; headers: IncomingHttpHeaders }>();

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

  /** The completion an `answer` reply stands for; its usage is counted as served. */
  const completion = (r: Extract<FakeReply, { kind: 'answer' }>, body: ChatRequestBody): Record<string, unknown> => {
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
    if (usage !== undefined) {
      tokens.prompt += usage.prompt_tokens;
      tokens.completion += usage.completion_tokens;
    }
    return {
      id: `chatcmpl-${++completionId}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model ?? 'fake',
      choices,
      ...(usage !== undefined ? { usage } : {}),
    };
  };

  const readBody = async (req: IncomingMessage, limit: number): Promise<Buffer | undefined> => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > limit) return undefined;
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  };

  const requestOf = (log: FakeRequest[], path: string, headers: IncomingHttpHeaders, body: ChatRequestBody): FakeRequest => {
    const messages = Array.isArray(body.messages) ? body.messages : [];
    const lastUser = [...messages].reverse().find((m) => m.role === 'user');
    const request: FakeRequest = { index: log.length, at: Date.now(), path, headers, body, prompt: lastUser?.content ?? '' };
    log.push(request);
    return request;
  };

  const batchObject = (b: FakeBatch): Record<string, unknown> => ({
    id: b.id,
    object: 'batch',
    endpoint: b.endpoint,
    input_file_id: b.inputFileId,
    completion_window: '24h',
    status: b.status,
    created_at: Math.floor(b.createdAt / 1000),
    ...(b.outputFileId !== undefined ? { output_file_id: b.outputFileId } : {}),
    ...(b.errorFileId !== undefined ? { error_file_id: b.errorFileId } : {}),
    ...(b.status === 'failed'
      ? { errors: { object: 'list', data: [{ code: 'invalid_request', message: 'the fake server was told to fail this batch', line: 1 }] } }
      : {}),
    request_counts: { total: b.requests, completed: 0, failed: 0 },
  });

  const addFile = (purpose: string, filename: string, bytes: Buffer): string => {
    const id = `file-${++fileId}`;
    files.set(id, { purpose, filename, bytes, createdAt: Date.now() });
    return id;
  };

  /** Answer each line of a job with the script, then write its output and error files. */
  const runBatch = async (
    b: FakeBatch,
    lines: readonly { custom_id: string; body: ChatRequestBody }[],
    headers: IncomingHttpHeaders,
    end: FakeBatchBehaviour['end'],
  ): Promise<void> => {
    pendingLines.delete(b.id);
    const answered = end === 'expired' ? lines.slice(0, Math.floor(lines.length / 2)) : lines;
    const results = await Promise.all(
      answered.map(async (line) => {
        const request = requestOf(batchRequests, `batch:${b.id}`, headers, line.body);
        const r = await current(request);
        const id = `batch_req_${++completionId}`;
        if (r.kind === 'answer') {
          await later(r.delayMs);
          return {
            ok: true,
            line: { id, custom_id: line.custom_id, response: { status_code: 200, request_id: id, body: completion(r, line.body) }, error: null },
          };
        }
        if (r.kind === 'status') {
          return {
            ok: false,
            line: {
              id,
              custom_id: line.custom_id,
              response: { status_code: r.status, request_id: id, body: { error: { message: r.message ?? `fake error ${r.status}`, type: 'server_error' } } },
              error: null,
            },
          };
        }
        return {
          ok: false,
          line: { id, custom_id: line.custom_id, response: null, error: { code: 'server_error', message: `the fake server's reply was ${r.kind}` } },
        };
      }),
    );
    if (b.status === 'cancelled') return;
    const jsonl = (rows: typeof results): Buffer => Buffer.from(rows.map((x) => JSON.stringify(x.line) + '\n').join(''));
    const ok = results.filter((x) => x.ok);
    const bad = results.filter((x) => !x.ok);
    if (ok.length > 0) b.outputFileId = addFile('batch_output', `${b.id}_output.jsonl`, jsonl(ok));
    if (bad.length > 0) b.errorFileId = addFile('batch_output', `${b.id}_error.jsonl`, jsonl(bad));
    b.status = end === 'expired' ? 'expired' : 'completed';
  };

  /** The files and batches API. */
  const handleApi = async (req: IncomingMessage, res: ServerResponse, path: string): Promise<void> => {
    const method = req.method ?? 'GET';
    if (stopped) {
      req.socket.destroy();
      return;
    }
    apiCalls.push({ method, path, at: Date.now(), headers: req.headers });
    const route = path.replace(/^\/v1/, '');
    if (method === 'POST' && route === '/files') {
      const bytes = await readBody(req, MAX_FILE);
      if (bytes === undefined) return sendJson(res, 413, { error: { message: 'file too large' } });
      const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(req.headers['content-type'] ?? '');
      if (boundary === null) return sendJson(res, 400, { error: { message: 'expected multipart/form-data' } });
      const parts = multipartParts(bytes, boundary[1] ?? boundary[2]);
      const file = parts.find((p) => p.name === 'file');
      const purpose = parts.find((p) => p.name === 'purpose')?.data.toString('utf8') ?? '';
      if (file === undefined || purpose !== 'batch') return sendJson(res, 400, { error: { message: 'expected a file with purpose batch' } });
      const id = addFile(purpose, file.filename ?? 'upload.jsonl', file.data);
      return sendJson(res, 200, {
        id,
        object: 'file',
        bytes: file.data.length,
        created_at: Math.floor(Date.now() / 1000),
        filename: file.filename ?? 'upload.jsonl',
        purpose,
        status: 'processed',
      });
    }
    const content = /^\/files\/([^/]+)\/content$/.exec(route);
    if (method === 'GET' && content !== null) {
      const f = files.get(content[1]);
      if (f === undefined) return sendJson(res, 404, { error: { message: `no file ${content[1]}` } });
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': f.bytes.length });
      res.end(f.bytes);
      return;
    }
    if (method === 'POST' && route === '/batches') {
      const raw = await readBody(req, MAX_BODY);
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw?.toString('utf8') ?? '') as Record<string, unknown>;
      } catch {
        return sendJson(res, 400, { error: { message: 'request body is not JSON' } });
      }
      const input = files.get(String(body.input_file_id));
      if (input === undefined) return sendJson(res, 400, { error: { message: `no input file ${String(body.input_file_id)}` } });
      if (body.endpoint !== '/v1/chat/completions' || body.completion_window !== '24h')
        return sendJson(res, 400, { error: { message: 'expected endpoint /v1/chat/completions and completion_window 24h' } });
      const lines: { custom_id: string; body: ChatRequestBody }[] = [];
      const ids = new Set<string>();
      for (const text of input.bytes.toString('utf8').split('\n')) {
        if (text.trim() === '') continue;
        const line = JSON.parse(text) as { custom_id: string; method: string; url: string; body: ChatRequestBody };
        if (line.method !== 'POST' || line.url !== '/v1/chat/completions' || typeof line.custom_id !== 'string')
          return sendJson(res, 400, { error: { message: `malformed batch line: ${text.slice(0, 200)}` } });
        if (ids.has(line.custom_id)) return sendJson(res, 400, { error: { message: `duplicate custom_id ${line.custom_id}` } });
        ids.add(line.custom_id);
        lines.push({ custom_id: line.custom_id, body: line.body });
      }
      const b: FakeBatch = {
        id: `batch_${batches.length + 1}`,
        inputFileId: String(body.input_file_id),
        endpoint: '/v1/chat/completions',
        requests: lines.length,
        status: 'validating',
        createdAt: Date.now(),
      };
      batches.push(b);
      pendingLines.set(b.id, { lines, headers: req.headers });
      const end = behaviour.end ?? 'completed';
      const t = setTimeout(() => {
        timers.delete(t);
        if (b.status !== 'in_progress') return;
        if (end === 'failed') b.status = 'failed';
        else if (end !== 'never') void runBatch(b, lines, req.headers, end);
      }, behaviour.delayMs ?? 0);
      timers.add(t);
      b.status = 'in_progress';
      if (behaviour.createReply === 'drop') {
        req.socket.destroy();
        return;
      }
      if (behaviour.createReply === 'hang') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      return sendJson(res, 200, batchObject(b));
    }
    // The job list, newest first, 20 a page unless `limit` says otherwise, after the job `after`.
    if (method === 'GET' && route === '/batches') {
      const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
      const limit = Math.max(1, Math.min(100, Number(query.get('limit') ?? '20') || 20));
      const newest = [...batches].reverse();
      const after = query.get('after');
      const from = after === null ? 0 : newest.findIndex((b) => b.id === after) + 1;
      const page = newest.slice(from, from + limit);
      return sendJson(res, 200, {
        object: 'list',
        data: page.map(batchObject),
        first_id: page[0]?.id ?? null,
        last_id: page.at(-1)?.id ?? null,
        has_more: from + limit < newest.length,
      });
    }
    const one = /^\/batches\/([^/]+)(\/cancel)?$/.exec(route);
    if (one !== null) {
      const b = batches.find((x) => x.id === one[1]);
      if (b === undefined) return sendJson(res, 404, { error: { message: `no batch ${one[1]}` } });
      if (method === 'POST' && one[2] !== undefined) {
        if (b.status === 'in_progress' || b.status === 'validating') b.status = 'cancelled';
        return sendJson(res, 200, batchObject(b));
      }
      if (method === 'GET' && one[2] === undefined) return sendJson(res, 200, batchObject(b));
    }
    sendJson(res, 404, { error: { message: `no route ${method} ${path}`, type: 'invalid_request_error' } });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '/').split('?')[0];
    if (/^(\/v1)?\/(files|batches)(\/|$)/.test(path)) return handleApi(req, res, path);
    if (req.method !== 'POST' || (path !== '/v1/chat/completions' && path !== '/chat/completions')) {
      sendJson(res, 404, { error: { message: `no route ${req.method} ${path}`, type: 'invalid_request_error' } });
      return;
    }
    const raw = await readBody(req, MAX_BODY);
    // A stopped server answers nothing, not even a request whose body was already in.
    if (stopped) {
      req.socket.destroy();
      return;
    }
    if (raw === undefined) {
      sendJson(res, 413, { error: { message: 'request too large' } });
      return;
    }
    let body: ChatRequestBody;
    try {
      body = JSON.parse(raw.toString('utf8')) as ChatRequestBody;
    } catch {
      sendJson(res, 400, { error: { message: 'request body is not JSON', type: 'invalid_request_error' } });
      return;
    }
    const request = requestOf(requests, path, req.headers, body);
    inFlight++;
    peakInFlight = Math.max(peakInFlight, inFlight);
    res.once('close', () => inFlight--);
    const r = await current(request);
    switch (r.kind) {
      case 'answer': {
        await later(r.delayMs);
        // Built only now, so that a reply the client never got (a killed server) is not counted as served.
        if (res.destroyed) return;
        sendJson(res, 200, completion(r, body));
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
          {
            error: {
              message: r.message ?? `fake error ${r.status}`,
              type: r.status === 429 ? 'rate_limit_error' : 'server_error',
              param: r.param ?? null,
              code: null,
            },
          },
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
        res.writeHead(200, {
          'content-type': 'application/json',
          ...(r.declareLength ? { 'content-length': String(head.length + r.bytes + tail.length) } : {}),
        });
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        const drained = (): Promise<void> =>
          new Promise((resolve) => {
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

  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await closed;
  };

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    batchRequests,
    batches,
    apiCalls,
    get inFlight() {
      return inFlight;
    },
    get peakInFlight() {
      return peakInFlight;
    },
    tokens,
    setScript(s) {
      current = s;
    },
    setBatchBehaviour(b) {
      behaviour = b;
    },
    async completeBatch(id) {
      const b = batches.find((x) => x.id === id);
      const pending = pendingLines.get(id);
      if (b === undefined || pending === undefined || b.status !== 'in_progress') throw new Error(`batch ${id} is not in progress`);
      await runBatch(b, pending.lines, pending.headers, 'completed');
    },
    stop,
    get stopped() {
      return stopped;
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await stop();
    },
  };
}

/** The parts of a multipart/form-data body: each one's field name, file name and bytes. */
function multipartParts(body: Buffer, boundary: string): { name: string; filename?: string; data: Buffer }[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: { name: string; filename?: string; data: Buffer }[] = [];
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    const part = body.subarray(start + 2, next - 2); // after CRLF, before the CRLF that ends the part
    const split = part.indexOf('\r\n\r\n');
    if (split !== -1) {
      const head = part.subarray(0, split).toString('utf8');
      const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
      const filename = /filename="([^"]*)"/.exec(head)?.[1];
      parts.push({ name, ...(filename !== undefined ? { filename } : {}), data: part.subarray(split + 4) });
    }
    at = next;
  }
  return parts;
}
