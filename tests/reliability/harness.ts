/**
 * Shared by the reliability suite and `npm run bench:server`: the server as a child process, a
 * keep-alive HTTP client with a cookie jar, and a bounded load generator. Everything targets
 * 127.0.0.1 only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerOptions } from '../../demo/server/app';
import { COOKIES, CSRF_HEADER } from '../../src/contract';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SERVE = resolve(ROOT, 'tests/reliability/serve.ts');

export interface ServerProcess {
  readonly base: string;
  readonly child: ChildProcess;
  /** SIGKILL: no handler runs, nothing is flushed. */
  kill9(): Promise<void>;
  /** SIGTERM: closes the server and the database. */
  stop(): Promise<void>;
}

/** `env`: variables set for the server process besides this one's (an isolated `TMPDIR`). */
export async function startServerProcess(
  options: ServerOptions,
  env: Readonly<Record<string, string>> = {},
): Promise<ServerProcess> {
  // One process: node itself with tsx as its loader. The tsx command would start the server as a
  // child of its own, and a SIGKILL to the command would leave that child serving: no crash at all.
  const child = spawn(process.execPath, ['--import', 'tsx', SERVE, JSON.stringify(options)], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const base = await new Promise<string>((done, fail) => {
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match?.[1]) done(match[1]);
    });
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => fail(new Error(`server exited (${code}) before listening: ${err}`)));
  });
  return {
    base,
    child,
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface Reply {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/**
 * One request over a keep-alive connection; a dropped connection rejects. `localAddress`: the
 * client address the server sees (any of 127.0.0.0/8 on loopback). @default 127.0.0.1
 * `agent`: a pool of its own instead of the shared one (which holds at most 64 connections).
 */
export function send(
  url: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    localAddress?: string;
    agent?: Agent;
  } = {},
): Promise<Reply> {
  return new Promise((done, fail) => {
    const options = {
      method: init.method ?? 'GET',
      headers: init.headers,
      agent: init.agent ?? agent,
      localAddress: init.localAddress,
    };
    const req = httpRequest(url, options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
      res.on('error', fail);
    });
    req.on('error', fail);
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}

/**
 * Writes `text` as it is to a new connection and resolves with everything the server sent until
 * it closed: for requests no HTTP client sends (an absolute-form target, a forged Host, a
 * malformed line). Send `Connection: close` to have the server close after its answer.
 */
export function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let data = '';
    socket.on('data', (c: Buffer) => (data += c.toString()));
    socket.on('close', () => resolve(data));
    socket.on('error', reject);
  });
}

/** A browser: a cookie jar, the crumb header on writes, JSON bodies. */
export class Client {
  readonly jar = new Map<string, string>();

  /** `localAddress`: the client address the server sees, as in `send`. */
  constructor(
    readonly base: string,
    readonly localAddress?: string,
  ) {}

  get cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async call(
    method: string,
    path: string,
    json?: unknown,
    extra: Record<string, string> = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { ...extra };
    if (this.jar.size > 0) headers['cookie'] = this.cookie;
    const crumb = this.jar.get(COOKIES.crumb);
    if (method !== 'GET' && crumb !== undefined) headers[CSRF_HEADER] = crumb;
    if (json !== undefined) headers['content-type'] = 'application/json';
    const reply = await send(`${this.base}${path}`, {
      method,
      headers,
      ...(this.localAddress === undefined ? {} : { localAddress: this.localAddress }),
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
    const cookies = reply.headers['set-cookie'] ?? [];
    for (const line of Array.isArray(cookies) ? cookies : [cookies]) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return reply;
  }
}

export interface LoadResult {
  readonly requests: number;
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly statuses: Readonly<Record<number, number>>;
  readonly failures: number;
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0);

/**
 * Keeps `connections` requests in flight until `durationMs` has passed or `maxRequests` were
 * sent, whichever comes first. `next(i)` gives request i (a different visitor per connection,
 * for instance).
 */
export async function load(options: {
  readonly connections: number;
  readonly durationMs: number;
  readonly maxRequests: number;
  readonly next: (i: number, connection: number) => Promise<Reply>;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let failures = 0;
  let issued = 0;
  const start = performance.now();
  const deadline = start + options.durationMs;
  const worker = async (connection: number): Promise<void> => {
    while (issued < options.maxRequests && performance.now() < deadline) {
      const i = issued++;
      const t0 = performance.now();
      try {
        const reply = await options.next(i, connection);
        statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
      } catch {
        failures += 1;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: options.connections }, (_, c) => worker(c)));
  const elapsedS = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: latencies.length / elapsedS,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    statuses,
    failures,
  };
}
