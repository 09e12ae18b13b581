// The papers' databases in this browser (loaded by the worker only when the reader times one,
// so the page's start does not wait for it): SQLite's official WebAssembly build
// (@sqlite.org/sqlite-wasm, the version pinned in package-lock.json; the build copies its
// sqlite3.wasm to vendor/).
//
// * `openStore`: P4's Table 1, the schema and the queries of src/adapters/native/sqlite.rs, so the page
//   and `urlhash paper p4` run the same database experiment. The core times it: the worker hands
//   the store to the wasm's `table1Time`, whose loop calls `insert` and `contains`.
// * `openFingerprints`: P5's fingerprint store on disk for Fig. 3, the table and statements of
//   src/adapters/native/p5_disk.rs (`urlhash paper p5 --disk`); the wasm's `p5Fig3` calls it.
//
// The database is a file on OPFS (the origin-private file system) through SQLite's
// `opfs-sahpool` VFS, which needs no COOP/COEP headers, when the browser offers it; else in
// memory. Each store says which (`vfs`), and its file is deleted when it is closed, as the CLI
// deletes its temporary directory.
import sqlite3InitModule from '@sqlite.org/sqlite-wasm';
import { coded } from './coded.js';

/** src/adapters/native/sqlite.rs, word for word. */
export const SQL = {
  scan: 'CREATE TABLE urls (url BLOB NOT NULL)',
  index: 'CREATE TABLE urls (url BLOB PRIMARY KEY NOT NULL) WITHOUT ROWID',
  insert: 'INSERT INTO urls (url) VALUES (?1)',
  lookup: 'SELECT count(*) FROM urls WHERE url = ?1',
  plan: 'EXPLAIN QUERY PLAN SELECT count(*) FROM urls WHERE url = ?1',
  count: 'SELECT count(*) FROM urls',
};

/** The OPFS pool's name and directory (the name it had when it held Table 1 only). */
const POOL = 'uhl-table1';

let loading = null;

async function load() {
  // SQLite's own OPFS VFS ("opfs") needs SharedArrayBuffer, hence COOP/COEP headers that a
  // static host does not send: it is not tried (it would only warn). opfs-sahpool needs neither.
  globalThis.sqlite3ApiConfig = { disable: { vfs: { opfs: true } } };
  const url = new URL('../vendor/sqlite3.wasm', import.meta.url);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  // The bytes, not the response: a host that serves .wasm with another type still works.
  const wasmBinary = new Uint8Array(await response.arrayBuffer());
  // The package's types leave out the Emscripten module options its init function takes.
  const init = /** @type {(options: object) => ReturnType<typeof sqlite3InitModule>} */ (sqlite3InitModule);
  const sqlite3 = await init({ wasmBinary, locateFile: (file) => new URL(`../vendor/${file}`, import.meta.url).href });
  let pool = null;
  let poolError = '';
  try {
    pool = await sqlite3.installOpfsSAHPoolVfs({ name: POOL, directory: `.${POOL}`, clearOnInit: true, initialCapacity: 6 });
  } catch (e) {
    // No OPFS (a private window, an old browser), or another tab of the lab holds the pool.
    poolError = e?.message ?? String(e);
  }
  return { sqlite3, pool, poolError };
}

/** SQLite, loaded once; a failure is said as the error `table1-sqlite` and tried again next time. */
async function sqlite() {
  loading ??= load();
  try {
    return await loading;
  } catch (e) {
    loading = null;
    throw new Error(coded('table1-sqlite', [e?.message ?? String(e)]), { cause: e });
  }
}

/**
 * A new, empty table of URLs (`indexed`: `url` the primary key) for the core's Table 1 loop:
 * `{call(url, insert), plan(), bytes(), rows(), close(), failure, vfs, vfsNote, version}`. As
 * in src/adapters/native/sqlite.rs, inserts wait until the first lookup and go in one transaction.
 */
export async function openStore(indexed) {
  const { sqlite3, pool, poolError } = await sqlite();
  const name = `/table1-${indexed ? 'index' : 'scan'}.sqlite`;
  let db;
  try {
    if (pool) {
      pool.unlink(name);
      db = new pool.OpfsSAHPoolDb(name);
    } else {
      db = new sqlite3.oo1.DB(':memory:', 'c');
    }
    db.exec(indexed ? SQL.index : SQL.scan);
  } catch (e) {
    db?.close();
    throw new Error(coded('table1-sqlite', [e?.message ?? String(e)]), { cause: e });
  }
  const lookup = db.prepare(SQL.lookup);
  let pending = [];
  const flush = () => {
    if (!pending.length) return;
    db.transaction((tx) => {
      const insert = tx.prepare(SQL.insert);
      try {
        for (const url of pending) insert.bind(1, url).stepReset();
      } finally {
        insert.finalize();
      }
    });
    pending = [];
  };
  const store = {
    vfs: pool ? 'opfs-sahpool' : 'memory',
    vfsNote: poolError,
    version: sqlite3.version.libVersion,
    /** Why the last call failed (the wasm is told only that it did). */
    failure: '',
    /**
     * The core's loop calls this (src/adapters/wasm/table1.rs): stores `url` when `insert`, else answers
     * whether it is stored.
     */
    call(url, insert) {
      try {
        // `url` is a view of the wasm's memory, valid during this call only.
        if (insert) {
          pending.push(url.slice());
          return true;
        }
        flush();
        lookup.bind(1, url).step();
        const n = lookup.get(0);
        lookup.reset();
        return n > 0;
      } catch (e) {
        store.failure = e?.message ?? String(e);
        throw e;
      }
    },
    /** SQLite's plan for a lookup, as the CLI words it (the details joined by "; "). */
    plan() {
      const rows = db.exec({ sql: SQL.plan, bind: [new Uint8Array(0)], rowMode: 'array', returnValue: 'resultRows' });
      return rows.map((r) => r[3]).join('; ');
    },
    /** The database's bytes: page_count × page_size (one file on OPFS, or memory). */
    bytes() {
      flush();
      return db.selectValue('PRAGMA page_count') * db.selectValue('PRAGMA page_size');
    },
    /** The rows in the table, a direct SQL count. */
    rows() {
      flush();
      return db.selectValue(SQL.count);
    },
    close() {
      lookup.finalize();
      db.close();
      if (pool) pool.unlink(name);
    },
  };
  return store;
}

/** src/adapters/native/p5_disk.rs, word for word. */
export const P5_SQL = {
  create: 'CREATE TABLE fingerprints (fp BLOB PRIMARY KEY NOT NULL, count INTEGER NOT NULL, indices BLOB) WITHOUT ROWID',
  count: 'UPDATE fingerprints SET count = count + 1 WHERE fp = ?1',
  insert: 'INSERT INTO fingerprints (fp, count, indices) VALUES (?1, 1, ?2)',
  get: 'SELECT count FROM fingerprints WHERE fp = ?1',
  totals: 'SELECT count(*), coalesce(sum(count), 0) FROM fingerprints',
};

/** Writes per transaction: src/adapters/native/p5_disk.rs's COMMIT_EVERY. */
const COMMIT_EVERY = 50_000;

/** The operations of src/adapters/wasm/p5.rs (FIND_AND_COUNT, INSERT_NEW, COUNT). */
const OP = { findAndCount: 0, insertNew: 1, count: 2 };

/** Pages SQLite read from the file since `db` opened: its page cache's misses. */
function pageReads(sqlite3, db) {
  const { capi, wasm } = sqlite3;
  const mark = wasm.pstack.pointer;
  try {
    const [current, highest] = wasm.pstack.allocPtr(2);
    const rc = capi.sqlite3_db_status(db.pointer, capi.SQLITE_DBSTATUS_CACHE_MISS, current, highest, 0);
    return rc === 0 ? wasm.peek32(current) : null;
  } finally {
    wasm.pstack.restore(mark);
  }
}

/**
 * A new, empty fingerprint table (`name` tells the two of a Fig. 3 row apart) for the wasm's
 * `p5Fig3`: `{call(op, fp, indices), pageReads(), bytes(), totals(), close(), failure, vfs,
 * vfsNote, version}`. As in src/adapters/native/p5_disk.rs: `synchronous = OFF`, the writes in
 * transactions of 50 000, a lookup that finds adds 1 to the count in the same statement.
 */
export async function openFingerprints(name) {
  const { sqlite3, pool, poolError } = await sqlite();
  const file = `/p5-${name}.sqlite`;
  let db;
  try {
    if (pool) {
      pool.unlink(file);
      db = new pool.OpfsSAHPoolDb(file);
    } else {
      db = new sqlite3.oo1.DB(':memory:', 'c');
    }
    db.exec(`PRAGMA synchronous = OFF; ${P5_SQL.create}; BEGIN`);
  } catch (e) {
    db?.close();
    throw new Error(coded('table1-sqlite', [e?.message ?? String(e)]), { cause: e });
  }
  const statements = [P5_SQL.count, P5_SQL.insert, P5_SQL.get].map((sql) => db.prepare(sql));
  const [count, insert, get] = statements;
  let writes = 0;
  const wrote = () => {
    writes += 1;
    if (writes >= COMMIT_EVERY) {
      db.exec('COMMIT; BEGIN');
      writes = 0;
    }
  };
  const store = {
    vfs: pool ? 'opfs-sahpool' : 'memory',
    vfsNote: poolError,
    version: sqlite3.version.libVersion,
    failure: '',
    /**
     * The core's loop calls this (src/adapters/wasm/p5.rs): `fp` the 16 bytes of a fingerprint,
     * `indices` its counter indices (a Uint32Array). Both are views of the wasm's memory, valid
     * during this call only; SQLite copies what it binds.
     */
    call(op, fp, indices) {
      try {
        if (op === OP.findAndCount) {
          count.bind(1, fp).step();
          count.reset();
          const found = db.changes() > 0;
          if (found) wrote();
          return found ? 1 : 0;
        }
        if (op === OP.insertNew) {
          const blob = indices.length ? new Uint8Array(indices.buffer, indices.byteOffset, indices.byteLength) : null;
          insert.bind(1, fp).bind(2, blob).step();
          insert.reset();
          wrote();
          return 1;
        }
        const found = get.bind(1, fp).step();
        const n = found ? get.get(0) : 0;
        get.reset();
        return n;
      } catch (e) {
        store.failure = e?.message ?? String(e);
        throw e;
      }
    },
    pageReads: () => pageReads(sqlite3, db),
    /** The database's bytes: page_count × page_size. */
    bytes: () => db.selectValue('PRAGMA page_count') * db.selectValue('PRAGMA page_size'),
    /** [rows, the counts' sum]: a direct SQL count. */
    totals: () => db.selectArray(P5_SQL.totals),
    close() {
      for (const s of statements) s.finalize();
      try {
        db.exec('COMMIT');
      } catch {
        // Nothing to commit after a failure.
      }
      db.close();
      if (pool) pool.unlink(file);
    },
  };
  return store;
}
