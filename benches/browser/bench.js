// The benchmark page's script: a Web Worker that owns the wasm (bench-worker.js), plus the
// main-thread side of the paste test and its responsiveness monitor. Everything is driven by
// benches/browser/run.mjs through `window.bench`; nothing here asserts a timing.
import { loadInput } from './lab-run.js';

const worker = new Worker(new URL('./bench-worker.js', import.meta.url), { type: 'module' });
let nextId = 1;
const waiting = new Map();
worker.onmessage = (event) => {
  const { id, ok, result, error } = event.data;
  const w = waiting.get(id);
  waiting.delete(id);
  if (ok) w.resolve(result);
  else w.reject(new Error(error));
};
worker.onerror = (e) => {
  for (const w of waiting.values()) w.reject(new Error(`worker error: ${e.message}`));
  waiting.clear();
};

/** One request to the worker. */
function call(op, args = {}, transfer = []) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, op, args }, transfer);
  });
}

const $ = (id) => document.getElementById(id);
const log = (s) => {
  $('log').textContent += `${s}\n`;
};

/** Records requestAnimationFrame times, a 5 ms setInterval heartbeat and long tasks. */
function startMonitor() {
  const frames = [];
  const beats = [];
  const longTasks = [];
  let on = true;
  const raf = () => {
    frames.push(performance.now());
    if (on) requestAnimationFrame(raf);
  };
  requestAnimationFrame(raf);
  const timer = setInterval(() => beats.push(performance.now()), 5);
  let observer = null;
  try {
    observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longTasks.push({ start: e.startTime, duration: e.duration });
    });
    observer.observe({ type: 'longtask' });
  } catch {
    observer = null;
  }
  return {
    stop() {
      on = false;
      clearInterval(timer);
      if (observer) {
        for (const e of observer.takeRecords()) longTasks.push({ start: e.startTime, duration: e.duration });
        observer.disconnect();
      }
      return { frames, beats, longTasks };
    },
  };
}

/** The longest interval without a timestamp of `ts` inside [from, to]. */
function maxGap(ts, from, to) {
  let last = from;
  let gap = 0;
  for (const t of ts) {
    if (t < from) continue;
    if (t > to) break;
    gap = Math.max(gap, t - last);
    last = t;
  }
  return Math.max(gap, to - last);
}

const frame = () => new Promise((r) => requestAnimationFrame(() => r()));

let paste = null;

window.bench = {
  ready: call('memory'),
  call,

  /** Throughput of every function in the worker, over the URL list at `url`. */
  async throughput({ url, ...args }) {
    const data = new Uint8Array(await (await fetch(url)).arrayBuffer());
    return call('throughput', { data, ...args }, [data.buffer]);
  },

  /** Streams the file chosen in #file through the worker (see lab-run.js loadInput). */
  async loadFile(args) {
    const file = $('file').files[0];
    if (!file) throw new Error('no file chosen');
    const result = await call('load', { source: file, ...args });
    return { file: { name: file.name, size: file.size }, ...result };
  },

  /** Chromium's own measurement of this page's memory, workers included (null if absent). */
  async measureMemory(timeoutMs = 30000) {
    if (!self.crossOriginIsolated || !performance.measureUserAgentSpecificMemory) {
      return { available: false, crossOriginIsolated: self.crossOriginIsolated };
    }
    const timeout = new Promise((r) => setTimeout(() => r(null), timeoutMs));
    const m = await Promise.race([performance.measureUserAgentSpecificMemory(), timeout]);
    if (!m) return { available: true, timed_out: true };
    const byType = {};
    for (const b of m.breakdown) {
      const scope = b.attribution.map((a) => a.scope).join('+') || 'unattributed';
      const types = b.types.join('+') || 'other';
      const k = `${scope}:${types}`;
      byType[k] = (byType[k] ?? 0) + b.bytes;
    }
    return { available: true, bytes: m.bytes, breakdown: byType };
  },

  /**
   * Arms the paste test. With `intercept: false` the paste lands in #paste as usual; once the
   * textarea has settled (its `input` event, two frames and 500 ms later) the text is read back
   * (`.value`), encoded and hashed with `fns`, as the page's "hash the pasted text" button does.
   * With `intercept: true` a `paste` listener takes the text from the clipboard event and
   * cancels the insertion, so the textarea never holds it. Hashing runs in the worker (`mode:
   * 'worker'`, as the page does) or on the main thread (`mode: 'main'`, for comparison). The
   * main thread's responsiveness is recorded throughout; `bench.pasteResult()` resolves when
   * done.
   */
  armPaste({ mode, fns, m, budget, intercept = false, encodeInWorker = false, sliceChars = 0 }) {
    const area = $('paste');
    area.value = '';
    area.focus();
    const monitor = startMonitor();
    const armed = performance.now();
    let resolve;
    let reject;
    paste = new Promise((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const hash = async (text, marks) => {
      marks.read = performance.now();
      const bytes = encodeInWorker || mode === 'none' || sliceChars ? null : new TextEncoder().encode(text);
      marks.encoded = performance.now();
      let result = null;
      if (mode === 'none') {
        // Nothing hashed: the textarea holding the paste, for comparison.
        await new Promise((r) => setTimeout(r, 500));
      } else if (mode === 'worker' && sliceChars) {
        // Encoded a slice at a time, one task each, every slice posted as soon as it is ready:
        // no main-thread task longer than one slice's encoding.
        await call('begin', { fns, budget });
        const encoder = new TextEncoder();
        const sent = [];
        for (let at = 0; at < text.length; ) {
          let end = Math.min(text.length, at + sliceChars);
          const c = text.charCodeAt(end - 1);
          if (end < text.length && c >= 0xd800 && c <= 0xdbff) end -= 1; // keep a surrogate pair whole
          const piece = encoder.encode(text.slice(at, end));
          sent.push(call('chunk', { bytes: piece }, [piece.buffer]));
          at = end;
          await new Promise((r) => setTimeout(r, 0));
        }
        await Promise.all(sent);
        result = await call('end', { m });
      } else if (mode === 'worker' && encodeInWorker) {
        // The string itself is cloned to the worker, which encodes it.
        result = await call('load', { source: text, fns, m, budget });
        marks.posted = marks.encoded;
      } else if (mode === 'worker') {
        result = await call('load', { source: bytes, fns, m, budget }, [bytes.buffer]);
      } else {
        const r = await loadInput({ source: bytes, fns, m, budget });
        r.lab.free();
        result = r.result;
      }
      marks.finished = performance.now();
      await frame();
      await frame();
      marks.after = performance.now();
      const rec = monitor.stop();
      const window_ = (from, to) => {
        const tasks = rec.longTasks.filter((t) => t.start + t.duration >= from && t.start <= to);
        return {
          ms: to - from,
          frame_gap_ms: maxGap(rec.frames, from, to),
          heartbeat_gap_ms: maxGap(rec.beats, from, to),
          long_tasks: tasks.length,
          longest_task_ms: Math.max(0, ...tasks.map((t) => t.duration)),
        };
      };
      resolve({
        mode,
        intercept,
        encode_in_worker: encodeInWorker,
        slice_chars: sliceChars,
        text_chars: text.length,
        marks: Object.fromEntries(Object.entries(marks).map(([k, v]) => [k, v - armed])),
        read_ms: marks.read - marks.go,
        encode_ms: marks.encoded - marks.read,
        go_to_hashed_ms: marks.finished - marks.go,
        paste_to_hashed_ms: marks.finished - armed,
        // The browser taking the paste into the textarea (none when intercepted).
        paste_window: intercept ? null : window_(armed, marks.go),
        // From reading the text to hashed and binned (plus two frames).
        hash_window: window_(marks.go, marks.after),
        frames: rec.frames.length,
        result,
      });
    };
    if (intercept) {
      const onPaste = (e) => {
        area.removeEventListener('paste', onPaste);
        e.preventDefault();
        const marks = { go: performance.now() };
        const text = e.clipboardData.getData('text/plain');
        hash(text, marks).catch((err) => {
          monitor.stop();
          reject(err);
        });
      };
      area.addEventListener('paste', onPaste);
    } else {
      const onInput = async () => {
        area.removeEventListener('input', onInput);
        try {
          const marks = { input: performance.now() };
          await frame();
          await frame();
          await new Promise((r) => setTimeout(r, 500));
          marks.go = performance.now();
          await hash(area.value, marks);
        } catch (err) {
          monitor.stop();
          reject(err);
        }
      };
      area.addEventListener('input', onInput);
    }
    return true;
  },

  /** Sets #paste's value and fires `input`, as a paste does (fallback for insertText). */
  setPaste(text) {
    const area = $('paste');
    area.value = text;
    area.dispatchEvent(new Event('input', { bubbles: true }));
    return true;
  },

  /** The longest main-thread gaps while idle for `ms` (the monitor's noise floor). */
  async idleGaps(ms = 1000) {
    const monitor = startMonitor();
    const from = performance.now();
    await new Promise((r) => setTimeout(r, ms));
    const to = performance.now();
    const rec = monitor.stop();
    return { frame_gap_ms: maxGap(rec.frames, from, to), heartbeat_gap_ms: maxGap(rec.beats, from, to), long_tasks: rec.longTasks.length };
  },

  pasteResult() {
    return paste;
  },

  log,
};
