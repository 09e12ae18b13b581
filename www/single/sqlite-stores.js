// The one-file build's side of www/sqlite-stores.js: no SQLite. Its WebAssembly and its script
// would add about 1.2 MB to the one file (more than half again) and to the worker its page starts
// first, and OPFS is not offered to pages opened from disk; the served lab (`./lab serve`) times
// Table 1's database rows and P5's store on disk. The lists, and Fig. 3 in memory, are timed
// here as everywhere.
import { coded } from '../coded.js';

export async function openStore() {
  throw new Error(coded('table1-served-only'));
}

export async function openFingerprints() {
  throw new Error(coded('table1-served-only'));
}
