// The page's worker protocol, declared once: the name of every request the page sends its worker
// (www/worker.js), the kinds of long job it runs, and the JSDoc type of every request, reply and
// message the two exchange. The client (www/lab-client.js), the worker and the views import the
// names from here, and `tsc --checkJs` checks each side against these types.
//
// Page → worker:  { id, type, ...args }                 a Request (`type` one of MSG)
// Worker → page:  { id, ok: true, result }              a Reply (Replies[type])
//                 { id, ok: false, error, broken }      a Failure (`error` may carry a code, coded.js)
//                 { id, progress, partial? }            a Progress of a long request (and what it
//                                                       measured so far, where the job tells)
//                 { broken }                            said once, when the wasm instance trapped
// A worker early-worker.js started with an input to preload says its hello unasked, as id
// HELLO_UNASKED.
//
// Numbers from the wasm cross as named records (serde-wasm-bindgen objects); only bulk numeric
// arrays (counts per slot, pixels) cross as typed arrays.

/** The requests the worker answers, by name: `type` of a request. */
export const MSG = Object.freeze({
  hello: 'hello',
  module: 'module',
  memory: 'memory',
  trap: 'trap',
  trieTrace: 'trieTrace',
  trieTime: 'trieTime',
  trieUrls: 'trieUrls',
  trieTimeUrls: 'trieTimeUrls',
  table1Row: 'table1Row',
  p5Fig3: 'p5Fig3',
  p5Misprints: 'p5Misprints',
  quiz: 'quiz',
  bloomTheory: 'bloomTheory',
  bloomMemory: 'bloomMemory',
  bloomDemo: 'bloomDemo',
  p3Replay: 'p3Replay',
  fpAvalanche: 'fpAvalanche',
  fpPaper: 'fpPaper',
  guessColumns: 'guessColumns',
  rebalanceTime: 'rebalanceTime',
  filtersTime: 'filtersTime',
  qualityTime: 'qualityTime',
  begin: 'begin',
  chunk: 'chunk',
  corpus: 'corpus',
  finish: 'finish',
  cancel: 'cancel',
  keepRoom: 'keepRoom',
  appendSlice: 'appendSlice',
  slicePart: 'slicePart',
  slotMap: 'slotMap',
  analyze: 'analyze',
  sliceRead: 'sliceRead',
  fileRead: 'fileRead',
  job: 'job',
});

/** The long jobs (`job` requests' `kind`), each run in slices by the worker (src/engine/study.rs). */
export const JOB = Object.freeze({
  sweep: 'sweep',
  p1: 'p1',
  partition: 'partition',
  trie: 'trie',
  bloom: 'bloom',
  cbf: 'cbf',
  fp: 'fp',
  fpSites: 'fpSites',
  fpCombo: 'fpCombo',
  // Beyond the papers, run in the second WebAssembly module (www/second-module.js).
  rebalance: 'rebalance',
  filters: 'filters',
  canon: 'canon',
  quality: 'quality',
  cache: 'cache',
});

/** The id of the hello a preloading worker says unasked (worker.js, startUp). */
export const HELLO_UNASKED = -3;

/**
 * A value the wasm core serialises (a report, a registry entry): its fields are the core's,
 * documented in src/ and read by the views.
 * @typedef {any} CoreValue
 */

/** @typedef {{ delimiter: string, column: number, header: boolean }} Columns How to read an input as a table. */

/** @typedef {{ en: string, zh: string }} Text A sentence in English and in Chinese. */
/**
 * What the lab does with a claim (src/papers/claims): computed on the input (`live`: the field of
 * `urlhash paper <report> --json` and the page element `view` that shows it), the paper shown
 * wrong with `evidence` (`flagged`), or quoted only, and `why` (`quoted`).
 * @typedef {{ is: 'live', report: string, field: string, view: string, note: Text }
 *   | { is: 'flagged', evidence: Text, view: string }
 *   | { is: 'quoted', why: Text }} ClaimStatus
 */
/**
 * One item of a paper in the claims ledger.
 * @typedef {object} Claim
 * @property {string} id `p1.14`
 * @property {string} section where it stands in the paper
 * @property {'table' | 'figure' | 'formula' | 'number' | 'procedure' | 'conclusion' | 'context'} kind
 * @property {string} words the paper's own words
 * @property {string} printed the printed value, or ''
 * @property {Text} topic what the item is
 * @property {ClaimStatus} status
 */

/**
 * A row of P4's Table 1 as the core timed it (src/adapters/wasm/table1.rs's `Row`).
 * @typedef {object} Table1Row
 * @property {string} method one of 'database-scan', 'database-index', 'linked-list', 'generalized-list'
 * @property {number} stored
 * @property {number} lookups
 * @property {number} found
 * @property {number} passes
 * @property {number} measured_ms
 * @property {number | null} vs_list measured_ms over the generalized list's, once it is timed
 * @property {number} insert_ms
 * @property {number | null} printed_ms P4's printed time, where it printed one
 */

/**
 * How SQLite ran a database row (www/sqlite-stores.js).
 * @typedef {object} Table1Db
 * @property {string} vfs
 * @property {string} vfsNote
 * @property {string} version
 * @property {number} rows
 * @property {string} plan
 * @property {number} bytes
 */

/**
 * A row of P5's Fig. 3 (src/adapters/wasm/p5.rs's `Fig3Numbers`), with, on disk, what SQLite did.
 * @typedef {object} P5Fig3Row
 * @property {number} n
 * @property {number} distinct
 * @property {number} duplicates
 * @property {number} store_seconds
 * @property {number} imp_cb_seconds
 * @property {number} ratio
 * @property {number} store_us_per_url
 * @property {number} imp_cb_us_per_url
 * @property {number} store_found
 * @property {number} imp_cb_lookups
 * @property {number} lookups_avoided
 * @property {number} by_counters
 * @property {number} found
 * @property {number} not_found
 * @property {number} answered_by_counters
 * @property {number} store_bytes_per_url
 * @property {number} imp_cb_bytes_per_url
 * @property {'memory' | 'disk'} medium
 * @property {number} [store_page_reads] on disk: SQLite's page reads of the store alone
 * @property {number} [imp_cb_page_reads] on disk: SQLite's page reads of IMP-CB's store
 * @property {number} [store_file_bytes] on disk: the store alone's file
 * @property {number} [imp_cb_file_bytes] on disk: IMP-CB's file
 * @property {{ vfs: string, vfsNote: string, version: string, totals: object[] }} [db]
 */

/**
 * P3's spider threads replayed (src/mechanisms/fingerprint/replay.rs's `Replay`): indices are 0-based.
 * @typedef {object} Replay
 * @property {boolean} partial P3's partial locks (one per thread), or one global lock
 * @property {number[]} owners the thread each URL was dealt to
 * @property {{ lanes: { action: 'wait' | 'check' | 'write' | 'duplicate' | 'done', url: number | null }[], holders: (number | null)[], store: number }[]} steps
 * @property {number} waits
 * @property {number} distinct
 * @property {number} duplicates
 */

/**
 * A trie structure timed again: the build's time is null when only the lookups were timed
 * (P4's 16 000 URLs).
 * @typedef {{ insert_us_per_url: number | null, lookup_us_per_url: number, repeats: number }} TrieTime
 */

/**
 * Every request's arguments, by name (the fields of the message beside `id` and `type`).
 * @typedef {object} Requests
 * @property {{}} hello
 * @property {{}} module
 * @property {{}} memory
 * @property {{}} trap
 * @property {{ inserts: string, lookups: string, fixed: boolean }} trieTrace
 * @property {{ structure: string, count: number, lookupsOnly: boolean }} trieTime
 * @property {{ maxLines: number }} trieUrls
 * @property {{ module: WebAssembly.Module | null, urls: Uint8Array | null, corpus: { seed: number, count: number, maxLines: number } | null }} trieTimeUrls
 * @property {{ method: string, limit: number, perPass: number }} table1Row
 * @property {{ disk: boolean, index: number, dupShare: number, seed: number }} p5Fig3
 * @property {{ dupShare: number, seed: number }} p5Misprints
 * @property {{ lesson: string, seed: number, index: number }} quiz
 * @property {{ k: number, n: number, maxRatio: number }} bloomTheory
 * @property {{ ratios: number[] }} bloomMemory
 * @property {{ count: number, m: number, k: number, method: string, query: string }} bloomDemo
 * @property {{ partial: boolean, count: number }} p3Replay
 * @property {{ a: string, b: string }} fpAvalanche
 * @property {{ bits: number[], maxN: number, points: number }} fpPaper
 * @property {{ bytes: Uint8Array, name?: string }} guessColumns
 * @property {{ to: number, vnodes: number }} rebalanceTime
 * @property {{ params: { bitsPerKey: number[], fpr: number[], methods?: string[] }, index: number }} filtersTime
 * @property {{ hash: string }} qualityTime
 * @property {{ fns: string[], key: string, columns: Columns | null }} begin
 * @property {{ bytes: Uint8Array }} chunk
 * @property {{ start: number, count: number, seed: number }} corpus
 * @property {{}} finish
 * @property {{}} cancel
 * @property {{}} keepRoom
 * @property {{ bytes: Uint8Array }} appendSlice
 * @property {{ room: number }} slicePart
 * @property {{ fns: string[], key: string, m: number, layout: string }} slotMap
 * @property {{ fns: string[], key: string, m: number, perSlot: boolean }} analyze
 * @property {{ module: WebAssembly.Module | null, file: Blob, start: number, end: number, fns: string[], key: string, columns: Columns | null }} sliceRead
 * @property {{ file: Blob, start: number, end: number }} fileRead
 * @property {JobRequest} job
 */

/**
 * A long job: its `kind` and the study's parameters (src/engine/study.rs), which the core checks.
 * @typedef {{ kind: JobKind } & Record<string, any>} JobRequest
 */

/** @typedef {typeof JOB[keyof typeof JOB]} JobKind */

/**
 * Every reply's result, by the request's name.
 * @typedef {object} Replies
 * @property {{ functions: CoreValue[], structures: CoreValue[], methods: CoreValue[] }} hello
 * @property {{ module: WebAssembly.Module }} module
 * @property {{ bytes: number }} memory
 * @property {{}} trap
 * @property {{ trace: CoreValue }} trieTrace
 * @property {{ time: TrieTime }} trieTime
 * @property {{ urls: Uint8Array, module: WebAssembly.Module }} trieUrls
 * @property {{ distinct: number, p4: number }} trieTimeUrls
 * @property {{ rows: Table1Row[], db: Table1Db | null }} table1Row
 * @property {{ row: P5Fig3Row }} p5Fig3
 * @property {{ misprints: CoreValue }} p5Misprints
 * @property {{ question: CoreValue }} quiz
 * @property {{ theory: CoreValue }} bloomTheory
 * @property {{ memory: CoreValue }} bloomMemory
 * @property {{ demo: CoreValue }} bloomDemo
 * @property {{ replay: Replay, urls: string[] }} p3Replay
 * @property {{ avalanche: CoreValue }} fpAvalanche
 * @property {{ paper: CoreValue, curves: CoreValue }} fpPaper
 * @property {{ guess: CoreValue }} guessColumns
 * @property {{ times: { id: string, ns_per_lookup: number }[] }} rebalanceTime
 * @property {{ time: { filter: string, build_ns_per_key: number | null, lookup_ns_per_key: number | null } }} filtersTime
 * @property {{ time: { hash: string, ns_per_key: number } }} qualityTime
 * @property {{}} begin
 * @property {{}} chunk
 * @property {{ n: number }} corpus
 * @property {{ report: CoreValue, empty?: boolean, bytes: number }} finish
 * @property {{}} cancel
 * @property {{ room: number }} keepRoom
 * @property {{ room: number }} appendSlice
 * @property {{ bytes: Uint8Array }} slicePart
 * @property {{ maps: ({ fn: string } & Record<string, any>)[] }} slotMap
 * @property {{ missing: string[] } | { missing?: undefined, rows: ({ fn: string, histogram?: Uint32Array } & Record<string, any>)[], report: CoreValue, ms: number }} analyze
 * @property {{ n: number }} sliceRead
 * @property {{}} fileRead
 * @property {{ report: CoreValue }} job
 */

/** @typedef {keyof Requests} RequestType */

/**
 * A request as the page posts it.
 * @template {RequestType} [K=RequestType]
 * @typedef {{ id: number, type: K } & Requests[K]} Request
 */

/**
 * A reply as the worker posts it: the result, or the failure (`broken` once the instance trapped).
 * @template {RequestType} [K=RequestType]
 * @typedef {{ id: number, ok: true, result: Replies[K] } | { id: number, ok: false, error: string, broken: boolean }} Reply
 */

/**
 * @typedef {{ id: number, progress: number, partial?: TrieGrowth | BloomRows | NodesSoFar }}
 *   Progress How far a long request is, from 0 to 1, and what it measured so far where the job
 *   tells: the trie job sends its growth each time it passes a checkpoint, the Bloom job its
 *   rows each time it has more, the partition its nodes' counts a few times a second.
 */
/**
 * @typedef {{ lines: number, nodes: number, policies: { policy: string, node_urls: number[], node_links: number[] }[] }} NodesSoFar
 *   The partition's URLs and links per crawl node so far, per policy.
 */
/**
 * @typedef {{ input: any | null, k: number, rows: any[] }} BloomRows
 *   The Bloom study's rows measured so far, in the order asked, and its split once made.
 */
/**
 * @typedef {{ lines: number, structures: string[], checkpoints: any[], claims: any }} TrieGrowth
 *   The trie study's growth so far (the wasm's jobPartial): the chart's input before the report.
 */

/** @typedef {{ broken: string }} Broken The worker's wasm instance trapped: said once, with no id. */

/** @typedef {Reply | Progress | Broken} WorkerMessage Anything the worker posts to the page. */
