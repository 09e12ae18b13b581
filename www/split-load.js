// A large file loaded by several workers at once: the file is cut just after newlines into one
// part per worker; the page's own worker reads the first part as usual while helper workers
// (one WebAssembly instance each, started like the page's) read and hash the others from the
// file themselves. Each helper then sends its part as bytes (the core's Session::slice_bytes),
// and the page's worker appends them in input order (Session::append_slice), which gives the
// input one worker would have loaded: the same counts, raw values and kept lines (the core's
// tests check it). No memory is shared, so no SharedArrayBuffer and no special headers: it works
// from any static host and from the one-file lab. Stopping a helper ends its worker, which
// gives its memory back.
import { LabClient } from './lab-client.js';
import { MSG } from './protocol.js';

/**
 * Files below this load in one worker. Measured in Chromium on 2 cores (2026-11-26): a
 * 300 MB file loaded in 1.27 s by one worker and 1.32 s by two, since a part sends its kept
 * lines (up to the 256 MiB the page keeps) besides its raw values; 1.09 GB, past what is kept,
 * in 3.97 s by one and 3.44 s by two (benches/browser/workers.mjs).
 */
export const SPLIT_MIN_BYTES = 384 * 1024 * 1024;
/** The fewest bytes of file per worker of a split load. */
export const PART_MIN_BYTES = 128 * 1024 * 1024;
/** The most workers one load uses. */
export const MAX_WORKERS = 8;
/** Bytes read at a time past a cut, looking for the newline that ends its line. */
const NEWLINE_WINDOW = 64 * 1024;
/** Windows read past a cut before it is given up (a line that long is skipped anyway). */
const NEWLINE_WINDOWS = 16;

/**
 * The number of workers the address asks for (`workers=N` in the query or the fragment), for
 * measuring and testing: 1 loads every file in one worker; null when it does not ask. Read as
 * the page opens, before it writes its own state into the address.
 */
const ASKED = (() => {
  const hash = location.hash.replace(/^#/, '');
  const n = Number(new URLSearchParams(hash).get('workers') ?? new URLSearchParams(location.search).get('workers'));
  return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_WORKERS) : null;
})();

/**
 * How many workers load a file of `size` bytes: `asked` when given; else 1 below
 * SPLIT_MIN_BYTES, and above it one per core, at most MAX_WORKERS and one per PART_MIN_BYTES.
 */
export function workersFor(size, asked = ASKED) {
  if (asked) return asked;
  if (size < SPLIT_MIN_BYTES) return 1;
  const cores = Math.max(1, navigator.hardwareConcurrency || 1);
  return Math.max(1, Math.min(cores, MAX_WORKERS, Math.floor(size / PART_MIN_BYTES)));
}

/**
 * Where `file` is cut into (at most) `parts` parts of about equal size, each cut just after a
 * newline: [0, cut, ..., file.size]. A cut with no newline in the bytes after it is left out.
 */
export async function cutPoints(file, parts) {
  const cuts = [0];
  for (let i = 1; i < parts; i += 1) {
    const target = Math.max(Math.floor((file.size * i) / parts), cuts[cuts.length - 1] + 1);
    // The newline ending the line that holds byte `target - 1`.
    let cut = null;
    for (let w = 0; w < NEWLINE_WINDOWS && cut === null; w += 1) {
      const from = target - 1 + w * NEWLINE_WINDOW;
      if (from >= file.size) break;
      const bytes = new Uint8Array(await file.slice(from, from + NEWLINE_WINDOW).arrayBuffer());
      const at = bytes.indexOf(10);
      if (at >= 0) cut = from + at + 1;
    }
    if (cut !== null && cut < file.size) cuts.push(cut);
  }
  cuts.push(file.size);
  return cuts;
}

/** The parts after the first of a split load, each read by a helper worker. */
export class SplitLoad {
  /**
   * Starts a helper for each part of `file` after the first (`cuts` from cutPoints), hashing
   * `fns` over `key`, read as the table `columns` says (null: a plain list), with the compiled
   * core `module` (the page's worker's; null: each helper compiles its own); `onProgress()` is
   * called as they read (see `bytesRead`).
   */
  constructor(file, cuts, { module, fns, key, columns }, onProgress = () => {}) {
    this.cuts = cuts;
    this.shares = cuts.slice(2).map(() => 0);
    this.helpers = this.shares.map(() => new LabClient(() => {}, () => {}, { helper: true }));
    this.read = this.helpers.map((helper, i) => {
      const args = { module, file, start: cuts[i + 1], end: cuts[i + 2], fns, key, columns };
      const onShare = (share) => {
        this.shares[i] = share;
        onProgress();
      };
      return helper.call(MSG.sliceRead, args, [], onShare);
    });
    // Each is awaited in turn by appendTo; a failure meanwhile is its to report.
    for (const r of this.read) r.catch(() => {});
  }

  /** Bytes of the helpers' parts read so far. */
  bytesRead() {
    return this.shares.reduce((sum, share, i) => sum + share * (this.cuts[i + 2] - this.cuts[i + 1]), 0);
  }

  /**
   * Appends every helper's part, in input order, to the pending input of `lab` (the page's
   * LabClient, once it has read the first part); each helper stops once its part is sent.
   * Ends early, appending no more, when `token.cancelled`.
   */
  async appendTo(lab, token) {
    let { room } = await lab.call(MSG.keepRoom);
    for (const [i, helper] of this.helpers.entries()) {
      await this.read[i];
      if (token.cancelled) return;
      const { bytes } = await helper.call(MSG.slicePart, { room });
      helper.terminate();
      ({ room } = await lab.call(MSG.appendSlice, { bytes }, [bytes.buffer]));
    }
  }

  /** Stops every helper (its memory goes with its worker). */
  stop() {
    for (const helper of this.helpers) helper.terminate();
  }
}
