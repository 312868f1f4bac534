/**
 * The error reporter (spec 000 §9): widget boundaries hand it whatever they caught; it batches
 * the errors and posts them to /api/events/RecordJavascriptErrors. A broken page must not turn
 * into a flood of requests, so sends are debounced and capped, the queue is bounded and stacks
 * are truncated. Reporting never throws: it runs inside error handlers.
 */
import { getPageRuntime } from './create-runtime.js';
import { PAGE_LIMITS } from './constants.js';

/** One reported error as it goes over the wire. */
export interface JavascriptErrorEvent {
  readonly name: string;
  readonly message: string;
  /** At most `PAGE_LIMITS.errorReporterStackChars` characters. */
  readonly stack: string;
  /** Page address when the error happened (empty outside a browser). */
  readonly url: string;
  /** Milliseconds since the epoch. */
  readonly timestamp: number;
  /** Free-form labels from the caller, e.g. `{ widget: 'cart-pill' }`. */
  readonly context: Readonly<Record<string, string>>;
}

export interface ErrorReporterOptions {
  /** Posts one batch. A rejection is swallowed: reporting must not cause errors of its own. */
  send: (events: readonly JavascriptErrorEvent[]) => Promise<unknown>;
  /** @default Date.now */
  now?: (() => number) | undefined;
  /** @default globalThis.setTimeout */
  setTimeout?: ((fn: () => void, ms: number) => unknown) | undefined;
  /** @default globalThis.clearTimeout */
  clearTimeout?: ((handle: unknown) => void) | undefined;
}

export interface ErrorReporter {
  /** Queues an error for the next (debounced) send. Never throws. */
  report(error: unknown, context?: Readonly<Record<string, string>>): void;
  /** Sends what is queued now, without waiting for the debounce. Never rejects. */
  flush(): Promise<void>;
}

const safeString = (value: unknown, fallback: string): string => {
  try {
    if (typeof value === 'string') return value;
    if (value === undefined || value === null) return fallback;
    return String(value);
  } catch {
    // A hostile toString (or a revoked proxy) must not break reporting.
    return fallback;
  }
};

const readField = (value: unknown, key: string): unknown => {
  try {
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  } catch {
    return undefined;
  }
};

const currentUrl = (): string => {
  try {
    return typeof location === 'undefined' ? '' : location.href;
  } catch {
    return '';
  }
};

/** Turns anything thrown into a wire event. Exported for tests and boundaries that log locally. */
export const toErrorEvent = (
  error: unknown,
  context: Readonly<Record<string, string>> | undefined,
  timestamp: number,
): JavascriptErrorEvent => {
  const isObject = typeof error === 'object' && error !== null;
  const name = isObject ? safeString(readField(error, 'name'), 'Error') : 'Error';
  const message = isObject ? safeString(readField(error, 'message'), '') : safeString(error, '');
  const stack = isObject ? safeString(readField(error, 'stack'), '') : '';
  const cleanContext: Record<string, string> = {};
  if (context) {
    for (const [key, value] of Object.entries(context)) {
      if (typeof value === 'string') cleanContext[key] = value;
    }
  }
  return {
    name,
    message,
    stack: stack.slice(0, PAGE_LIMITS.errorReporterStackChars),
    url: currentUrl(),
    timestamp,
    context: cleanContext,
  };
};

export const createErrorReporter = (options: ErrorReporterOptions): ErrorReporter => {
  const now = options.now ?? (() => Date.now());
  const schedule = options.setTimeout ?? ((fn: () => void, ms: number) => globalThis.setTimeout(fn, ms));
  const cancel =
    options.clearTimeout ??
    ((handle: unknown) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>));

  let queue: JavascriptErrorEvent[] = [];
  let sends = 0;
  let timer: unknown = null;
  let inFlight: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    if (timer !== null) {
      try {
        cancel(timer);
      } catch {
        // nothing to cancel
      }
      timer = null;
    }
    if (queue.length === 0 || sends >= PAGE_LIMITS.errorReporterSends) {
      queue = [];
      return inFlight;
    }
    const batch = queue;
    queue = [];
    sends += 1;
    const sent = (async () => {
      try {
        await options.send(batch);
      } catch {
        // Lost reports are acceptable; a failing reporter that throws is not.
      }
    })();
    inFlight = Promise.all([inFlight, sent]).then(() => undefined);
    return inFlight;
  };

  const report = (error: unknown, context?: Readonly<Record<string, string>>): void => {
    try {
      if (sends >= PAGE_LIMITS.errorReporterSends) return;
      if (queue.length >= PAGE_LIMITS.errorReporterQueue) return;
      queue.push(toErrorEvent(error, context, now()));
      if (timer !== null) cancel(timer);
      timer = schedule(() => {
        timer = null;
        void flush();
      }, PAGE_LIMITS.errorReporterDebounceMs);
    } catch {
      // Reporting runs inside error handlers; it must never add an error of its own.
    }
  };

  return { report, flush };
};

/** The page-wide reporter (the page's state, ./page-state.ts), posting through the page's api client. */
export const getErrorReporter = (): ErrorReporter => {
  const { state, api } = getPageRuntime();
  return (state.reporter ??= createErrorReporter({
    send: (events) => api.recordJavascriptErrors(events),
  }));
};
