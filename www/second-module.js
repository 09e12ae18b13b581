// The page's second WebAssembly module (src/adapters/beyond.rs, `./lab build`'s
// urlhashlab_beyond): the views beyond the papers (crawl nodes joining and leaving) run in it, so
// the first module, which every page compiles before its first chart, stays under its budget
// (docs/decisions/0005-wasm-size-budget.md). The worker imports this module the first time such
// a view asks (www/worker.js), so a page that never opens one neither downloads nor compiles it.
import init, { Beyond } from '../pkg/urlhashlab_beyond.js';
import { beyondWasm } from './beyond-source.js';

/** The module, compiled and instantiated: its `Beyond` class. */
export async function beyondClass() {
  await init({ module_or_path: await beyondWasm() });
  return Beyond;
}
