// Records P3's spider threads as `urlhash paper p3 --threads` measures them on this machine, for
// the page's "measured by the command line" table (a page cannot start threads that share a
// store): writes www/p3-threads-recorded.js. Run after `cargo build --release`:
//
//   node tools/record-threads.mjs [--n 100000]
//
// The file says which command, machine and day; the page labels the figures as such and lets a
// reader load the JSON of their own run instead.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = process.argv.indexOf('--n');
const n = at > 0 ? process.argv[at + 1] : '100000';
const args = ['paper', 'p3', '--threads', '--n', n];
const cli = path.join(ROOT, 'target/release/urlhash');
const r = spawnSync(cli, [...args, '--json'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
if (r.status !== 0) throw new Error(`urlhash ${args.join(' ')} failed: ${r.stderr}`);
const out = JSON.parse(r.stdout);
const recorded = {
  command: `urlhash ${args.join(' ')} --json`,
  day: new Date().toISOString().slice(0, 10),
  cores: os.availableParallelism(),
  cpu: os.cpus()[0]?.model ?? '',
  os: `${os.type()} ${os.release()}`,
  urls: out.input.urls,
  threads: out.threads,
};
const file = path.join(ROOT, 'www/p3-threads-recorded.js');
fs.writeFileSync(
  file,
  `// Written by tools/record-threads.mjs: P3's spider threads as \`${recorded.command}\` measured them
// on one machine (the page's "measured by the command line" table). Data, not code: record again
// rather than edit.
export const RECORDED = ${JSON.stringify(recorded, null, 2)};
`,
);
console.log(`${path.relative(ROOT, file)}: ${recorded.threads.length} runs of ${recorded.urls} URLs on ${recorded.cores} cores`);
