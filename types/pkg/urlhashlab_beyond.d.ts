// The types of the page's second WebAssembly module as wasm-bindgen binds it
// (dist/pkg/urlhashlab_beyond.js, built by `./lab build` with --features beyond): the `Beyond`
// of src/adapters/beyond.rs, which the views beyond the papers load when they open (www/beyond.js).

/** A value the core serialises (serde-wasm-bindgen). */
type CoreValue = any;

export class Beyond {
  constructor();
  free(): void;
  static setSuffixRules(text: string): number;
  static hasSuffixRules(): boolean;
  /** Takes a block of `Lab.handover`: the line the next block starts at, or −1 once all are in. */
  receive(block: Uint8Array): number;
  len(): number;
  isEmpty(): boolean;
  jobBegin(kind: string, params: CoreValue): number;
  jobRun(id: number, budget: number): number;
  jobPartialMark(id: number): number;
  jobPartial(id: number): CoreValue;
  jobFinish(id: number): CoreValue;
  jobDrop(id: number): void;
  rebalanceTime(to: number, vnodes: number): CoreValue[];
  filtersTime(params: CoreValue, index: number): CoreValue;
  qualityTime(hash: string): CoreValue;
  quiz(lesson: string, seed: number, index: number): CoreValue;
}

/** Instantiates the module; resolves to the instance's exports. */
export default function init(options: { module_or_path: WebAssembly.Module | Promise<WebAssembly.Module> | null }): Promise<{ memory: WebAssembly.Memory } & Record<string, any>>;
