// The types of the page's WebAssembly core as wasm-bindgen binds it (dist/pkg/urlhashlab.js,
// built by `./lab build` with --no-typescript): the `Lab` of src/wasm.rs and src/wasm/*.rs.
// tsconfig.json's rootDirs lay types/ over the tree, so www/worker.js's '../pkg/urlhashlab.js'
// finds this file. Values the core serialises are typed by www/protocol.js where they cross.

type Table1Row = import('../../www/protocol.js').Table1Row;
type P5Fig3Row = import('../../www/protocol.js').P5Fig3Row;
type Replay = import('../../www/protocol.js').Replay;

/** A value the core serialises (serde-wasm-bindgen). */
type CoreValue = any;

export class Lab {
  constructor(budgetBytes: number);
  free(): void;
  static trapForTests(): void;
  static functions(): CoreValue[];
  static structures(): CoreValue[];
  static p4TimeUrls(): number;
  static indexMethods(): CoreValue[];
  static setSuffixRules(text: string): number;
  static hasSuffixRules(): boolean;
  static guessColumns(sample: Uint8Array, name: string): CoreValue;
  static trieTrace(inserts: string, lookups: string, fixed: boolean): CoreValue;
  static bloomTheory(k: number, n: number, maxRatio: number): CoreValue;
  static fpAvalanche(a: string, b: string): CoreValue;
  static fpPaper(): CoreValue;
  static fpBirthday(bits: Uint32Array, maxN: number, points: number): CoreValue;
  begin(functions: string, key: string): void;
  /** The kept lines from line `start` on, a block for the second module's `Beyond.receive`. */
  handover(start: number, maxBytes: number): Uint8Array;
  setColumns(delimiter: string, column: number, header: boolean): void;
  pushChunk(chunk: Uint8Array): void;
  expectBytes(bytes: number): void;
  beginSlice(): void;
  finishSlice(room: number): Uint8Array<ArrayBuffer>;
  keepRoom(): number;
  appendSlice(bytes: Uint8Array): void;
  pushCorpus(start: number, count: number, seed: number): void;
  finish(): CoreValue;
  report(): CoreValue;
  len(): number;
  isEmpty(): boolean;
  lines(start: number, count: number): string[];
  p3Replay(partial: boolean): Replay;
  histogram(fnId: string, key: string, m: number): Uint32Array<ArrayBuffer>;
  view(fnId: string, key: string, m: number, withBuckets: boolean): CoreValue;
  slotMap(fnId: string, key: string, m: number, layout: string): CoreValue;
  hasCache(fnId: string, key: string): boolean;
  cacheBegin(fnId: string, key: string): void;
  cacheRun(maxLines: number): number;
  cacheFinish(): void;
  jobBegin(kind: string, params: unknown): number;
  jobRun(id: number, budget: number): number;
  jobPartialMark(id: number): number;
  jobPartial(id: number): CoreValue;
  jobFinish(id: number): CoreValue;
  jobDrop(id: number): void;
  trieTime(structure: string, count: number, lookupsOnly: boolean): CoreValue;
  trieUrls(maxLines: number): Uint8Array;
  setTrieUrls(bytes: Uint8Array): number;
  bloomMemory(ratios: Float64Array): CoreValue;
  bloomDemo(count: number, m: number, k: number, method: string, query: string): CoreValue;
  p5Fig3(medium: number, index: number, dupShare: number, seed: number): Omit<P5Fig3Row, 'db'>;
  p5Misprints(dupShare: number, seed: number): CoreValue;
  quiz(lesson: string, seed: number, index: number): CoreValue;
  table1Time(method: number, limit: number, perPass: number): Table1Row[];
}

/** Instantiates the core; resolves to the instance's exports. */
export default function init(options: { module_or_path: WebAssembly.Module | Promise<WebAssembly.Module> | null }): Promise<{ memory: WebAssembly.Memory } & Record<string, any>>;
