// The Simplified Chinese strings (www/strings-zh.js, ZH) against the English ones (www/strings.js, S):
// the same shape at every level, the same function parameters, every value the English
// sentence shows also shown in the Chinese one, and the papers' terms (散列, never 哈希).
// Plain Node, no browser: node --test tests/e2e/strings-zh.test.js
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { S } from '../../www/strings.js';
import { ZH } from '../../www/strings-zh.js';

/** Every leaf of `o` as [path, value]; functions, strings, numbers and booleans are leaves. */
function leaves(o, path = []) {
  if (o === null || typeof o !== 'object') return [[path, o]];
  return Object.entries(o).flatMap(([k, v]) => leaves(v, [...path, k]));
}

const at = (o, path) => path.reduce((x, k) => (x == null ? undefined : x[k]), o);
const name = (path) => path.join('.');

/** The parameter names of a function, read from its source: `(a, b) => …`, `a => …`, `function f(a, b) {…}`. */
function paramNames(fn) {
  const src = fn.toString().trim();
  let list;
  if (src.startsWith('(') || src.startsWith('function') || src.startsWith('async')) {
    const open = src.indexOf('(');
    let depth = 0;
    let close = open;
    for (let i = open; i < src.length; i++) {
      if (src[i] === '(') depth++;
      if (src[i] === ')' && --depth === 0) {
        close = i;
        break;
      }
    }
    list = src.slice(open + 1, close);
  } else {
    list = src.slice(0, src.indexOf('=>'));
  }
  return list
    .split(',')
    .map((p) => p.replace(/=.*$/s, '').trim())
    .filter(Boolean);
}

// Sample arguments: a string '«name»' for each parameter unless a key needs numbers, arrays or
// flags (how the page calls it); several cases where a sentence branches on an argument.
const N1 = 7001;
const N2 = 7002;
const CASES = {
  sourceCorpus: [[N1], [1]],
  reportLines: [[N1, N2], [1, 1]],
  reportBlank: [[N1], [1]],
  reportCrlf: [[N1], [1]],
  reportTooLong: [[N1, '«at»'], [1, '«at»']],
  reportInvalidUtf8: [[N1, '«at»'], [1, '«at»']],
  reportNul: [[N1, '«at»'], [1, '«at»']],
  reportUnsplittable: [[N1, '«part»', '«at»'], [1, '«part»', '«at»']],
  partUnsplittable: [[N1, '«first»'], [1, '«first»']],
  partGroupsCount: [[N1, N2], [N1, N1], [1, 1]],
  lineList: [[[N1, N2], 7009], [[N1], N1], [[N1, N2, 7003], 3]],
  tooltipBucket: [['1'], ['«s»']],
  tooltipSitesInSlot: [['1'], ['«k»']],
  fpBitTitle: [[N1, '«a»', '«a»'], [N1, '«a»', '«b»']],
  fpHexTitle: [[7040, '«a»', '«b»']],
  bitTitle: [['«i»', true, N1, true], ['«i»', false, N1, false], ['«i»', true, N1, false]],
  bitsLabel: [['«m»', '«set»', '«query»'], ['«m»', '«set»', '']],
  'ev.hfipNeverSet': [['«bits»'], ['']],
  'ev.hfAgainstHfip': [[[['«m»', '«hf»', '«hfip»']], 0, N2], [[['«m»', '«hf»', '«hfip»']], N1, N2]],
  trieStepSeenInsert: [['«url»', true], ['«url»', false]],
  fpReplayLock: [['global', [7001]], ['global', [null]], ['partial', [7001, null]], ['partial', [null, 7002]]],
  fpStoreNote: [['«records»', '«stored»', '«largest»', '«sim»', '«shared»', '«sites»', '«pairs»', '«found»', '«groups»', '«notExamined»'], ['«records»', '«stored»', '«largest»', '«sim»', '«shared»', '«sites»', '«pairs»', '«found»', '«groups»', null]],
  trieStepSeenLookup: [['«url»', true], ['«url»', false]],
  p5Fig3Note: [['«memory»', null, '', true, false], ['«memory»', '«disk»', '«winsAt»', false, false], ['«memory»', '«disk»', '', true, true], ['«memory»', '«disk»', '«winsAt»', false, true]],
  p5Fig3Verdict: ['a-faster', 'b-faster', 'same', 'pending'].flatMap((kind) => [true, false].map((disk) => [disk, '«n»', kind, '«why»', '«ratio»', '«min»', '«max»', N1, N2])),
  trieVerdict: ['a-faster', 'b-faster', 'same', 'pending'].map((kind) => ['«n»', kind, '«why»', '«ratio»', '«min»', '«max»', N1, N2]),
  trieP4Ours: [['«us»', '«min»', '«max»', '«n»', N1, N2], ['«us»', '«min»', '«max»', '«n»', N2, N2]],
  trieRunDone: [['«s»', N1, N2], ['«s»', N2, N2]],
  timingCell: [[N1, N2], [N2, N2]],
  timingPending: [[N1, N2]],
  p5Fig3Series: [['store', '«medium»'], ['imp_cb', '«medium»']],
  p5Fig3Vfs: [['«version»', 'opfs-sahpool', ''], ['«version»', 'memory', '«note»'], ['«version»', 'memory', '']],
  p5Holds: [[true], [false]],
  fpThreadsNote: [['«threads»', '«globalRate»', '«globalWaits»', '«partialRate»', '«partialWaits»', true, '«distinct»'], ['«threads»', '«globalRate»', '«globalWaits»', '«partialRate»', '«partialWaits»', false, '«distinct»']],
  trieProjectedOne: [['«name»', '«bytes»', '«perUrl»', true], ['«name»', '«bytes»', '«perUrl»', false]],
  flawLookupSays: ['seen', 'unmarked', 'missing'].flatMap((v) => [['«url»Ω', v, true], ['«url»Ω', v, false]]),
  flawInsertSays: ['new', 'seen'].flatMap((v) => [['«url»', v, true], ['«url»', v, false]]),
};

function casesFor(path, fn) {
  return CASES[name(path)] ?? [paramNames(fn).map((p) => `«${p}»`)];
}

/** The values a sentence shows: sample strings, the Ω a URL ends with, sample numbers (formatted or not). */
const TOKEN = /«[^»]*»|Ω|7\u202f?0[0-9]{2}/g;
const tokens = (text) => new Set(text.match(TOKEN) ?? []);
const flat = (v) => (Array.isArray(v) ? v.join('\n') : v);

// Plain strings (or a function's first sample output) that may stay as in English: code, URLs,
// notation and names.
const SAME = new Set([
  'p5Fig3CliCommand',
  'fpThreadsFileCommand',
  'title',
  'appName',
  'appNameZh',
  'pastePlaceholder',
  'bloomQueryDefault',
  'fpP3PairA',
  'fpP3PairB',
  'figM',
  'ev.notMeasured',
  'ev.elfEnding',
  'noSite',
  'partTable1B',
  'partTable1P',
  'partMatchSum',
  'table1Md5Command',
  'bloomKName',
  'bloomRatioName',
  'cbfKName',
  'cbfRatioName',
  'fpDigestA',
  'fpDigestB',
  'fpDigestXor',
  'fpNUrls',
  'fpClaimTwoValue',
  'fprTheoryTitle',
  'memoryRatioLabel',
  'fpKind.scheme',
  'partPolicyNames.heritrix',
  'partPolicyNames.frontera',
  'partPolicyShort.nutch',
  'partPolicyShort.heritrix',
  'partPolicyShort.frontera',
  'rebCliCommand',
  'rebSchemeShort.nutch',
  'rebSchemeShort.frontera',
  'rebSchemeShort.heritrix',
  'filterCliCommand',
  'qualCliCommand',
  'canonSchemeName.safe-browsing',
  'canonSchemeName.nutch',
  'canonSchemeName.w3lib',
  'canonSchemeName.stormcrawler',
  'canonRule.drop-www',
  'canonRule.http-https',
]);
/** Labels that are notation only (A, B, χ², M, N, URL, MD5, m/N, k …): no English word in them. */
function isCodeLike(v) {
  return typeof v === 'string' && !/[a-z]{3,}/.test(v.replace(/\b(URL|MD5|HfIp|ELFhash|hf|max|ln|opt)\b/g, ''));
}
const sameAllowed = (path, en) => SAME.has(name(path)) || isCodeLike(en);

test('ZH has exactly the keys of S at every level, with the same kinds of values', () => {
  const walk = (s, z, path) => {
    const where = name(path) || '(root)';
    if (typeof s === 'function') {
      assert.equal(typeof z, 'function', `${where} is a function in S`);
      return;
    }
    if (Array.isArray(s)) {
      assert.ok(Array.isArray(z), `${where} is an array in S`);
      assert.equal(z.length, s.length, `${where} has ${s.length} items in S`);
      s.forEach((v, i) => walk(v, z[i], [...path, String(i)]));
      return;
    }
    if (s !== null && typeof s === 'object') {
      assert.ok(z !== null && typeof z === 'object' && !Array.isArray(z), `${where} is an object in S`);
      assert.deepEqual(Object.keys(z).sort(), Object.keys(s).sort(), `${where}: the same keys as S`);
      for (const k of Object.keys(s)) walk(s[k], z[k], [...path, k]);
      return;
    }
    if (typeof s === 'string') {
      assert.equal(typeof z, 'string', `${where} is a string in S`);
      assert.equal(z.length > 0, s.length > 0, `${where} is empty exactly when the English is`);
      // Ids the code looks things up by stay as they are.
      if (/\.(key|ids\.\d+)$/.test(where)) assert.equal(z, s, `${where} is an id`);
      return;
    }
    assert.deepEqual(z, s, `${where}: numbers and flags equal S`);
  };
  walk(S, ZH, []);
});

test('every function of S has one in ZH with the same parameters', () => {
  let functions = 0;
  for (const [path, s] of leaves(S)) {
    if (typeof s !== 'function') continue;
    functions++;
    const z = at(ZH, path);
    assert.equal(typeof z, 'function', `${name(path)} is a function`);
    assert.equal(z.length, s.length, `${name(path)}.length`);
    assert.deepEqual(paramNames(z), paramNames(s), `${name(path)}: the same parameter names in the same order`);
  }
  assert.ok(functions > 100, `S has many functions (${functions})`);
});

test('each Chinese sentence shows every value the English one shows', () => {
  for (const [path, s] of leaves(S)) {
    if (typeof s !== 'function') continue;
    const z = at(ZH, path);
    for (const args of casesFor(path, s)) {
      const en = s(...args);
      const zh = z(...args);
      const label = `${name(path)}(${JSON.stringify(args)})`;
      assert.equal(Array.isArray(zh), Array.isArray(en), `${label}: returns what the English returns`);
      if (Array.isArray(en)) {
        assert.equal(zh.length, en.length, `${label}: as many cells`);
        zh.forEach((c) => assert.equal(typeof c, 'string', `${label}: cells are strings`));
      } else {
        assert.equal(typeof zh, 'string', `${label}: a string`);
      }
      const text = flat(zh);
      assert.doesNotMatch(text, /undefined|NaN|\[object|=>|\$\{/, `${label}: no leftovers: ${text}`);
      for (const t of tokens(flat(en))) assert.ok(text.includes(t), `${label}: shows ${t}, as the English does: ${text}`);
    }
  }
});

test('ZH is translated: no string is left in English except code, URLs and notation', () => {
  const left = [];
  for (const [path, s] of leaves(S)) {
    const z = at(ZH, path);
    let en = s;
    let zh = z;
    if (typeof s === 'function') {
      const args = casesFor(path, s)[0];
      en = flat(s(...args));
      zh = flat(z(...args));
    }
    if (typeof en !== 'string' || en === '' || /\.(key|ids\.\d+)$/.test(name(path))) continue;
    if (zh === en && !sameAllowed(path, en)) left.push(`${name(path)}: ${en}`);
  }
  assert.deepEqual(left, [], 'strings still in English');
});

test('Chinese punctuation is full-width next to Chinese text', () => {
  const bad = [];
  const han = /[\u4e00-\u9fff]/;
  for (const [path, s] of leaves(S)) {
    const z = at(ZH, path);
    const texts = typeof s === 'function' ? casesFor(path, s).map((args) => flat(z(...args))) : typeof z === 'string' ? [z] : [];
    for (const t of texts) {
      if (!han.test(t)) continue;
      // A comma, semicolon, colon or bracket touching a Chinese character should be full-width,
      // and Chinese sentences end with 。, not a period.
      if (/[\u4e00-\u9fff][,;:?!()]|[(][\u4e00-\u9fff]|[\u4e00-\u9fff]\.(\s|$)/.test(t)) bad.push(`${name(path)}: ${t}`);
    }
  }
  assert.deepEqual(bad, [], 'half-width punctuation beside Chinese text');
});

test('the papers’ terms: 散列, never 哈希, and the glossary in use', () => {
  const all = [];
  for (const [path, s] of leaves(S)) {
    const z = at(ZH, path);
    if (typeof z === 'string') all.push(z);
    if (typeof s === 'function') for (const args of casesFor(path, s)) all.push(flat(z(...args)));
  }
  const text = all.join('\n');
  assert.ok(!text.includes('哈希'), 'the papers say 散列, not 哈希');
  for (const term of [
    '散列',
    '散列函数',
    '散列值',
    '槽',
    '桶',
    '负载平衡',
    '布隆过滤器',
    '计数布隆过滤器',
    '广义表',
    '改进广义表',
    '字典树（trie',
    '爬虫',
    '搜集节点',
    '控制节点',
    '指纹',
    '指纹库',
    '误判',
    '误判率',
    '冲突',
    '重复',
    '去重',
    '主机名',
    '路径',
    '站点',
    '语料',
    '装填因子',
    'χ² 检验',
    'p 值',
    '计数器',
    '溢出',
    '李晓明',
    '凤旺森',
    '李村合',
    '何淑庆',
    '张培颖',
    '杨海东',
    '叶小岭',
    '张颖超',
    '吴小惠',
    '吴家奇',
  ]) {
    assert.ok(text.includes(term), `some string uses ${term}`);
  }
  // The variants the glossary rejects (issue 33): the papers' own words instead.
  for (const [rejected, word] of [
    ['爬行节点', '搜集节点'],
    ['爬虫节点', '搜集节点'],
    ['装载因子', '装填因子'],
    ['访存次数', '存储访问次数'],
    ['原文照印', '按原文代码'],
    ['中国网页博物馆', 'Web 信息博物馆'],
    ['卡住', '饱和'],
    ['粘滞', '饱和'],
    ['读作已见过', '被判为已见过'],
    ['现场测得', '实测'],
    ['切片', '分段'],
    ['回卷', '折叠'],
  ]) {
    assert.ok(!text.includes(rejected), `${rejected}: the glossary says ${word}`);
  }
  // No English pinyin names where the papers' authors are meant.
  assert.doesNotMatch(text, /Li & Feng|Xiaohui|Jiaqi|Haidong|Yang et al|Li, He/, 'authors in Chinese');
});

test('every error code the core and the adapter raise is worded in both languages', () => {
  // The codes in the Rust sources: `coded!("code", …)`, `Coded { code: "code", … }`, and the
  // host-table codes (TableError::page_code). A code without a sentence would reach a reader as
  // the English fallback only.
  const src = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src');
  const files = fs.readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.rs'));
  const codes = new Set();
  for (const f of files) {
    // Comments left out: they show the macro with a placeholder.
    const text = fs.readFileSync(path.join(src, f), 'utf8').replace(/^\s*\/\/.*$/gm, '');
    for (const m of text.matchAll(/coded!\(\s*"([a-z0-9-]+)"/g)) codes.add(m[1]);
    for (const m of text.matchAll(/Coded \{\s*code: "([a-z0-9-]+)"/g)) codes.add(m[1]);
    for (const m of text.matchAll(/=> "(host-table-[a-z-]+)"/g)) codes.add(m[1]);
  }
  for (const code of ['bad-params', 'unknown-request', 'not-whole', 'sequence', 'host-table-fields', 'slots-range']) {
    assert.ok(codes.has(code), `the scan finds ${code}`);
  }
  const missing = [...codes].filter((c) => !(c in S.errors) || !(c in ZH.errors));
  assert.deepEqual(missing, [], 'codes without a sentence in strings.js or strings-zh.js');
});
