// The one-file build's side of www/sqlite-table1.js: no SQLite. Its WebAssembly and its script
// would add about 1.2 MB to the one file (more than half again) and to the worker its page starts
// first, and OPFS is not offered to pages opened from disk; the served lab (`./lab serve`) times
// Table 1's database rows. The lists are timed here as everywhere.
import { coded } from '../coded.js';

export async function openStore() {
  throw new Error(coded('table1-served-only'));
}
