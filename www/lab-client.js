// The page's side of the worker: one request in, one promise out.
import { splitCoded } from './coded.js';
import { S, wordError } from './strings.js';
import { startWorker } from './worker-start.js';

/** An error the worker reported; `broken` when the wasm instance stopped (a trap). */
export class LabError extends Error {
  /**
   * `message` may carry a code and arguments (see splitCoded); `message` is then the error worded
   * in the page's language (the worker sends only the code).
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

/** The worker early-worker.js started in the page's head, once; null when there is none. */
function takeEarlyWorker() {
  const worker = self.uhlWorker ?? null;
  self.uhlWorker = null;
  return worker;
}

export class LabClient {
  /**
   * `onFatal(message)` is called when the worker itself fails (it could not load);
   * `onBroken(message)` once when its wasm instance trapped (a panic, or memory exhausted).
   * A `helper` (of a split load, www/split-load.js) always starts a worker of its own.
   */
  constructor(onFatal, onBroken = () => {}, { helper = false } = {}) {
    const early = helper ? null : takeEarlyWorker();
    this.worker = early ?? startWorker(helper ? JSON.stringify({ helper: true }) : '');
    this.nextId = 1;
    this.waiting = new Map();
    this.worker.onmessage = (event) => {
      const { id, ok, result, error, broken, progress } = event.data;
      if (id === undefined) {
        if (broken) onBroken(broken);
        return;
      }
      const entry = this.waiting.get(id);
      if (!entry) return;
      if (progress !== undefined) {
        entry.onProgress?.(progress);
        return;
      }
      this.waiting.delete(id);
      if (ok) entry.resolve(result);
      else entry.reject(new LabError(error, broken));
    };
    // Rejected when the worker itself fails, for a wait that is no request of this client's.
    this.failure = new Promise((_, reject) => (this.fail = reject));
    this.failure.catch(() => {});
    this.earlyHello = early?.uhlHello ?? null;
    const failed = (message) => {
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

  /** The worker's registries: the hello a worker early-worker.js started says unasked, else a request. */
  hello() {
    if (!this.earlyHello) return this.call('hello');
    const answer = this.earlyHello.then(({ ok, result, error, broken }) => (ok ? result : Promise.reject(new LabError(error, broken))));
    return Promise.race([answer, this.failure]);
  }

  failAll(message, broken = true) {
    for (const entry of this.waiting.values()) entry.reject(new LabError(message, broken));
    this.waiting.clear();
  }

  /**
   * Sends `{type, ...args}`; the buffers in `transfer` move to the worker (no copy).
   * `onProgress(share)` hears how far a long job is.
   */
  call(type, args = {}, transfer = [], onProgress = null) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, onProgress });
      this.worker.postMessage({ id, type, ...args }, transfer);
    });
  }

  /**
   * Runs study `kind` of the core (src/study.rs) with `params` in the worker's sliced loop;
   * `onProgress(share)` hears its progress. Resolves to the worker's answer ({ report, … }).
   */
  runJob(kind, params = {}, onProgress = null) {
    return this.call('job', { ...params, kind }, [], onProgress);
  }

  terminate() {
    this.worker.terminate();
    this.failAll(S.workerRestarted, false);
  }
}
