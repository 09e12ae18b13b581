// The page's side of the worker: one request in, one promise out (the requests and their
// replies are declared in www/protocol.js).
import { splitCoded } from './coded.js';
import { S, wordError } from './strings.js';
import { startWorker } from './worker-start.js';
import { MSG } from './protocol.js';

/** @typedef {import('./protocol.js').Requests} Requests */
/** @typedef {import('./protocol.js').Replies} Replies */
/** @typedef {import('./protocol.js').RequestType} RequestType */
/** @typedef {(share: number, partial?: any) => void} OnProgress How far a job is, and what it measured so far where it tells (protocol.js, Progress). */

/** An error the worker reported; `broken` when the wasm instance stopped (a trap). */
export class LabError extends Error {
  /**
   * `message` may carry a code and arguments (see splitCoded); `message` is then the error worded
   * in the page's language (the worker sends only the code).
   * @param {string} message
   * @param {boolean} broken
   */
  constructor(message, broken) {
    const { code, args, text } = splitCoded(message);
    super(code ? wordError({ code, args, text }) : text);
    this.name = 'LabError';
    this.broken = broken;
    this.code = code;
    this.args = args;
  }
}

/**
 * The worker early-worker.js started in the page's head, once; null when there is none.
 * @returns {Window['uhlWorker']}
 */
function takeEarlyWorker() {
  const worker = self.uhlWorker ?? null;
  self.uhlWorker = null;
  return worker;
}

/** A helper worker started ahead of its use (warmHelper), for the next helper LabClient. */
let spare = /** @type {Window['uhlWorker']} */ (null);

/**
 * Starts a helper worker now, for the next helper to take: its thread and script are ready
 * by the time it is asked (the trie view's timing helper, opened by a link, is asked for as
 * soon as the input is loaded). A failure before then is kept for its client to tell.
 */
export function warmHelper() {
  if (spare || typeof Worker === 'undefined') return;
  try {
    const worker = /** @type {NonNullable<Window['uhlWorker']>} */ (startWorker(JSON.stringify({ helper: true })));
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      worker.uhlFailed = event.message || '';
    });
    spare = worker;
  } catch {
    // The helper's own client starts one and reports what goes wrong.
  }
}

/** The helper worker warmHelper started, once; null when there is none. */
function takeSpare() {
  const worker = spare;
  spare = null;
  return worker;
}

export class LabClient {
  /**
   * `onFatal(message)` is called when the worker itself fails (it could not load);
   * `onBroken(message)` once when its wasm instance trapped (a panic, or memory exhausted).
   * A `helper` (of a split load, www/split-load.js, or the trie view's timing) has a worker of
   * its own: the one warmHelper started, else a new one.
   * @param {(message: string) => void} onFatal
   * @param {(message: string) => void} [onBroken]
   * @param {{ helper?: boolean }} [options]
   */
  constructor(onFatal, onBroken = (_message) => {}, { helper = false } = {}) {
    const early = helper ? takeSpare() : takeEarlyWorker();
    this.worker = early ?? startWorker(helper ? JSON.stringify({ helper: true }) : '');
    this.nextId = 1;
    /** @type {Map<number, { resolve: (result: any) => void, reject: (error: LabError) => void, onProgress: OnProgress | null }>} */
    this.waiting = new Map();
    this.worker.onmessage = (/** @type {MessageEvent<any>} */ event) => {
      /** @type {{ id?: number, ok?: boolean, result?: unknown, error?: string, broken?: boolean | string, progress?: number, partial?: any }} */
      const { id, ok, result, error, broken, progress, partial } = event.data;
      if (id === undefined) {
        if (broken) onBroken(String(broken));
        return;
      }
      const entry = this.waiting.get(id);
      if (!entry) return;
      if (progress !== undefined) {
        entry.onProgress?.(progress, partial);
        return;
      }
      this.waiting.delete(id);
      if (ok) entry.resolve(result);
      else entry.reject(new LabError(error, Boolean(broken)));
    };
    /** Rejects `failure`. @type {(error: LabError) => void} */
    this.fail = null;
    // Rejected when the worker itself fails, for a wait that is no request of this client's.
    /** @type {Promise<never>} */
    this.failure = new Promise((_, reject) => (this.fail = reject));
    this.failure.catch(() => {});
    this.earlyHello = early?.uhlHello ?? null;
    const failed = (/** @type {string} */ message) => {
      this.failAll(message);
      this.fail(new LabError(message, true));
      onFatal(message);
    };
    this.worker.onerror = (event) => {
      event.preventDefault();
      failed(event.message || S.workerScriptFailed);
    };
    // The early worker failed before anyone listened: said once the first request waits.
    if (early && 'uhlFailed' in early) queueMicrotask(() => failed(early.uhlFailed || S.workerScriptFailed));
    this.worker.onmessageerror = () => this.failAll(S.workerMessageUnreadable);
  }

  /**
   * The worker's registries: the hello a worker early-worker.js started says unasked, else a request.
   * @returns {Promise<Replies['hello']>}
   */
  hello() {
    if (!this.earlyHello) return this.call(MSG.hello);
    const answer = this.earlyHello.then(({ ok, result, error, broken }) => (ok ? result : Promise.reject(new LabError(error, broken))));
    return Promise.race([answer, this.failure]);
  }

  /**
   * Rejects every request waiting for an answer.
   * @param {string} message
   * @param {boolean} [broken]
   */
  failAll(message, broken = true) {
    for (const entry of this.waiting.values()) entry.reject(new LabError(message, broken));
    this.waiting.clear();
  }

  /**
   * Sends `{type, ...args}`; the buffers in `transfer` move to the worker (no copy).
   * `onProgress(share)` hears how far a long job is.
   * @template {RequestType} K
   * @param {K} type
   * @param {Requests[K]} [args]
   * @param {Transferable[]} [transfer]
   * @param {OnProgress | null} [onProgress]
   * @returns {Promise<Replies[K]>}
   */
  call(type, args = /** @type {Requests[K]} */ ({}), transfer = [], onProgress = null) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, onProgress });
      this.worker.postMessage({ id, type, ...args }, transfer);
    });
  }

  /**
   * Runs study `kind` of the core (src/engine/study.rs) with `params` in the worker's sliced loop;
   * `onProgress(share)` hears its progress. Resolves to the worker's answer ({ report, … }).
   * @param {import('./protocol.js').JobKind} kind
   * @param {Record<string, any>} [params]
   * @param {OnProgress | null} [onProgress]
   * @returns {Promise<Replies['job']>}
   */
  runJob(kind, params = {}, onProgress = null) {
    return this.call(MSG.job, { ...params, kind }, [], onProgress);
  }

  terminate() {
    this.worker.terminate();
    this.failAll(S.workerRestarted, false);
  }
}
