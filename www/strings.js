// Every user-visible string of the page, in one place so it can be translated later.
// Plain strings are looked up by key (index.html marks elements with data-s="key");
// functions build sentences around numbers (already formatted, unless noted).

import { int } from './format.js';
import { splitCoded } from './coded.js';

/** The sentence with its first letter in capitals. */
function capital(s) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** "1 line", "2 lines", "1 000 lines". */
function count(n, one, many) {
  return `${int(n)} ${n === 1 ? one : many}`;
}

export const S = {
  // Page
  title: 'URL Hash Lab · 网址散列实验室',
  appName: 'URL Hash Lab',
  appNameZh: '网址散列实验室',
  tagline:
    'Li & Feng (2004) compared three URL hash functions on 20 million URLs. Load your URLs or our corpus and see what the functions really do.',
  footer:
    'Every number on this page is computed by the lab’s Rust core compiled to WebAssembly, in a background worker. Nothing you load leaves this browser.',
  skipToResults: 'Skip to results',
  toolsLabel: 'Page tools',
  diagramScroll: 'P4’s list, drawn (scroll sideways with the arrow keys)',
  flawPrintedScroll: 'P4’s list as printed, drawn (scroll sideways with the arrow keys)',
  flawFixedScroll: 'The list with end-of-URL marks, drawn (scroll sideways with the arrow keys)',
  projector: 'Projector',
  darkTheme: 'Dark',
  copyLink: 'Copy link',
  menuButton: 'Menu',
  linkCopied: 'The link to this view is copied: it reopens the same input, functions, M, key, section, lesson step and language.',
  linkShown: (url) => `Copy this link to reopen this view: ${url}`,
  linkPasteNotCarried: (lines) =>
    `The pasted URLs (${lines} lines) are too long to travel in a link: whoever opens it gets the built-in corpus and is told to paste them again.`,
  linkFileNotCarried: (name) => `A link cannot carry the file “${name}”: whoever opens it must open that file again.`,
  linkCorpusSize: (n, sizes, shown) => `This link asks for ${n} corpus URLs, but the built-in corpus comes in ${[sizes].flat().join(', ')} URLs: ${shown} are shown.`,
  linkFile: (name) => `This link was made with the file “${name}”, which a link cannot carry: the built-in corpus is shown. Open that file to see the same numbers.`,
  linkPasteBroken: 'The pasted URLs in this link could not be read (the link was cut or changed): the built-in corpus is shown.',
  embedUnknown: (name) => `This link asks for the chart “${name}”, which the lab does not have: the whole lab is shown.`,
  embedWhat: (what) => `URL Hash Lab (网址散列实验室), measured live on ${what}.`,
  embedOpen: 'Open in the lab →',
  linkPasteTooBig: (lines, bytes) =>
    `This link was made from ${lines} pasted lines (${bytes}), too long to travel in a link: the built-in corpus is shown. Paste them again to see the same numbers.`,
  mapLabel: 'Map of the lab',
  benchHandle: 'Controls',
  map: {
    input: 'Input',
    p1slots: 'Slots',
    p1figures: 'Figures',
    p1why: 'Why?',
    p1slotmap: 'Slot map',
    p2: 'Crawler',
    p2nodes: 'Rebalance',
    p4: 'Trie',
    p5bloom: 'Bloom',
    p5counting: 'Counting',
    p5filters: 'Filters today',
    p3canon: 'Same page?',
    p1quality: 'Hash quality',
    p3: 'Fingerprints',
    claims: 'Claims',
    all: 'Report',
  },
  mapCollapse: 'Collapse',
  mapExpand: 'Expand',
  mapOnly: (paper) => `Only ${paper}`,
  mapShowAllFrom: (paper) => `Showing only ${paper}: show every paper`,
  papers: {
    summary: 'What the five papers’ sections show',
    p1: 'Li & Feng (2004): ELFhash, HfIp and hf over M slots: bucket loads, A and B, Fig. 1–3, and why the printed numbers are off.',
    p2: 'Li, He & Zhang: a crawl split over crawl nodes by the path hash: each node’s load beside Table 1, Nutch, Heritrix and Frontera.',
    p3: 'Yang, Ye & Zhang (2006): MD5 page fingerprints: the avalanche, the birthday bound, aliases and mirrors.',
    p4: 'Wu (2009): the generalized-list trie drawn step by step, its bytes per URL against a hash set, a Patricia trie and an FST.',
    p5: 'Wu et al. (2018): Bloom and counting Bloom filters: false positives measured against the formula, overflow, deletes, IMP-CB.',
  },
  oneFileLink: 'Download the lab as one file',
  oneFileFacts: (size, sha256) => `url-hash-lab.html, ${size}, SHA-256 ${sha256}: opens from disk, offline, with no server.`,
  worksOffline: 'works offline',
  worksOfflineTitle: (version, files) => `All ${files} files of build ${version} are cached in this browser: the lab opens and works without a network.`,
  updateReady: 'A new version of the lab is ready.',
  updateReload: 'Reload to update',
  noWorker: 'This browser cannot run module Web Workers, which the lab needs. Use a current Firefox, Chrome, Edge or Safari.',

  // Lessons
  lessonsButton: 'Lessons',
  quiz: {
    title: 'Check yourself on your URLs',
    yourAnswer: 'Your answer',
    check: 'Check',
    another: 'Another question',
    copy: 'Copy the score',
    asking: 'Picking a question from the loaded URLs…',
    waiting: 'The question waits for the Bloom filter view to split the URLs into inserted and held-out ones…',
    waitingBakeoff: 'The question waits for the filter bake-off (Filters today) to split the URLs into inserted and held-out ones…',
    yes: 'yes',
    no: 'no',
    none: 'none of them',
    range: (min, max) => `${min} to ${max}`,
    typeNumber: (min, max) => `Type a whole number from ${min} to ${max}.`,
    pickOne: 'Pick one answer first.',
    right: 'Right.',
    verdict: (verdict, why) => `${verdict} ${why}`,
    wrong: (answer) => `Not quite: the answer is ${answer}.`,
    score: (right, asked) => `This lesson: ${right} of ${asked} right.`,
    scoreLine: (lesson, right, asked, link) => `URL Hash Lab · ${lesson} · self-check: ${right} of ${asked} right · ${link}`,
    copied: (line) => `Copied: ${line}`,
    copyThis: (line) => `Copy this line: ${line}`,
    ask: {
      slot: (url, fn, m, max) => `Which slot (0 to ${max}) does ${url} land in under ${fn} at M = ${m}?`,
      node: (url, n) => `Under Apache Nutch’s URLPartitioner (by host) with ${n} crawl nodes, which node (1 to ${n}) fetches ${url}?`,
      'node-dies': (url, from, before, n) =>
        `Under Apache Nutch’s URLPartitioner (by host) with ${from} crawl nodes, ${url} is fetched by node ${before}. Node ${from} dies and ${n} are left: which node (1 to ${n}) fetches it now?`,
      fingerprint: (a, b) => `With every canonicalisation rule on, do ${a} and ${b} get one MD5 fingerprint?`,
      'prefix-printed': (url, cut) => `P4’s list as printed (no end marks) holds ${url}. Is ${cut} found in it?`,
      'prefix-marked': (url, cut) => `P4’s list with the lab’s end marks holds ${url}. Is ${cut} found in it?`,
      'quality-high-bits': (n) =>
        `The hash-quality battery cuts each function’s output to its top bits and counts the ${n} distinct URLs per bucket (χ² at M = 2⁸ to 2¹⁶). Which of these functions fails that high-bits test on your URLs?`,
      'canon-pair': () =>
        'Each choice is one of your URLs beside another spelling of it. Which pair does Google Safe Browsing make one page while the WHATWG parser (the browser’s) keeps two?',
      'cuckoo-false-positive': (n, bits) =>
        `A cuckoo filter holds the ${n} inserted URLs (${bits}-bit fingerprints, 4 a bucket). Which of these held-out URLs, never inserted, does it wrongly say it holds?`,
      'false-positive': (n, ratio, k) =>
        `A Bloom filter holds the ${n} inserted URLs (m/N = ${ratio}, k = ${k}, independent hashes). Which of these held-out URLs, never inserted, does it wrongly say it holds?`,
    },
    explain: {
      slot: (fn, raw, m, slot) => `${fn} gives ${raw}, and ${raw} mod ${m} = ${slot}.`,
      node: (host, code, masked, n, node) =>
        `The host is ${host}; its Java hashCode is ${code}, & 0x7FFFFFFF gives ${masked}, and ${masked} mod ${n}, counted from 1, is node ${node}.`,
      'node-dies-moves': (host, masked, from, before, n, after) =>
        `The host is ${host}; hashCode & 0x7FFFFFFF is ${masked}. ${masked} mod ${from} gave node ${before}; ${masked} mod ${n} gives node ${after}: the host moved although its node did not die, as most hosts do under mod n. A consistent scheme would have left it on node ${before}.`,
      'node-dies-stays': (host, masked, from, before, n, after) =>
        `The host is ${host}; hashCode & 0x7FFFFFFF is ${masked}, and ${masked} mod ${from} and ${masked} mod ${n} both give node ${after}: one of the few hosts mod n leaves where they were (about 1 in ${from}).`,
      'fingerprint-same': (a) => `Both become ${a}: one fingerprint, so the page is fetched once.`,
      'fingerprint-differ': (a, b) => `They stay two URLs, ${a} and ${b}: two fingerprints, two pages to fetch (the rules must not merge different pages).`,
      'prefix-found': (cut) => `Without end marks the list answers “found” for ${cut}, because it is a prefix of a stored URL: the flaw this lesson showed.`,
      'prefix-missed': (cut) => `With end marks a URL is found only where a stored URL ends, and ${cut} stops one character short.`,
      'false-positive': (m, k, answer) =>
        `URL ${answer} of the list: all ${k} of its positions are set in the ${m}-bit filter although it was never inserted. The others hit at least one 0 bit.`,
      'quality-high-bits': (answer, f1, s1, m1, f2, s2, m2, f3, s3, m3) =>
        `Answer ${answer}. Scores of the high bits (worst M; ^N = log2 of how unlikely, a fail from ^20): ${f1} ^${s1} (M = ${m1}), ${f2} ^${s2} (M = ${m2}), ${f3} ^${s3} (M = ${m3}). A function whose top bits are fixed or rarely set (hf’s never-set sign bit, ELFhash’s 28 bits in a wider word, a hash of only the last characters) piles the URLs into a few buckets when a table takes the high bits.`,
      'canon-pair': (answer, sb, wa, wb) =>
        `Pair ${answer}: Safe Browsing writes both as ${sb}, while WHATWG gives ${wa} and ${wb}. Safe Browsing drops fragments and undoes %-escapes; WHATWG keeps both. The other pairs are one page to both (case, “:80”, “/./”) or to neither (http ↔ https, a session id, an empty query).`,
      'cuckoo-false-positive': (buckets, bits, load, answer) =>
        `URL ${answer} of the list: one of its two buckets (of ${buckets}, ${load} % full) holds a fingerprint equal to its own ${bits} bits, although it was never inserted. The others match none.`,
      'cuckoo-false-positive-none': (buckets, bits, load) =>
        `None of the three: no ${bits}-bit fingerprint in their two buckets (of ${buckets}, ${load} % full) equals theirs.`,
      'false-positive-none': (m, k) => `Each of the three hits at least one 0 bit among its ${k} positions in the ${m}-bit filter: no false positive here.`,
    },
  },
  lesson: {
    heading: 'Lesson',
    pick: 'Paper',
    prev: '← Back',
    next: 'Next →',
    close: 'Close',
    keys: 'Keys: PageDown or →, the next step; PageUp or ←, the one before; Esc closes the lesson (opened again, it resumes at the same step).',
    progress: (i, n) => `Step ${i} of ${n}`,
    claim: 'The paper says',
    live: 'We measure, live',
    why: 'Why they differ',
    question: 'A question for you',
    showAnswer: 'Show the answer',
    measuring: 'Measuring… (the view above is being set up)',
    otherData: (n) =>
      `This step’s live numbers are of the lesson’s data, the built-in corpus (${n} URLs); you kept your own data, so none are shown. The views show your data.`,
  },
  lessons: {
    p1: {
      title: 'P1 · Li & Feng (2004): which URL hash spreads best?',
      steps: [
        {
          title: 'Three functions, 12 machines',
          claim:
            'P1 recommends HfIp and warns against ELFhash, whose B swings between 1 and 5. It finds hf best at M = 8, 10 and 40 but worst at M = 12, “for reasons unknown”.',
          live: (e, i, h, empty) =>
            `On 100 000 corpus URLs at M = 12: B (1 is perfect) is ${e} for ELFhash, ${i} for HfIp and ${h} for hf; hf leaves ${empty} of the 12 slots empty.`,
          explain:
            'B is the fullest slot’s load divided by the average. HfIp is as even as chance; hf piles its URLs into a third of the slots; ELFhash clumps in between.',
        },
        {
          title: 'Why hf fails at 12 and not at 8',
          claim: 'P1: hf is at its best at M = 8, 10 and 40 (better than HfIp), “but the worst at M = 12 (worse than ELFhash). The reason for this instability is not clear.”',
          live: (b8, b12, share) =>
            `hf at M = 8: B = ${b8}. At M = 12: B = ${b12}. ${share} % of hf’s values are multiples of 3.`,
          explain:
            'hf returns 3·Σ c·i: every value is a multiple of 3. When 3 divides M (12, 18), a multiple of 3 can only land in slots 0, 3, 6, 9…: a third of the slots take everything, so B ≈ 3. When 3 does not divide M (8, 10, 16, 40) the factor 3 does no harm.',
        },
        {
          title: 'A misprint in P1’s only table',
          claim: 'P1’s table prints the optimum A(opt) = 2.75 at N = 1 000 000 and M = 200 000.',
          live: (printed, formula, n, m) => `P1’s own formula (N/M + 1)/2 at N = ${n}, M = ${m} gives ${formula}; the table prints ${printed}.`,
          explain:
            'Every other column of the table agrees with the formula, so 2.75 is a misprint for 3.00. The same table prints HfIp below what a random function averages at every N up to 3 million. On one particular list a function can do that (crawl-order runs of URLs that differ only in a counter may spread more evenly than chance), though not on average over lists; on the lab’s corpus, which has no such runs, HfIp measures what a random function does.',
        },
        {
          title: 'ELFhash’s low bits are the URL’s last character',
          claim: 'P1 found ELFhash poor, with B between 1 and 5, and gave no reason.',
          live: (share, b8, predicted) =>
            `For ${share} % of the URLs, ELFhash’s low 4 bits equal those of the last byte. B at M = 8 is ${b8}; predicted from the URLs’ last characters alone: ${predicted}.`,
          explain:
            'ELFhash shifts each byte in 4 bits to the left, so the last byte lands unmixed in the low bits. With M a small power of two the slot is the URL’s ending: “l” (.html), “m” (.htm), “/”… URL endings are far from uniform, so the slots clump.',
        },
        {
          title: 'Beyond P1: the same functions under SMHasher3’s tests',
          claim:
            'P1 calls ELFhash, HfIp and hf “very good” for URLs on the strength of A and B, measured on the low bits of whole URLs at a few M.',
          live: (clean, total, elf, hfip, hf, tests, xxh3) =>
            `Of ${total} functions, ${clean} fail no line of the battery on these URLs. ELFhash fails ${elf}, HfIp ${hfip} and hf ${hf} of their ${tests} lines; XXH3 fails ${xxh3}.`,
          explain:
            'A and B see only the low bits of one kind of key. Take the high bits (as a table of 2^k slots may), hash hosts or paths alone, or change one byte, and P1’s functions pile keys into few buckets: hf never sets its top bit, ELFhash has 28 bits and mixes little, HfIp’s bytes add without avalanche. MD5 passes everything, at 10 to 20 times the cost; XXH3 is fast and fails only the bit-independence line on URLs that share their first bytes (its last mixing step leaves output bits 0 and 32 tied).',
        },
      ],
      question: 'You must spread URLs over 18 crawler machines. Would you use hf? What about 16 machines? Why?',
      answer:
        'Not at 18: 3 divides 18, so hf’s values (all multiples of 3) reach only 6 of the 18 machines and three times the average load lands on each. At 16, 3 and 16 share no factor, so all 16 are reached and hf balances about as well as at M = 8. A hash whose values share a factor with M wastes slots; HfIp or a modern hash does not care about M.',
    },
    p2: {
      title: 'P2 · Li, He & Zhang: routing a crawl by path hash',
      steps: [
        {
          title: 'Table 1: a near-perfect split?',
          claim: 'P2’s Table 1 gives 7 crawl nodes 34 972 to 35 580 of 246 951 URLs each: a split of B = 1.0085.',
          live: (printed, b, zero) =>
            `Printed B = ${printed}. P2’s path hash as printed, on 246 951 corpus URLs: B = ${b}; ${zero} of the URLs have a path hash of 0 and all go to node 1.`,
          explain:
            'As printed, the path hash returns r·s where s is reset to 0 after every 3 characters (r keeps the group just finished): r·s is 0 whenever the path’s length is a multiple of 3 (or under 3). A third of all paths hash to 0, so node 1 gets a third of the crawl: the printed balance cannot come from this code.',
        },
        {
          title: 'Which reading could print Table 1?',
          claim: 'P2’s line (14) is r=s; s=0, but its comment says “assign r XOR s to r” (将 r 异或 s 的值赋值给 r). Code and comment (15) both return r*s. Table 1 prints each node’s URLs, a split of B = 1.0085.',
          live: (b, p, xor) => `The lab’s repair (XOR of 15-bit words): B = ${b}, χ² p = ${p}. The comment’s XOR reading: B = ${xor}.`,
          explain:
            'Only a repaired hash, which no longer returns 0 for a third of the paths, gives a split as even as chance, like the printed one. The XOR reading keeps the r·s product and fails the same way.',
        },
        {
          title: 'Why route by path at all',
          claim: 'P2 routes URLs by path, not by site, so that a big site does not overload one node.',
          live: (b, host, urls, share) =>
            `Routing by host instead: B = ${b}. The biggest site, ${host}, holds ${urls} URLs (${share}) and all of them go to one node.`,
          explain:
            'Real crawlers (Nutch, Heritrix, Frontera) route by host or domain, for politeness: one node talks to one site. A corpus where one site holds 18 % of the URLs gives that node about twice its share. P2’s idea is sound; its hash is not.',
        },
        {
          title: 'The site table keeps five characters',
          claim: 'P2 indexes sites in a 2^21-slot table with its site hash.',
          live: (sites, occupied, collisions, expected) =>
            `Under the folded reading the ${sites} hosts occupy ${occupied} slots: ${collisions} collisions, where a random hash would make about ${expected}.`,
          explain:
            'The site hash, as described, keeps only the last characters of the host, and Chinese hosts end alike (.com.cn, .edu.cn): they pile into a few slots. A table of 2 million slots holding a few hundred sites should have almost no collisions.',
        },
        {
          title: 'Beyond P2: what if a node dies?',
          claim: 'P2 deals the URLs to 7 crawl nodes by hash mod n, as Nutch and Frontera do, and says nothing of a node that fails or joins.',
          live: (hosts, nutch, theoryMod, jump, ring, theoryCons) =>
            `8 nodes become 7, on the ${hosts} hosts loaded: under Nutch ${nutch} of the hosts change node (theory ${theoryMod}); under jump hash ${jump}, on the ring ${ring} (theory ${theoryCons}: only the dead node’s hosts).`,
          explain:
            'Under mod n a host stays only where h mod 8 = h mod 7, so almost every host’s frontier, robots.txt and politeness clock moves to another node when one node dies. A consistent scheme (a ring with virtual nodes, rendezvous, jump hash) moves only the dead node’s hosts, spread over the others: what distributed stores such as Dynamo and Cassandra do for the same reason. Play the move in the animation, and try another number of nodes.',
        },
      ],
      question: 'P2 spreads one site’s URLs over all 7 nodes. What does a crawler lose by doing that, and what would you route by?',
      answer:
        'Politeness and reuse: 7 nodes now fetch from the same site at once, so the per-site rate limit, robots.txt, DNS answers and open connections must be shared or repeated on every node. Routing by host or registrable domain keeps a site on one node; a hash of the whole URL (or a repaired path hash) balances better but gives those up.',
    },
    p3: {
      title: 'P3 · Yang, Ye & Zhang (2006): MD5 fingerprints as page ids',
      steps: [
        {
          title: '10⁻²⁴: the chance of what?',
          claim:
            'P3: with 128-bit digests, “any two input messages M1, M2 have the same h(m) with probability 10⁻²⁴”, “5 orders of magnitude below the 10⁻¹⁹ of human fingerprints”; 128 bits “fully meet the need now and for some time to come”.',
          live: (two, pages, p128, atClaim, pairs64) =>
            `Two given URLs share an MD5 with probability ${two}. Among P3’s ${pages} pages some pair shares one with probability ${p128}; 10⁻²⁴ is passed already at ${atClaim} URLs. With 64-bit fingerprints about ${pairs64} pairs would collide.`,
          explain:
            '10⁻²⁴ fits neither reading: two given inputs collide with probability 2⁻¹²⁸ (10⁻²⁴ would be an 80-bit digest), and among n URLs the chance grows as n²/2¹²⁹ (the birthday bound). At P3’s own scale that is about 10⁻¹⁹, no better than human fingerprints, yet still negligible: 128 bits are enough, for a reason the paper does not give.',
        },
        {
          title: 'Similar URLs, unrelated digests',
          claim:
            'P3’s Table 1 (lost in the scan) hashed three similar URLs. Its point: every character of m bears on every bit of the digest, so “each change of a character visibly changes the result”.',
          live: (pairs, mean, sd, min, max, p) =>
            `${pairs} pairs of near-identical corpus URLs (a character changed, a slash added, the host in capitals…) differ in ${mean} of 128 bits on average (sd ${sd}, from ${min} to ${max}). Binomial(128, ½) gives 64 (sd 5.66): χ² p = ${p}.`,
          explain:
            'That is the avalanche: each bit of the two digests differs as if by a coin toss. It keeps near-identical URLs apart, but says nothing about unrelated URLs colliding (that is the birthday bound), and it is why MD5 cannot find near-duplicate pages: similar pages get unrelated ids.',
        },
        {
          title: 'The digest P3 prints for its normalised URL',
          claim:
            'P3 normalises a URL to "http://" + IP + path and keeps its MD5 as IP_ID (the name form gives Name_ID), and prints the digest it got for each.',
          live: (ip, tried, name) =>
            `${ip} is the MD5 of the empty string (text A above): of ${tried} candidates tried (the scan’s URL fragments, the site’s hosts and addresses…) only "" gives it. ${name}, the other printed digest, matches none.`,
          explain:
            'The digest P3 prints for a normalised URL is the MD5 of nothing, what an empty buffer or an unfilled variable gives. That is an inference from one printed digest; had P3’s program run that way, every normalised URL would get the same id and all but the first would be thrown away as duplicates. Whenever a digest reads d41d8cd9…, suspect the input, not the hash.',
        },
        {
          title: 'Short fingerprints and the birthday bound',
          claim:
            'P3 takes 128 bits “to save space while meeting the system’s needs”; with 384 or 1024 bits a repeat would be “even less likely”.',
          live: (urls, c32, e32, c24, e24, fd16, e16) =>
            `Keeping only MD5’s first bits of ${urls} distinct corpus URLs: 32 bits give ${c32} colliding pairs (expected ${e32}), 24 bits ${c24} (expected ${e24}); with 16 bits ${fd16} URLs would be dropped as false duplicates (expected ${e16}).`,
          explain:
            'MD5 behaves like a random function, so b-bit fingerprints collide about n²/2^(b+1) times, as measured. 32 bits reach even odds near 77 000 URLs, 64 bits near 5 billion; 128 bits stay safe far beyond any crawl, so 384 or 1024 bits would only waste space.',
        },
        {
          title: 'Beyond P3: which spellings are one page?',
          claim:
            'P3 turns a URL into "http://" + host + path before it takes the MD5, and says nothing of the other spellings of a page. Crawlers each pick their own rules.',
          live: (added, wg, sb, storm, p3, changed, split) =>
            `With ${added} respellings added to the corpus: WHATWG merges ${wg} spellings, Safe Browsing ${sb}, StormCrawler ${storm}, P3’s key ${p3}. WHATWG changes the bytes, and so the MD5, of ${changed} spellings; ${split} pages Safe Browsing merges are spread by P2 over two or more nodes.`,
          explain:
            'No scheme is “right”: WHATWG keeps fragments and escapes, Safe Browsing drops both, only StormCrawler removes session ids and only P3’s key makes https one page with http. Whatever rule a crawler picks decides its distinct count, its fingerprints and its filter’s false positives; canonicalise before routing, or P2’s nodes cannot see that two spellings are one page.',
        },
      ],
      question: 'To halve the store, a crawler keeps 64-bit fingerprints instead of 128-bit ones. At P3’s 13 billion pages, what goes wrong, and how often?',
      answer:
        'About n²/2⁶⁵ ≈ 4.6 pairs of different pages share a fingerprint (at least one with probability 99 %), and the second page of each pair is never crawled: a false duplicate. Few crawlers would notice, but it is not the “near zero” P3 promises; with 128 bits the chance is about 10⁻¹⁹.',
    },
    p4: {
      title: 'P4 · Wu (2009): a character trie for URL dedup',
      steps: [
        {
          title: 'P4’s list of sina.com and sohu.com',
          claim:
            'P4 splits a URL into single characters, one per node, each with head (next level) and tail (next node on the level) links and an isRoot flag; its Fig. 1 draws sina.com and sohu.com. Shared prefixes are stored once.',
          live: (nodes, urls, chars, roots, javaBytes) =>
            `The lab’s list: ${nodes} nodes for ${urls} URLs, ${chars} character nodes and ${roots} level roots. At 24 bytes a node in P4’s Java, ${javaBytes} bytes per URL.`,
          explain:
            'The two URLs share only their first letter, s. Every other letter costs a node, and every new level a root node besides: about two nodes per unshared character. Sharing helps at the front of URLs (http://www.), not at their ends, where every URL differs.',
        },
        {
          title: 'A prefix reads as crawled',
          claim:
            'P4: if the walk reaches the URL’s last letter and every letter has its node, “the URL has been crawled” and is dropped.',
          live: (stored, lookup, printed, fixed, urls, falseDups) =>
            `Stored ${stored}, looked up ${lookup}: P4’s list says “${printed}”, the list with end marks “${fixed}”. Among the ${urls} loaded URLs, ${falseDups} are false duplicates of this kind.`,
          explain:
            'Nothing marks where a stored URL ends, so any proper prefix of a stored URL (a directory of its pages, a shorter id) reads as crawled and is never fetched. The corpus has no such pairs; real lists do (591 in PhishStorm’s 48 000 legitimate URLs). One end flag per node fixes it.',
        },
        {
          title: 'Bytes per URL',
          claim:
            'P4: “with 10 000 URLs the memory used is 2 MB”; growing linearly, “1 千万个网站” (10 million sites) need 2 GB (a slip: the sum is for 10 million URLs; 10 million sites at P2’s 972.8 pages each would be about 9.7 billion URLs), and since nodes are shared “the real memory should be smaller”.',
          live: (urls, gl, nodes, javaBytes, hashSet, md5, fst, mb, perUrls, p4) =>
            `On ${urls} corpus URLs P4’s list takes ${gl} bytes per URL (${nodes} nodes each; about ${javaBytes} in P4’s Java); a hash set of the strings ${hashSet}, a set of MD5 fingerprints ${md5}, an FST ${fst}. P4’s ${mb} MB per ${perUrls} URLs is ${p4} bytes per URL.`,
          explain:
            'A node holds a character and two links (12 bytes here, 24 in a JVM), and a URL of the corpus takes about 40. P4’s figure allows under 9 Java nodes per URL: possible on a list whose URLs share long prefixes (list.asp?id=1001, 1002, … cost 1 or 2 nodes each), not on the corpus here. A hash set needs a sixth of the list’s memory, MD5 fingerprints under a twentieth.',
        },
        {
          title: 'The Bloom filter P4 mentions',
          claim:
            'P4: a Bloom filter “needs only 1/8 to 1/4 of the hash table’s size”, using “a 16 times larger address space with 8 hash functions”; it has “a certain misrecognition rate”, which P4 does not give.',
          live: (perUrl, ofSet, setBytes, ofMd5, md5Bytes, fp, trials, measured, method, exact) =>
            `At m/N = 16, k = 8 the filter takes ${perUrl} bytes per URL: ${ofSet} of step 3’s hash set of the strings (${setBytes} bytes per URL), ${ofMd5} of the MD5 set (${md5Bytes}). ${fp} of ${trials} new URLs read as seen: ${measured} (index method: ${method}); the formula gives ${exact}.`,
          explain:
            '16 bits per URL are 2 bytes whatever the URL’s length, far below 1/8 of a table of strings and about 1/11 of 16-byte fingerprints. The price: about one new URL in 1 700 is taken for seen and never crawled; the list and the sets never make that mistake.',
        },
      ],
      question: 'Your crawler must remember 10 million URLs on a control node with 2 GB of memory. Which structure would you use, and what does it cost?',
      answer:
        'Not P4’s list: at about 500 bytes per URL (twice that in Java) it needs 5 GB. A hash set of the strings needs about 0.9 GB; a set of MD5 fingerprints about 220 MB with negligible collisions; a Bloom filter at m/N = 16 only 20 MB, but it skips about one new URL in 1 700. The MD5 set is the safe choice; the Bloom filter when memory is tight and a few lost pages are acceptable.',
    },
    p5: {
      title: 'P5 · Wu et al. (2018): counting Bloom filters and IMP-CB',
      steps: [
        {
          title: 'k = 8, m/N = 20: how many false positives?',
          claim:
            'P5 takes k = 8 and m/n = 20 “according to [12]” (Cao’s table) and tests 500 000 to 2 000 000 pages, but prints no false-positive rate: its Fig. 3 shows only times.',
          live: (method, fp, trials, measured, low, high, exact, bestK, atBestK) =>
            `Index method “${method}”, m/N = 20, k = 8: ${fp} of ${trials} held-out URLs read as seen, ${measured} (95 % interval ${low} – ${high}). The formula (1 − e^(−kN/m))^k gives ${exact}; the best k, ${bestK}, would give ${atBestK}.`,
          explain:
            'The formula’s value lies inside the measured interval. In IMP-CB a false positive loses no page: the filter’s “maybe” sends the URL to the fingerprint store, which says new; it costs one store lookup. k = 8 is not the best choice: at m/N = 20, k = 20 ln 2 ≈ 13.9 halves the rate for the same memory.',
        },
        {
          title: 'Counter overflow: two misprints',
          claim:
            'P5: P(max c(i) ≥ j) ≤ m(ln2/j)^j, so with 4-bit counters (at most 15) P(max c(i) ≥ 16) ≤ 1.37 × 10¹⁵ × m, “already very small, fit for most applications”.',
          live: (m, n, bound, noE, printed, max, saturated) =>
            `${m} 4-bit counters, N = ${n}, k = 8: the bound m(e ln2/j)^j at j = 16 is ${bound}; P5’s formula without e gives ${noE}, its printed 1.37 × 10¹⁵ × m gives ${printed}. The fullest counter holds ${max}; ${saturated} reach 15.`,
          explain:
            'Both are misprints of Fan et al.’s bound m(e ln2/j)^j, which gives 1.37 × 10⁻¹⁵ × m: the printed number lost its minus sign (10¹⁵ × m is no probability), the formula its e (1.5 × 10⁻²² × m). The conclusion stands: at m/N = 20 a 4-bit counter practically never overflows.',
        },
        {
          title: 'Deleting at a saturated counter',
          claim:
            'P5: a counter stops at 2ⁿ − 1, and a delete that meets such a counter “cannot be handled correctly”; IMP-CB stores each page’s k counter numbers in the fingerprint store and counts the stored fingerprints that use the counter.',
          live: (deleted, lost, kept, share, stickyLost, stickyStill, impLost) =>
            `2-bit counters (they stop at 3), m/N = 2, k = 4, then ${deleted} URLs deleted: a counting filter that decrements saturated counters loses ${lost} of the ${kept} kept URLs (${share}); one that never decrements them loses ${stickyLost} but still finds ${stickyStill} deleted URLs; IMP-CB loses ${impLost}.`,
          explain:
            'A saturated counter no longer knows how many URLs use it. Decrementing it anyway lets it reach 0 while kept URLs still use it: they vanish from the filter and would be crawled again. Counting in the store, as P5 does, restores the right value. At P5’s own settings no counter saturates.',
        },
        {
          title: 'Beyond P5: what would you pick today?',
          claim: 'P5 pays 4-bit counters (80 bits per URL at m/N = 20) so that a filter can delete; P4 uses a Bloom filter of 16 bits per URL.',
          live: (bloom, bloomRate, counting, cuckoo, cuckooRate, xor, xorRate, fuse) =>
            `Sized for a 1 % rate on these URLs: Bloom ${bloom} bits per key (rate ${bloomRate}); P5’s counting filter ${counting}; a cuckoo filter ${cuckoo} (rate ${cuckooRate}), and it deletes; xor8 ${xor} (rate ${xorRate}) and binary fuse 8 ${fuse}, for a set built once.`,
          explain:
            'A counting filter buys deletes with 4 times a Bloom filter’s memory. A cuckoo filter deletes too, in about a Bloom filter’s memory, and its false-positive rate falls faster with each bit of fingerprint; a set that is built once and only read (yesterday’s crawl) fits an xor or binary fuse filter, a few percent above the log2(1/ε) bound. A crawler’s URL-seen test inserts as it goes and rarely deletes: a Bloom or cuckoo filter, with the exact store behind it where a false positive would drop a page.',
        },
        {
          title: 'What the counters buy (Fig. 3)',
          claim:
            'P5’s Fig. 3: as the pages grow from 500 000 to 2 000 000, the MD5 store’s lookups slow down “because of the I/O bottleneck”, while IMP-CB, checking counters first, stays faster. No numbers are printed.',
          live: (urls, counterBytes, counterPerUrl, impBytes, impPerUrl) =>
            `For ${urls} URLs at P5’s settings the counters take ${counterBytes} bytes (${counterPerUrl} per URL); IMP-CB, with its fingerprint store and each page’s counter numbers, takes ${impBytes} bytes (${impPerUrl} per URL).`,
          explain:
            'The counters only spare lookups in the store; the store stays, now with k counter numbers per page to make deletes exact. In memory a store lookup costs as much as k counter reads, so IMP-CB gains nothing; its gain needs a store on disk. The counting view times it: its Fig. 3 panel replays P5’s experiment in this browser, the store in memory and in SQLite (urlhash paper p5 does the same natively).',
        },
      ],
      question: 'IMP-CB keeps every page’s MD5 in the store anyway. When is the counting filter in front of it worth its memory, and when not?',
      answer:
        'When the store is on disk (or remote) and most URLs are new: a counter at 0 proves a URL new without any I/O, and only about one new URL in 7 000 (the false-positive rate at k = 8, m/N = 20) reaches the store for nothing. Duplicates still need the store. When the store fits in memory, a lookup costs as much as 8 counter reads, and the counters are only extra memory.',
    },
  },

  // Input
  inputHeading: '1. URLs',
  corpusLabel: 'Built-in corpus (a 2004-style Chinese crawl)',
  corpusButton: 'Load corpus',
  corpusHint: 'The page opens with 100 000 corpus URLs. 246 951 is P2’s Table 1; 20 000 000, P1’s size, takes a while and about 500 MB of memory.',
  corpusTable1: (n) => `${n} (P2’s Table 1)`,
  pasteLabel: 'Paste URLs, one per line',
  pastePlaceholder: 'http://www.pku.edu.cn/\nhttp://net.pku.edu.cn/~webg/',
  pasteButton: 'Hash pasted URLs',
  fileLabel: 'Or a file of URLs (one per line, or a CSV or TSV table)',
  fileButton: 'Open a file…',
  dropHint: 'You can also drop a file anywhere on the page.',
  dropOverlay: 'Drop the URL list to hash it',
  keyLegend: 'What is hashed',
  keyUrl: 'Whole URL (P1)',
  keyHost: 'Host only (P2’s site hash)',
  keyPath: 'Path and query (P2’s path hash)',
  cancel: 'Cancel',
  cancelled: 'Loading cancelled. The page still shows the previous input.',
  loadingStart: 'Starting…',
  reportHeading: 'What the input held',

  // Functions
  functionsHeading: '3. Hash functions',
  functionsHint: 'Checked functions are compared in the charts and the table.',
  paperGroup: {
    P1: 'P1 · Li & Feng 2004 (the paper under test)',
    P2: 'P2 · Li, He & Zhang: site and path hashes',
    P3: 'P3 · Yang et al. 2006: MD5 fingerprints',
    baseline: 'Baselines used by real crawlers',
  },
  noFunctions: 'Tick at least one hash function to see results.',
  notKeptFunction: (fn, key, n) =>
    `${fn} cannot be added to this input: its ${n} URL lines were too large for the page to keep, so only the functions ticked when it was loaded can be shown over the ${key}.`,
  reloadWith: (fn) => `Load it again with ${fn}`,
  notKeptKey: (key, fns, n) =>
    `The ${key} cannot be read from this input: its ${n} URL lines were too large for the page to keep, so ${fns} can only be shown over the key it was loaded with.`,
  reloadOver: (key) => `Load it again over the ${key}`,
  noKeys: (key) => `Not one line of this input yields ${key}: there is nothing to measure. Pick another key.`,

  // Slots
  slotsHeading: '2. Slots (M)',
  slotsHint: 'A URL’s slot is its hash value mod M: a hash-table bucket, or a crawler machine.',
  slotsPresetGroups: [
    { label: 'P1 Fig. 2 machines', values: [8, 10, 12, 40] },
    { label: 'P1 Fig. 3 machines', values: [11, 14, 16, 18] },
    { label: 'P2 crawl nodes', values: [7] },
    { label: 'P1 Fig. 1 table sizes', values: [200000, 800000, 1000000, 2000000] },
    { label: 'P2 path and site tables', values: [32768, 2097152], powers: [15, 21] },
  ],
  slotsField: 'Any M',
  slotsApply: 'Apply',
  slotsFieldHint: 'A whole number from 1 to 4 294 967 295 (or 2^k).',
  slotsEmpty: 'Enter a number of slots.',
  slotsNotNumber: (text) => `“${text}” is not a number. Enter a whole number of slots, such as 12 or 200000.`,
  slotsNegative: 'The number of slots cannot be negative.',
  slotsZero: 'With 0 slots there is nowhere to put a URL: enter 1 or more.',
  slotsFraction: (text) => `Slots come whole: ${text} is not a whole number.`,
  slotsTooLarge: 'At most 4 294 967 295 slots (2^32 − 1), the largest M the papers’ unsigned arithmetic allows.',

  // Status
  working: 'Working…',
  loadingCorpus: (done, total) => `Generating and hashing corpus URLs: ${done} of ${total}`,
  loadingBytes: (done, total) => `Reading and hashing: ${done} of ${total}`,
  loadingSplit: (done, total, workers) => `Reading and hashing in ${workers} workers: ${done} of ${total}`,
  loadingPaste: 'Hashing the pasted URLs…',
  busyLoading: 'Another input is still loading: cancel it first.',
  rebinned: (ms) => `Re-binned in ${ms} ms`,
  hashingKey: (fn, key, pct) => `Hashing the ${key} with ${fn}: ${pct}`,
  computed: (ms) => `Computed in ${ms} ms`,
  pasteEmpty: 'The box is empty: paste some URLs first.',
  twoSentences: (first, second) => `${first} ${second}`,
  askData: (mine, n) => `This lesson is written for the built-in corpus (${n} URLs). The data on screen is ${mine}. Load the lesson’s data in its place? You can go back to yours afterwards.`,
  askKeep: (mine) => `Keep ${mine}`,
  askLoad: (n) => `Load the lesson’s ${n} URLs`,
  askTitle: 'Change the data?',
  undoData: (previous) => `Back to ${previous}`,
  dataSwapped: (now, previous) => `The lesson loaded ${now} in place of ${previous}.`,
  dataKept: (mine) => `You kept ${mine}: the views show it, and the live numbers that are of the lesson’s data are not shown.`,
  badgeLabel: 'Data',
  badgeCorpus: 'Built-in corpus',
  badgePaste: 'Pasted URLs',
  badgeSize: (urls, key) => `${urls} URLs · ${key}`,
  badgeTitle: (what, urls, key) => `Every number on screen is of ${what}: ${urls} URLs, hashed over ${key}. Open the data panel.`,
  loadNothing: (what) => `Nothing was loaded: ${what} holds no URL line.`,
  emptyWhatPaste: 'the pasted text',
  emptyWhatFile: (name) => `the file “${name}”`,
  loadKept: (current) => `The data and results shown are still those of ${current}.`,
  bigPaste: (lines, shown) =>
    `Pasted ${lines} lines. The box shows the first ${shown} only, to keep the page responsive; "Hash pasted URLs" hashes all ${lines} (an edit in the box changes the pasted text there; emptying the box empties it).`,
  workerFailed: (msg) => `The lab’s worker could not start: ${msg}`,
  workerBroken: (msg) => `The WebAssembly core stopped (${msg}), most likely out of memory.`,
  restarting: (why) => `${why} Restarting the lab…`,
  restarted: (why, what) => `${why} The lab was restarted and ${what} loaded again.`,
  cancelledRestarted: (bytes) =>
    `The cancelled load had grown the worker’s memory to ${bytes}, which WebAssembly never gives back, so the worker was restarted and the input on screen loaded again.`,
  againCorpus: (n) => `the built-in corpus (${n} URLs)`,
  againFile: (name) => `the file “${name}”`,
  againPaste: 'the pasted URLs',
  restart: 'Restart the lab',
  errorPrefix: 'Error: ',
  // Errors of the wasm core and the worker, by code (see wordError); ids in their arguments are
  // worded by errorWords.
  errorWords: {
    'trie-lines': 'the number of lines for the trie',
    'checkpoint-step': 'the checkpoint step',
    'inserted-keys': 'the number of inserted keys',
    bits: 'the number of bits',
    lines: 'the number of lines',
    'corpus-start': 'the corpus start',
    'p1-report': 'P1’s report',
    partition: 'the partition simulation',
    trie: 'the trie study',
    filters: 'the filters',
    fingerprints: 'the fingerprint study',
    'fp-sites': 'P3’s IP_ID and Name_ID count',
    quiz: 'the question',
    seed: 'the question seed',
    canonical: 'the canonicalisation count',
    columns: 'a column choice after the first line',
    input: 'more lines for a finished input',
    cache: 'the hash values being computed',
    job: 'the running study',
    'trie-first': 'the finished trie study',
    'trie-build-first': 'the timed structure',
    bloom: 'the Bloom filter measurement',
    cbf: 'the counting-filter job',
    'cbf-unfinished': 'the finished counting-filter job',
    'split-first': 'the split into inserted and held-out URLs',
    split: 'the split into inserted and held-out URLs',
    fp: 'the fingerprint study',
  },
  errors: {
    'unknown-function': (id, known) => `There is no hash function “${id}”; the lab has ${known}.`,
    'unknown-key': (key) => `There is no key “${key}”: hash the whole URL, the host or the path.`,
    'slots-range': (m) => `The number of slots must be a whole number from 1 to 4 294 967 295, not ${m}.`,
    'not-whole': (what, min, value) => `${capital(what)} must be a whole number of at least ${min}, not ${value}.`,
    core: (detail) => `The lab’s core refused these parameters: ${detail}`,
    'unknown-delimiter': (d) => `There is no column delimiter ${d}: use a comma, a tab or a semicolon.`,
    sequence: (what) => `The page asked the lab’s worker for ${what} out of order. Reload the page; if it happens again, it is a bug of the lab.`,
    'line-past': (start, kept) => `Line ${start} is past the ${kept} URL lines the page kept (the input was too large to keep).`,
    'slots-too-many': (m, max) => `M = ${m} is more slots than the browser can count one by one; the lab counts up to ${max} (2^27) slots.`,
    'p1-figure': (fig) => `P1 has figures 1, 2 and 3, not ${fig}.`,
    'none-kept': (n, budget, what) =>
      `None of the ${n} URL lines could be kept (the first is longer than the ${budget} bytes the page keeps), so ${what} cannot read them.`,
    'not-kept': (n, fn, key) => `The ${n} URL lines were too large to keep, so ${fn} over the ${key} cannot be computed now: load the input again with it selected.`,
    'suffix-rules-missing': () => 'The Public Suffix List is not loaded yet, and the domain and Heritrix policies need it.',
    'nodes-range': (nodes) => `The number of crawl nodes must be from 1 to 65 536, not ${nodes}.`,
    'rebalance-nodes-range': (nodes) => `The number of crawl nodes must be from 1 to 1 024 to compare their moves, not ${nodes}.`,
    'vnodes-range': (v) => `The ring’s virtual nodes per crawl node must be from 1 to 1 000, not ${v}.`,
    'filters-no-setting': () => 'Give at least one number of bits per key or one target false-positive rate to compare the filters.',
    'bits-per-key-range': (b) => `Bits per key must be from 1 to 64 to size the filters, not ${b}.`,
    'target-fpr-range': (e) => `A target false-positive rate must be from 1e-9 to 0.5, not ${e}.`,
    'k-range': (k, max) => `k, the positions per URL, must be from 1 to ${max}, not ${k}.`,
    'ratio-range': (r, max) => `m/N must be a number above 0 and at most ${max}, not ${r}.`,
    'trace-empty': () => 'Type at least one URL to insert.',
    'trace-too-many': (max, n) => `The diagram takes at most ${max} URLs; this is ${n}.`,
    'trace-too-long': (max, n) => `The diagram takes URLs of at most ${max} bytes; one has ${n}.`,
    'trace-too-big': (max) => `These URLs make more than ${max} nodes, too many to draw: use fewer or shorter URLs.`,
    'unknown-structure': (id, known) => `There is no structure “${id}”; the lab has ${known}.`,
    'bad-trie-urls': (n) => `The timing worker was given ${n} bytes that are not a list of URLs; the structures are timed in the page's worker instead.`,
    'structure-empty': () => 'Build the structure from at least 1 URL.',
    'methods-ratios': (methods, ratios) => `${methods} index methods for ${ratios} values of m/N: give one method per m/N.`,
    'demo-bits': (max, m) => `The bit array shown has at most ${max} bits, not ${m}.`,
    'demo-empty': () => 'The demonstration needs at least 1 URL.',
    'counter-bits': (bits) => `A counter has 1 to 32 bits, not ${bits}.`,
    'delete-share': (share) => `The share of URLs deleted must be from 0 to 1, not ${share}.`,
    'no-urls': (what) => `No URLs are loaded for ${what}.`,
    'too-few-distinct': (n) => `The input has ${n} distinct URL(s); the filters need at least 2 (half inserted, half held out).`,
    'unknown-canonical': (id, known) => `There is no canonicalisation “${id}”; the lab has ${known}.`,
    'text-too-long': (name, bytes, max) => `Text ${name} has ${bytes} bytes; the lab hashes lines of at most ${max} bytes.`,
    'widths-count': (max, n) => `Give 1 to ${max} fingerprint widths, not ${n}.`,
    'birthday-n': (n) => `The largest n must be a whole number from 3 to 10^18, not ${n}.`,
    'birthday-points': (max, n) => `The curve takes 2 to ${max} points, not ${n}.`,
    'fp-bits': (bits) => `A fingerprint has 1 to 128 bits, not ${bits}.`,
    'host-table-fields': (line, text) => `Host table, line ${line}: expected “host ip”, found “${text}”.`,
    'host-table-ip-host': (line, text) => `Host table, line ${line}: “${text}” reads as “ip host” (the /etc/hosts order); this table is “host ip”.`,
    'host-table-not-ip': (line, text) => `Host table, line ${line}: “${text}” is not an IPv4 or IPv6 address.`,
    'host-table-host-is-ip': (line, text) => `Host table, line ${line}: “${text}” is an IP address; the first field is a host name.`,
    'host-table-not-host': (line, text) => `Host table, line ${line}: “${text}” is not a host name.`,
    'bad-params': (kind, detail) => `The page asked the lab’s worker for the study “${kind}” with parameters it does not take (${detail}): the page and the worker are from different versions. Reload the page.`,
    'slotmap-slots': (max, m) => `A slot map draws at most ${max} slots, not ${m}.`,
    'no-clock': () => `This browser gives the lab’s worker no clock (performance.now), so the structures cannot be timed.`,
    'unknown-request': (kind) => `The lab’s worker does not know the request “${kind}”: the page and the worker are from different versions. Reload the page.`,
    superseded: () => 'A newer request replaced this one.',
    'table1-sqlite': (detail) => `SQLite’s WebAssembly could not run here: ${detail}`,
    'table1-served-only': () => 'The database rows need the served lab: this file, opened from disk, carries no SQLite.',
    'no-input-yet': () => 'No input is loaded yet.',
    'no-input-loading': () => 'No input is being loaded.',
    'slice-unreadable': () => 'A part of the file read by another worker arrived damaged.',
    'slice-order': () => 'A part read by another worker must follow a whole line of the part before it.',
    'quiz-needs-bakeoff': () => 'This question needs the split of the URLs into inserted and held-out ones: open the filter bake-off (Filters today) first.',
    'quiz-needs-filter': () => 'This question needs the split of the URLs into inserted and held-out ones: run the Bloom filter view first.',
    'quiz-too-few': () => 'No loaded line suits this question (it needs URLs with a host, and for P5 at least 3 held out).',
    'quiz-lesson': (lesson) => `There is no lesson “${lesson}”.`,
    'suffix-rules-unavailable': (detail) =>
      `The Public Suffix List (data/public-suffix-list.txt), which the domain and Heritrix policies need, could not be read: ${detail}`,
    'second-module-unavailable': (detail) =>
      `The lab's second WebAssembly module (pkg/urlhashlab_beyond_bg.wasm), which the views beyond the papers run in, could not be loaded: ${detail}`,
    'handover-unreadable': () => 'The loaded lines arrived damaged in the lab’s second WebAssembly module; load the input again.',
  },
  chartMissing: 'Chart.js did not load (vendor/chart.umd.min.js is missing), so no chart can be drawn.',
  workerScriptFailed: 'the worker script failed to load',
  workerMessageUnreadable: 'a message from the worker could not be read',
  workerRestarted: 'the lab was restarted',
  dismiss: 'Dismiss',

  // Input report (plain language); counts arrive as numbers
  sourceCorpus: (n) => `${int(n)} URLs of the built-in corpus (seed 2004).`,
  sourcePaste: 'Source: the pasted text.',
  sourceFile: (name, size) => `File “${name}”, ${size}.`,
  reportWorkers: (n) => `Read by ${n} workers at once, one part of the file each, then joined into one input (the same numbers as one worker's).`,
  reportLines: (lines, urls) => `Read ${count(lines, 'line', 'lines')} holding ${count(urls, 'URL', 'URLs')}.`,
  reportBlank: (n) => `${count(n, 'blank line was', 'blank lines were')} skipped.`,
  reportBom: 'A byte-order mark (BOM) at the start was removed.',
  reportCrlf: (n) => `${count(n, 'line ends', 'lines end')} with CRLF (Windows line ends); the CR was removed.`,
  reportTooLong: (n, at) => `${count(n, 'line is', 'lines are')} longer than 64 KiB and skipped (${at}).`,
  reportInvalidUtf8: (n, at) => `${count(n, 'line is', 'lines are')} not valid UTF-8, hashed as raw bytes (${at}).`,
  reportNul: (n, at) => `${count(n, 'line holds', 'lines hold')} a NUL byte, where P1’s C functions stop reading (${at}).`,
  reportUnsplittable: (n, part, at) =>
    `${count(n, 'line has', 'lines have')} no ${part} and ${n === 1 ? 'is' : 'are'} left out when hashing the ${part} (${at}).`,
  reportSplitLater: 'Lines with no host or path are counted when you hash the host or the path.',
  allPathsRoot: (n) =>
    `Every one of the ${n} paths is “/”: these are bare hosts (or home pages), so the path gives every URL the same key and one slot holds them all. Hash the URL or the host instead.`,
  manyPathsRoot: (root, n) => `${root} of the ${n} paths are “/” (bare hosts or home pages): they all land in one slot, whatever the function.`,
  reportTable: (delimiter, column, fields) =>
    `Read as a table (${delimiter}-separated, ${fields} fields a line): only column ${column} is hashed.`,
  delimiterName: { ',': 'comma', '\t': 'tab', ';': 'semicolon' },
  reportHeader: 'The first line is a header (column names), skipped.',
  reportNoColumn: (n, at) => `${count(n, 'line has', 'lines have')} no such column, skipped (${at}).`,
  reportRankHost: (n, at) =>
    `${count(n, 'line looks', 'lines look')} like “rank,host” (${at}): read whole, the rank is part of every “URL”. Choose the host column below.`,
  columnsPick: 'Read the URLs from',
  columnOption: (column, name, example) => `column ${column}${name ? ` “${name}”` : ''}${example ? `, e.g. ${example}` : ''}`,
  columnWhole: 'whole lines (not a table)',
  partHost: 'host',
  partPath: 'path',
  reportClean: 'Nothing unusual: no blank lines, BOM, CRLF, over-long lines or invalid UTF-8.',
  reportKept: 'The lines can be read again, so other functions and keys are computed without reloading.',
  reportNotKept: (lines, budget) =>
    `The input is larger than the ${budget} of URL lines the page keeps: to change functions or key, reload it with them selected. P1’s report, the crawler partition and the dedup views measure the first ${lines} lines, and say so.`,
  reportMemory: (bytes) => `The lab’s worker holds ${bytes} of WebAssembly memory (its peak: that memory never shrinks).`,
  /** A view measured the first lines only, because the page keeps no more. */
  onPrefix: (lines, loaded, budget) =>
    `Measured on the first ${lines} of the ${loaded} loaded URL lines: the page keeps ${budget} of lines, and this view reads lines again.`,
  lineList: (shown, total) =>
    `${shown.length === 1 ? 'line' : 'lines'} ${shown.map((x) => int(x)).join(', ')}${total > shown.length ? ', …' : ''}`,
  noUrls: 'The input holds no URL lines: nothing to hash.',

  // Results
  resultsHeading: 'How the URLs fall into slots',
  resultsCaption: (n, key, m) => `How ${n} ${key} fall into M = ${m} slots`,
  keyName: { url: 'whole URLs', host: 'hosts', path: 'paths' },
  perSlotTitle: 'URLs per slot',
  perSlotNote: 'Each bar is one slot. A perfect function puts N/M URLs in every slot (dashed line).',
  bucketsTitle: 'How many slots hold s URLs',
  bucketsNote:
    'For large M, count the slots holding 0, 1, 2, … URLs. A random function follows the Poisson curve (dashed); a clumping function has too many empty and too many crowded slots.',
  idealLine: (v) => `ideal N/M = ${v}`,
  poisson: 'Poisson expectation (random function)',
  axisSlot: 'slot number (0 … M − 1)',
  axisUrlsInSlot: 'URLs in the slot',
  axisBucketSize: 's, URLs in a slot',
  axisSlotsHolding: 'slots holding s URLs (log scale)',
  tooltipSlot: (slot) => `slot ${slot}`,
  tooltipBucket: (s) => `slots holding ${s} URL${s === '1' ? '' : 's'}`,
  tableTitle: 'Measures per function',
  tableNote: 'Hover or focus a measure’s name for its definition.',
  tableNoteTouch: 'Tap or focus a measure’s name for its definition.',
  measureHead: 'measure',
  columns: [
    {
      key: 'a',
      label: 'A',
      short: 'memory accesses per lookup; lower is better',
      title:
        'P1’s query performance: mean memory accesses to find each URL once in a chained hash table, Σ Nᵢ(Nᵢ+1)/2 / N. Lower is better.',
    },
    {
      key: 'a_opt',
      label: 'A opt',
      short: 'P1’s optimum, every slot equal',
      title: 'P1’s optimum (N/M + 1)/2, reached only when every slot holds exactly N/M URLs.',
    },
    {
      key: 'a_random',
      label: 'A random',
      short: 'what a random function averages',
      title: 'The A a uniformly random function gets on average, 1 + (N − 1)/(2M): the fair yardstick.',
    },
    {
      key: 'b',
      label: 'B',
      short: 'load balance; 1 is perfect',
      title: 'P1’s load balance: M × (largest slot) / N. 1 is perfect, M is the worst (all in one slot).',
    },
    { key: 'max_load', label: 'max load', short: 'URLs in the fullest slot', title: 'URLs in the fullest slot.' },
    {
      key: 'expected_max_load',
      label: 'E[max load]',
      short: 'fullest slot of a random function',
      title: 'The fullest slot a random function would give on average (Poisson approximation).',
    },
    {
      key: 'empty_slots',
      label: 'empty slots',
      short: 'slots no URL falls into',
      title: 'Slots no URL falls into. The small number under it is what a random function leaves empty, M·e^(−N/M).',
    },
    {
      key: 'chi2',
      label: 'χ²',
      short: 'unevenness; about M − 1 if random',
      title: 'Chi-square statistic of the slot counts against the uniform N/M, with M − 1 degrees of freedom. Near M − 1 for a random function.',
    },
    {
      key: 'p_value',
      label: 'p-value',
      short: 'below 0.001: clearly not uniform',
      title:
        'Probability that a random function would look at least this uneven. Tiny values (below 0.001) mean the function is clearly not uniform.',
    },
  ],
  expectedEmpty: (v) => `random: ${v}`,

  // P1 figures
  figuresHeading: 'P1’s figures, recomputed on the loaded URLs',
  figuresNote: (step) => `One point every ${step} URLs. P1 used 20 million URLs and a point every 500 000.`,
  fig1Title: 'Fig. 1 — A, query performance, as N grows',
  fig1Note:
    'M slots in a chained hash table. At M = 200 000, the hollow points are the values in P1’s only table (“P1 printed”); the N axis is logarithmic so they fit beside the loaded URLs.',
  fig2Title: 'Fig. 2 — B, load balance over M machines, as N grows',
  fig2Note: '1 is perfect balance. hf’s curve jumps to about 3 when 3 divides M (see “Why?” below).',
  fig3Title: 'Fig. 3 — hf’s B at M = 11, 12, 14, 16, 18',
  fig3Note: (sample, n, all) =>
    (all
      ? `On all ${n} loaded URLs`
      : `On ${sample} of the ${n} loaded URLs, drawn at random as urlhash sweep --fig 3 draws them`) +
    ' (P1 drew 400 000 at random from its 20 million). M = 12 and 18 are multiples of 3.',
  figM: 'M =',
  axisN: 'N, URLs hashed',
  axisNLog: 'N, URLs hashed (log scale)',
  axisA: 'A, memory accesses per lookup',
  axisB: 'B, load balance (1 = perfect)',
  printedAopt: 'P1 printed: A(opt)',
  printedHfip: 'P1 printed: HfIp',
  printedOffChart: (n, aOpt, hfip) =>
    `P1 also printed, at N = ${n}: A(opt) ${aOpt} and HfIp ${hfip}, beyond the loaded URLs and off this chart.`,
  hfAtM: (m) => `hf, M = ${m}`,
  figProgress: (fig, pct) => `Computing Fig. ${fig}: ${pct}`,

  // Slot map
  slotmapHeading: 'Slot map: every slot a pixel',
  slotmapIntro:
    'Each pixel is one slot of a table of M slots, coloured by how many loaded URLs the function put in it; black is a slot no URL reached. A uniformly random function gives an even speckle. P1’s anomalies have shapes: HfIp’s never-set bits leave whole blocks (Hilbert) or columns (rows) empty, hf’s bounded sum leaves the top of the range dark and crowds the bottom, ELFhash’s last-byte nibble makes stripes every 16 slots in rows.',
  slotmapMLabel: 'Slots M',
  slotmapMHint: (max) => `At most ${max}; typed as on the slots field: 2097152, 2^21, 1e6.`,
  slotmapPresetsLabel: 'Slot counts',
  slotmapLayoutLegend: 'Layout',
  slotmapHilbert: 'Hilbert curve (a range of slots is one patch)',
  slotmapLinear: 'Rows (the low bits of the slot are the column)',
  slotmapLayouts: { hilbert: 'Hilbert curve', linear: 'rows' },
  slotmapDraw: 'Draw',
  slotmapAtLeast: (n) => `${n} or more`,
  slotmapTooMany: (max, power) => `A slot map draws at most ${max} slots (${power}).`,
  slotmapDrawing: (m) => `Drawing every slot of M = ${m}…`,
  slotmapDone: (count, secs) => `${count} image${count === 1 ? '' : 's'} drawn in ${secs} s.`,
  slotmapLater: 'The images are drawn when you scroll to them.',
  slotmapSparse: (load, n, m, more, most) =>
    `Mean load N/M = ${load}: with ${n} URLs in M = ${m} slots most slots are empty whatever the function. Load more URLs (Input: ${more} or ${most}) or choose a smaller M to see the patterns.`,
  slotmapAlt: (name, m, empty, max) => `Slot map of ${name} at M = ${m}: ${empty} of the slots empty, largest count ${max}.`,
  slotmapCaption: (n, m, layout, w, h, max) => `${n} keys in M = ${m} slots, ${layout}, ${w} × ${h} pixels (one a slot); largest count ${max}.`,
  slotmapLegendHead: ['URLs in the slot', 'slots', 'share', 'if random (Poisson)'],

  // Why cards
  whyHeading: 'Why? What P1 could not explain, measured on your URLs',
  whyPending: 'Measuring the anomalies on the loaded URLs…',
  whyProgress: (pct) => `Measuring the anomalies on the loaded URLs: ${pct}`,
  evidence: 'Evidence from the loaded URLs',
  why: {
    hf3: {
      title: 'hf is bad exactly when 3 divides M',
      claim: 'P1: hf is best at M = 8, 10 and 40 but worst at M = 12, “for reasons unknown” (原因不清楚).',
      cause:
        'hf returns |3 · Σ c·i| mod M, always a multiple of 3 for URLs short enough not to overflow. When 3 divides M, only the M/3 slots whose number is a multiple of 3 can ever be hit, so B ≈ 3.',
    },
    hfRange: {
      title: 'hf’s values are too small for big tables',
      claim: 'P1: hf matches HfIp for small M but degrades as M grows, ending worse than ELFhash.',
      cause:
        'Σ c·i is at most 127 · L(L+1)/2 for a URL of L bytes, so hf never exceeds 3 · 127 · L(L+1)/2. For a large M most slots are out of reach and the reachable ones overflow.',
    },
    hfipBits: {
      title: 'HfIp leaves four bits at zero',
      claim: 'P1: “HfIp 散列函数具有绝对的优势，在所有情况下都是最好的” (HfIp has an absolute advantage, the best in every case).',
      cause:
        'HfIp XORs the URL’s bytes into the four bytes of an unsigned int. ASCII bytes have bit 7 clear, so bits 7, 15, 23 and 31 stay 0. When M is a power of two of at least 256, the slots whose number has one of those bits are (almost) never used.',
    },
    misprint: {
      title: 'A misprint in P1’s table',
      claim: 'P1 prints A(opt) = 2.75 at N = 1 000 000, M = 200 000.',
      cause:
        'Its own formula (N/M + 1)/2 gives 3.00. And P1 printed HfIp below what a random function averages at every N up to 3 million, which only a function spreading URLs more evenly than chance can do.',
    },
    elf: {
      title: 'ELFhash’s slot is the URL’s last character',
      claim: 'P1: “ELFhash 的表现较差，B 值在 1~5 之间大范围波动” (ELFhash does rather poorly, its B ranging widely between 1 and 5).',
      cause:
        'ELFhash computes h = (h << 4) + c and its fold never touches bits 0 … 3, so its low 4 bits are the low 4 bits of the last byte. For M = 8 the slot is the last character mod 8, and B follows how URLs end (/, l of .html, digits).',
    },
  },
  ev: {
    hf3Share: (pct, n) => `${pct} of the ${n} URLs have an hf value that is a multiple of 3.`,
    hf3Slots: (hit) => `At M = 12, hf hits ${hit} of 12 slots.`,
    bTableHead: ['M', 'hf’s B', 'HfIp’s B'],
    hfAgainstHfip: (rows, lower, of) =>
      `P1 says hf is better than HfIp at M = 8, 10 and 40. On these URLs: ${rows.map(([m, hf, hfip]) => `M = ${m}, hf ${hf}, HfIp ${hfip}`).join('; ')}. ${lower === 0 ? `hf is better at none of the ${of}: HfIp’s B is as low or lower at each (to 0.0005).` : `hf is lower at ${lower} of the ${of}.`}`,
    hfRangeMax: (max, bound, longest) =>
      `Largest hf value: ${max}. No URL can exceed ${bound} (the longest URL has ${longest} bytes).`,
    hfRangeSlots: (m, reachable, hit, random) =>
      `At M = ${m}, hf can reach ${reachable} slots and hits ${hit}; a random function would hit ${random}.`,
    hfRangeA: (m, a, hfipA) => `A at M = ${m}: hf ${a}, HfIp ${hfipA}.`,
    hfipAscii: (ascii, n) => `${ascii} of the ${n} URLs are pure ASCII.`,
    hfipNeverSet: (bits) => (bits ? `Bits never set in any HfIp value: ${bits}.` : 'Every bit is set by some URL.'),
    hfipHighBit: (bit, count) => `bit ${bit}: set for ${count} URLs`,
    hfipByM: (m, shareSlots, shareUrls, hit, random) =>
      `M = ${m}: the ${shareSlots} of slots with such a bit get ${shareUrls} of the URLs (a uniform function: ${shareSlots}). HfIp hits ${hit} slots; a random function ${random}.`,
    misprintLine: (printed, formula) => `Printed ${printed}; (N/M + 1)/2 = ${formula}.`,
    misprintHead: ['N', 'A(opt) printed', 'A(opt) formula', 'A(opt), whole loads', 'A random', 'A(max)', 'HfIp printed', 'HfIp measured'],
    wholeLoadsNote:
      '(N/M + 1)/2 takes a load of N/M URLs in every slot; a slot holds a whole number, so where N/M is not whole (2.5 at N = 500 000) the least possible A is higher: 1.80, not the 1.75 printed. A’s other extreme, A(max) = (N + 1)/2, is every URL in one slot; P1 gave A’s extremes as it gives B’s (“同样”), but the scan lost them with A’s formula.',
    captionsLine: (n) =>
      `Fig. 2’s captions print M = 80 000, 100 000, 120 000 and 400 000 where its text says 8, 10, 12 and 40 machines. B of a random function at P1’s ${n} URLs:`,
    captionsHead: ['caption’s M', 'text’s M', 'B at the caption’s M', 'B at the text’s M'],
    captionsNote: 'Fig. 2 plots HfIp below 1.1: only the text’s M fit it. The captions are the misprint (they carry Fig. 1’s ten-thousands over).',
    notMeasured: '—',
    notMeasuredNote: '— : fewer URLs were measured than this N.',
    elfNibble: (pct) => `${pct} of URLs: ELFhash’s low 4 bits equal the last byte’s low 4 bits.`,
    elfEndings: 'Most common last characters: ',
    elfEnding: (ch, pct) => `${ch} ${pct}`,
    elfB8: (measured, predicted) =>
      `B at M = 8 measured: ${measured}; predicted from the URL endings alone: ${predicted}.`,
    elfBTableHead: ['M', 'ELFhash’s B'],
  },

  // P2's crawler partition
  partHeading: 'P2’s crawler partition, simulated on the loaded URLs',
  partIntro:
    'P2 (李村合, 何淑庆, 张培颖) splits a crawl over n crawl nodes (7 in its Table 1) by the hash of each URL’s path, and a control node finds duplicates: a site table of 2^21 slots indexed by the site hash, and one path table of 2^15 slots per site indexed by the path hash. Its Table 1 prints near-perfect balance. Here every loaded line is one discovered link, in order: the control node drops links it has seen, and each policy assigns the new URLs to the crawl nodes — P2’s path hash in each reading of its code, a hash of the host, domain or whole URL, or the presets of real crawlers. Every policy is simulated at once, so switching the policy shows its result at once.',
  partNodesLabel: 'Crawl nodes (n)',
  partNodesHint: 'A whole number from 1 to 64; P2 used 7.',
  partNodesEmpty: 'Enter a number of crawl nodes, such as 7.',
  partNodesNotNumber: 'That is not a number: enter a whole number of crawl nodes, such as 7.',
  partNodesZero: 'At least 1 crawl node is needed to crawl anything.',
  partNodesNegative: 'The number of crawl nodes cannot be negative.',
  partNodesFraction: (text) => `Crawl nodes come whole: ${text} is not a whole number.`,
  partNodesTooMany: (max) => `At most ${max} crawl nodes on this page (the command line takes up to 65 536).`,
  partPolicyLabel: 'Partition policy',
  partPolicyHint: 'Switching the policy redraws from the last simulation; nothing is recomputed.',
  partPolicyGroups: [
    { label: 'P2: route by the path hash', ids: ['p2-printed', 'p2-xor', 'p2-repaired'] },
    { label: 'Route by a hash of the host, domain or URL', ids: ['host:xxh3', 'domain:xxh3', 'url:xxh3', 'url:md5'] },
    { label: 'Real crawlers’ default partitioners', ids: ['nutch', 'heritrix', 'frontera'] },
  ],
  partPolicyNames: {
    'p2-printed': 'P2 path hash, as printed',
    'p2-xor': 'P2 path hash, XOR as its comment says',
    'p2-repaired': 'P2 path hash, the lab’s repair (ours, not P2’s)',
    'host:xxh3': 'Host hash (XXH3)',
    'domain:xxh3': 'Registrable-domain hash (XXH3)',
    'url:xxh3': 'Whole-URL hash (XXH3)',
    'url:md5': 'Whole-URL MD5 (P2 §2.1 rejects it)',
    nutch: 'Apache Nutch URLPartitioner (by host)',
    heritrix: 'Heritrix 3 HashCrawlMapper',
    frontera: 'Frontera Crc32NamePartitioner',
  },
  partWaiting: 'The simulation runs once P1’s figures are done…',
  partQueued: 'Queued behind P1’s figures…',
  partProgress: (nodes, urls, pct) => `Simulating ${nodes} crawl nodes on ${urls} URLs, every policy at once: ${pct}`,
  partDone: (nodes, ms) => `Simulated ${nodes} crawl nodes, every policy, in ${ms} ms.`,
  partSummary: (links, urls, dups, sites) =>
    `${links} links read: ${urls} distinct URLs on ${sites} sites; the control node dropped ${dups} as duplicates.`,
  partUnsplittable: (n, first) =>
    `${count(n, 'line has', 'lines have')} no host, so no site-table entry and no crawl node (first: ${first}). They are left out of every count below.`,
  partAllSplit: 'Every line had a host, so every link reached the control node.',
  partPaths: (distinct) =>
    `${distinct} distinct paths. Path routing sends every URL with the same path to the same node; the most common paths:`,
  partPathsNone: (distinct) => `${distinct} distinct paths; no path occurs on more than one URL.`,
  partPathShare: (urls, share) => `${urls} URLs, ${share}`,

  // Nodes chart and per-node table
  partNodesTitle: 'URLs per crawl node',
  partNodesSoFar: (lines, total, n) => `So far: the first ${lines} of ${total} lines, the simulation reading on. Each bar is one crawl node’s distinct URLs; an even split gives every node N/${n} (dashed).`,
  partNodesNote: (n) => `Each bar is one crawl node’s distinct URLs. An even split gives every node N/${n} (dashed).`,
  partNodesChartLabel: (policy, n) => `URLs per crawl node under ${policy}, ${n} nodes`,
  axisCrawlNode: 'crawl node',
  axisNodeUrls: 'URLs (distinct, per node)',
  idealNodeLine: (v) => `even split N/n = ${v}`,
  tooltipNode: (k) => `crawl node ${k}`,
  partStatB: 'B, load balance',
  partStatBHint: 'largest node × n / N; 1 is perfect',
  partStatBRandom: 'B a random assignment averages',
  partStatP: 'χ² p-value',
  partStatPHint: 'below 0.001: clearly uneven',
  partStatZero: 'URLs whose path hash is 0',
  partStatZeroHint: 'all of them go to node 1',
  partStatPrinted: 'P2 printed (7 nodes)',
  partNodeTableTitle: 'Each crawl node',
  partNodeHead: ['node', 'URLs', 'links', 'hosts', 'biggest site', 'its share'],
  partNodeLinksHint: 'links: what the control node routed to the node, duplicates included.',
  noSite: '—',
  partTopTitle: 'The biggest sites and where this policy sent them',
  partTopHead: ['site', 'URLs', 'nodes it spans', 'main node', 'URLs there'],

  // Table 1
  partTable1Title: 'P2’s Table 1 beside every policy',
  partTable1Note: (nodes, urls, bRandom, n, loaded, loadedBRandom, hint) =>
    `The first row is P2’s Table 1 as printed (${nodes} crawl nodes, ${urls} URLs); the other rows are the ${loaded} loaded URLs on ${n} nodes. B is the largest node over the mean (a uniformly random assignment averages ${bRandom} at P2’s size, ${loadedBRandom} for the loaded URLs); χ² p tests the loads against an even split. ${hint}`,
  rowNameHint: 'Hover or focus a row’s name for its full name.',
  rowNameHintTouch: 'Tap or focus a row’s name for its full name.',
  partPolicyShort: {
    'p2-printed': 'P2, as printed',
    'p2-xor': 'P2, XOR (comment)',
    'p2-repaired': 'P2, lab repair',
    'host:xxh3': 'host · XXH3',
    'domain:xxh3': 'domain · XXH3',
    'url:xxh3': 'whole URL · XXH3',
    'url:md5': 'whole URL · MD5',
    nutch: 'Nutch',
    heritrix: 'Heritrix 3',
    frontera: 'Frontera',
  },
  partTable1OtherN: (printedNodes, n) =>
    `P2’s printed table is for ${printedNodes} crawl nodes; the simulated rows are for ${n}. Set ${printedNodes} crawl nodes to compare like with like.`,
  partTable1Policy: 'policy',
  partTable1Node: (k) => `node ${k}`,
  partTable1B: 'B',
  partTable1P: 'χ² p',
  partPrintedRow: 'P2 Table 1 (printed)',
  partMatches: (system, control, nodes) =>
    `P2 also prints its matches (匹配统计): ${system} in all = ${control} on the control node + ${nodes} on the crawl nodes, and never defines a match. The lab counts probes: one of the site table per link, one of the path table per link of a site the table holds. As §3.3 reads (the lab’s reading), the node that finds a link matches it on its own tables when the link is its own and drops it if it is there; the rest go to the control node, which matches each. A link counts as found by the node of the last new URL before it (the page being parsed).`,
  partMatchTitle: 'Table 1’s matches row beside every policy',
  partMatchSystem: 'system',
  partMatchControl: 'control',
  partMatchNodes: 'Σ nodes',
  partMatchIdentity: (printed, policy, replayed, own, links, share, dropped, reached) =>
    `Every row is system = control + Σ nodes: P2’s ${printed}; under ${policy} here ${replayed}. Its nodes kept ${own} of the ${links} links they found for themselves (${share}) and dropped ${dropped} as duplicates; ${reached} links reached the control node.`,
  partMatchSum: (system, control, nodes) => `${system} = ${control} + ${nodes}`,
  partMatchRatio: (probes, perUrl, printedPerUrl, links, printedLinks, perDistinct, ratio, dRatio, dLinks, n) =>
    `When every link reaches the control node (the simulation above), it makes ${probes} probes (${perUrl} per URL; P2: ${printedPerUrl}) on these ${links} links. At two probes per link P2’s figure means about ${printedLinks} links, ${perDistinct} per distinct URL: its crawl discovered each URL several times. P2’s control : nodes = ${ratio}. A node owns about 1 in n of the links it finds, so under §3.3 as written that ratio is about n − d, d the share of links that are duplicates: P2’s ratio gives d ≈ ${dRatio}, but its ${perDistinct} links per URL mean d ≈ ${dLinks}. The printed row fits a control node that also matched the links the nodes dropped (a ratio of n = ${n}).`,
  partPolicyAbout: {
    'p2-printed': 'P2: the path hash as printed, of the path, mod n (P2’s reading)',
    'p2-xor': 'P2: the path hash with XOR as its comment says, of the path, mod n (P2’s reading)',
    'p2-repaired': 'P2: the lab’s repaired path hash, of the path, mod n (the lab’s repair)',
    'host:xxh3': 'By host: XXH3-64 of the host, mod n',
    'domain:xxh3': 'By registrable domain (Public Suffix List): XXH3-64 of the domain, mod n',
    'url:xxh3': 'By whole URL: XXH3-64 of the line, mod n',
    'url:md5': 'By whole URL: MD5 of the line, its 128-bit digest read as one big-endian number, mod n: what P2 §2.1 calls no better than a plain hash and costly',
    nutch: 'Apache Nutch URLPartitioner, byHost: ((host.hashCode() ^ 0) & 0x7FFFFFFF) % n',
    heritrix: 'Heritrix 3 HashCrawlMapper: |FPGenerator.std64.fp(key) % n|, key = the SURT authority reduced to the registrable domain',
    frontera: 'Frontera Crc32NamePartitioner: signed crc32(hostname) mod n (Python’s %)',
  },
  partWhy: {
    'no-urls': () => 'No URL reached the nodes.',
    even: (b, p, printedB, printedP) =>
      `B = ${b} and χ² p ${p}: a split as even as chance gives, like the printed one (B = ${printedB}, p = ${printedP}).`,
    'zero-hash': (share, bound, b, p, printedB) =>
      `${share} of the paths hash to 0 and all of them go to node 1, so node 1 carries at least that share: B ≥ ${bound} (measured ${b}, χ² p ${p}); the printed B is ${printedB}.`,
    'one-node': (node, nodes) =>
      `Every URL went to node ${node}: all the paths hash alike (a list of bare hosts has only the path “/”), so B = ${nodes}; path routing needs paths.`,
    uneven: (b, p, printedB) => `B = ${b} with χ² p ${p}: the nodes are further from even than chance allows; the printed B is ${printedB}.`,
    commonPath: (path, share) => `The path “${path}” alone is ${share} of the URLs, and every URL with one path goes to one node, whatever its site.`,
  },
  partVerdictsTitle: 'Could each reading of P2’s path hash have printed that balance?',
  partVerdictCould: 'could',
  partVerdictCouldNot: 'could not',
  partVerdictLine: (name, could) => `${name}: ${could} produce the printed balance on the loaded URLs.`,

  // Control node
  partControlTitle: 'The control node’s tables',
  partSiteTitle: 'Site table (2^21 slots): how many slots hold k sites',
  partSiteNote:
    'One series of points per reading of P2’s site hash, slots holding no site included (k = 0). A random hash follows the Poisson curve (dashed); points far to the right are slots shared by many sites.',
  axisSitesInSlot: 'k, sites in one slot',
  axisSlotsHoldingK: 'slots holding k sites (log scale)',
  tooltipSitesInSlot: (k) => `slots holding ${k} site${k === '1' ? '' : 's'}`,
  partSiteTableHead: ['site-hash reading', 'sites', 'slots used', 'α', 'collisions', 'random hash', 'sites sharing a slot', 'longest chain'],
  partCnnic: (sites, alpha, domains, alphaDomains, limit, pages, perSite) =>
    `P2’s own figures (CNNIC 2004): its ${sites} sites fill the 2^21-slot site table to α = ${alpha}, well under its ${limit}; its ${domains} domains would give ${alphaDomains}, over it. Its ${pages} pages over those sites are ${perSite} per site, where P2 writes “1000 以上” (over 1 000).`,
  partSiteTableHint: 'collisions: sites minus slots used; “random hash” is what a uniformly random hash averages.',
  partPathCollTitle: 'Path tables (2^15 slots per site): URLs landing on a taken slot',
  partPathCollNote:
    'A URL whose slot already holds another path of the same site: a table that kept only slots would drop it as a false duplicate.',
  axisPathReading: 'reading of P2’s path hash',
  axisCollidingUrls: 'URLs on a taken slot',
  partMeasured: 'measured on the loaded URLs',
  partExpectedRandom: 'a random hash, expected',
  partPathLoadTitle: 'The biggest sites’ path tables: load factor α',
  partPathLoadNote: (rule) =>
    `α = the site’s URLs / 2^15 (the same for every reading). P2’s rule: keep α below 0.75, that is at most ${rule} URLs per site.`,
  axisSiteBiggest: 'site (biggest first)',
  axisAlpha: 'load factor α (log scale)',
  alphaSeries: 'α of the site’s path table',
  ruleLine: 'P2’s rule: α = 0.75',
  tooltipSiteUrls: (urls) => `${urls} URLs`,
  tooltipOccupied: (name, used) => `${name}: ${used} slots used`,
  partPathTableHead: ['path-hash reading', 'sites (tables)', 'URLs', 'slots used', 'collisions', 'random hash', 'sites over the rule'],
  partBinsTitle: 'Sites per load-factor bin',
  partBinsHead: ['α of the site’s path table', 'sites'],
  partRehashTitle: 'Re-hashed path tables: sites past 0.75 · 2^15 paths',
  partRehashNote: (rule) =>
    `P2 re-hashes a site past 0.75 · 2^15 = ${rule} paths (“再次进行动态散列”). The lab’s reading: its table doubles each time it would pass 0.75 of its slots, and its paths are re-inserted. “Colliding” counts the paths in a slot shared with another path; “dropped” the paths a table without chains, one path per slot, would wrongly drop as duplicates.`,
  partRehashReading: (name, sites, paths, before, after) =>
    `${name}: ${count(sites, 'site', 'sites')}, ${paths} paths; a table without chains would drop ${before} of them before, ${after} after.`,
  partRehashNone: (rule) => `No site has more than ${rule} paths: no table is re-hashed.`,
  partRehashFreedNone: (host, bits) =>
    `Doubling freed no slot for ${host}: every path hash is below 2^${bits} (${bits} bits), so the new half of the table stays empty; a re-hash needs a hash wider than the table.`,
  partRehashSkipped: (max, lines) =>
    `The page re-hashes on at most ${max} lines (it keeps every URL’s path hash under each reading, 12 bytes per URL); these are ${lines}. urlhash paper p2 re-hashes any input.`,
  partRehashHead: ['path-hash reading', 'site', 'paths', 'doublings', 'moved', 'table', 'slots', 'α', 'occupied', 'colliding', 'dropped'],
  partRehashStage: { before: 'before', after: 'after' },

  // Collision groups
  partGroupsTitle: 'Hosts that share a site-table slot',
  partGroupsReading: 'Site-hash reading',
  partGroupsCount: (total, shown) =>
    `${count(total, 'slot holds', 'slots hold')} two or more sites; ${shown === total ? 'all are' : `the ${shown} biggest are`} listed.`,
  partGroupsNone: (name) => `No two sites share a slot under ${name}.`,
  partGroupsHead: ['slot', 'hosts', 'URLs', 'shared ending', 'some of the hosts'],
  partNoSuffix: '(none)',

  // Shared by the de-duplication views (P4, P5)
  dedupWaiting: 'Waits for P1’s figures and P2’s partition of this input, then runs by itself.',
  fieldEmpty: (what) => `Enter ${what}.`,
  fieldNotNumber: (what) => `That is not a number: enter ${what}.`,
  fieldWhole: (what, text) => `Not a whole number: ${what} must be whole, not ${text}.`,
  fieldRange: (what, min, max) => `Out of range: ${what} must be from ${min} to ${max}.`,
  yes: 'yes',
  no: 'no',
  bytesPerUrlUnit: 'bytes per URL',
  axisBytesPerUrl: 'bytes per URL',
  axisBytesPerUrlLog: 'bytes per URL (log scale)',
  axisDistinctUrls: 'distinct URLs stored',
  axisUrls: 'URLs',
  // Repeated timings (www/timing.js): every time and ratio a verdict rests on is the median of
  // its runs, shown with their range (min–max)
  timingCell: (runs, total) =>
    runs < total
      ? `Preliminary: ${runs} of ${total} runs so far. The median of the runs, their range (min–max) below it.`
      : `The median of ${runs} runs, their range (min–max) below it.`,
  timingPending: (runs, total) => `${runs} of ${total} runs…`,
  timingReason: {
    overlap: 'the two times’ ranges overlap',
    'ratio-spans-1': 'the ratio’s range contains 1',
  },
  timingRule: (runs) =>
    `Each comparison is timed ${runs} times, in turn with the others: every time and ratio shown is the median of the runs, with their range (min–max) below it. “No clear difference” means the two times’ ranges overlap or the ratio’s range contains 1; otherwise the faster one is named.`,

  // P4's trie
  trieHeading: 'P4’s generalized-list trie (Wu 2009), and what it costs',
  trieIntro:
    'Wu Xiaohui (吴小惠, 2009) keeps every crawled URL in an “improved generalized list”: one node per character, each level of the tree a linked list. Below, the list of a few URLs is drawn and built step by step; then its prefix flaw; then every structure on the loaded URLs.',
  trieSmallTitle: 'How P4 stores URLs: one node per character',
  trieUrlsLabel: 'URLs to insert, one per line',
  trieUrlsHint: 'P4’s Fig. 1 uses sina.com and sohu.com. A few short URLs draw best (at most 24).',
  trieLookupLabel: 'Then look up (optional)',
  trieLookupPlaceholder: 'e.g. sina.co',
  trieVariantLegend: 'Which list',
  trieVariantPrinted: 'P4 as printed (no end mark)',
  trieVariantFixed: 'with end-of-URL marks (the lab’s fix)',
  trieBuild: 'Build the list',
  trieExample: 'P4’s example',
  trieAnimLabel: 'Steps',
  trieFirst: '◀◀ Start',
  trieBack: '◀ Back',
  trieNext: 'Step ▶',
  trieLast: 'End ▶▶',
  triePlay: '▶ Play',
  triePause: '❚❚ Pause',
  trieSpeedLabel: 'Speed',
  trieSpeedSlow: 'slow',
  trieSpeedNormal: 'normal',
  trieSpeedFast: 'fast',
  trieOpInsert: 'insert',
  trieOpLookup: 'look up',
  trieLevelWord: 'level',
  trieRootGlyph: 'R',
  trieRootTitle: (id, depth) => `level root of level ${depth} (node ${id}, P4’s GLNode() with isRoot = true)`,
  trieCharTitle: (ch, depth, id) => `‘${ch}’ on level ${depth} (node ${id})`,
  trieDiagramLabel: (nodes, chars, roots) => `P4’s generalized list: ${nodes} nodes, ${chars} chars and ${roots} level roots`,
  trieLegendRoot: 'level root (isRoot)',
  trieLegendChar: 'char node',
  trieLegendHead: 'head: down a level',
  trieLegendTail: 'tail: next char on the level',
  trieLegendEnd: 'end-of-URL mark (fix)',
  trieLegendPath: 'this URL’s path',
  trieLegendWalk: 'passed over on the level',
  trieLegendNew: 'this step',
  trieCounts: (nodes, chars, roots, total, urls) =>
    `${nodes} nodes for ${urls} URL(s): ${chars} chars and ${roots} level roots (the tree’s own root included); P4’s totalpoint counts ${total}.`,
  trieStepStart: (total) => `The empty list: only the tree’s root. ${total} steps to go: press Play or Step.`,
  trieStepText: (step, total, what) => `Step ${step} of ${total}: ${what}`,
  trieStepDescend: (prev, level) => `‘${prev}’ already has a level below it: go down (goHead) to the root of level ${level}.`,
  trieStepCreateRoot: (prev, level) => `‘${prev}’ has no level below it: create the root of level ${level} and point its head at it.`,
  trieStepWalk: (have, want, level) => `‘${have}’ ≠ ‘${want}’: follow tail to the next char of level ${level}.`,
  trieStepMatch: (ch, level) => `‘${ch}’ is on level ${level}: walk on.`,
  trieStepCreate: (ch, level) => `‘${ch}’ is not on level ${level}: create its node and append it to the level.`,
  trieStepMark: (ch) => `Set the end-of-URL mark on the last char, ‘${ch}’ (the lab’s fix).`,
  trieStepNew: (url) => `Verdict: ${url} is new, so a crawler fetches it.`,
  trieStepSeenInsert: (url, fixed) =>
    fixed
      ? `Verdict: ${url} was stored before (its last char carries the end mark): a duplicate.`
      : `Verdict: every char of ${url} was found, no node was made: P4 calls it a duplicate and the crawler skips it.`,
  trieStepSeenLookup: (url, fixed) =>
    fixed ? `Verdict: seen — every char found and the last one carries the end mark.` : `Verdict: seen — every char of ${url} was found.`,
  trieStepMissing: (ch, level) => `Verdict: missing — ‘${ch}’ is not on level ${level}.`,
  trieStepUnmarked: (url) => `Verdict: missing — every char of ${url} is there, but its last char carries no end mark.`,
  trieVerdictWord: { new: 'new', seen: 'seen', missing: 'missing', unmarked: 'missing' },

  flawTitle: 'The prefix flaw: nothing marks where a URL ends',
  flawIntro:
    'P4’s lookup says “crawled” once every char is found, so a URL that is a proper prefix of a stored one reads as seen, and inserting it makes no node: a crawler following P4 never fetches it. The lab’s fix marks the last char of every URL.',
  flawStoredLabel: 'Stored URL',
  flawLookupLabel: 'Looked-up URL',
  flawGo: 'Compare',
  flawPrintedTitle: 'P4 as printed',
  flawFixedTitle: 'With end-of-URL marks (the lab’s fix)',
  flawLookupSays: (url, verdict, fixed) =>
    verdict === 'seen'
      ? fixed
        ? `${url} is stored.`
        : `P4 finds every char of ${url} and says it was crawled.`
      : verdict === 'unmarked'
        ? `Every char of ${url} is there, but ‘${url[url.length - 1]}’ has no end mark.`
        : `${url} is not in the list.`,
  flawInsertSays: (url, verdict, fixed) =>
    verdict === 'new'
      ? `Inserting ${url} next: new, stored${fixed ? ' (its last char gets the mark)' : ''}, and crawled.`
      : `Inserting ${url} next: “seen”, so it is never stored and never crawled${fixed ? '' : ' (a false duplicate)'}.`,

  trieRunTitle: 'On the loaded URLs: every structure side by side',
  trieRunProgress: (lines, pct) => `Building the six structures from ${lines} lines… ${pct}`,
  trieTiming: 'Timing each structure’s inserts and lookups in this browser…',
  trieRunDone: (s, runs, total) =>
    runs < total
      ? `Built and timed once in ${s} s; timing again for the median of ${total} runs: run ${runs + 1} of ${total}…`
      : `Built, and timed ${runs} times, in ${s} s.`,
  trieRunAll: (lines, distinct) => `All ${lines} loaded lines (${distinct} distinct URLs), as urlhash trie reads them.`,
  trieRunCapped: (lines, loaded, distinct) =>
    `The first ${lines} of the ${loaded} loaded lines (${distinct} distinct URLs): the page caps the trie here, since P4’s list takes about 40 nodes per URL and the study keeps two lists (about 100 MB at 100 000 URLs). urlhash trie --n ${lines} reads the same lines.`,
  trieProjected: (loaded, list, budget) =>
    `All ${loaded} loaded lines would need, at the bytes per URL measured here: ${list}. The page lets one structure take at most ${budget} (a browser tab’s WebAssembly addresses 4 GiB in all), so it measures the first lines only; urlhash trie --limit runs further natively.`,
  trieProjectedOne: (name, bytes, perUrl, fits) => `${name} ${bytes} (${perUrl} B/URL${fits ? '' : ', over the budget'})`,
  trieGrowthTitle: 'Bytes per URL as the URLs come in',
  trieGrowthNote:
    'Each structure’s bytes as laid out in memory (the lists: their node array’s capacity, which doubles as it grows, hence the saw teeth), divided by the distinct URLs so far. The fixed list costs exactly what the printed one does (its mark fits in the node’s padding), so the two lines coincide. The FST is static and rebuilt whole to be measured, so it is measured only at the first point, at P4’s 10 000 and 16 000, where the distinct URLs have grown eightfold since, and at the end: fewer points on its line.',
  trieJavaSeries: 'P4’s list on P4’s JVM (estimate: 24 bytes per node)',
  trieP4Line: (b) => `P4: 2 MB for 10 000 URLs = ${b} bytes per URL`,
  trieP4Point: (mb, n) => `P4’s figure: ${mb} MB for ${n} URLs`,
  trieP4Tooltip: 'P4’s figure (printed)',
  trieGrowthLabel: (n) => `Bytes per URL of each structure up to ${n} distinct URLs, with P4’s 2 MB for 10 000 URLs`,
  trieGrowthTooltipTitle: (n) => `${n} distinct URLs`,
  withSource: (text, source) => `${text} (${source})`,
  structureShort: {
    'gl-trie': 'P4’s list (printed)',
    'gl-trie-fixed': 'P4’s list + end marks',
    'hash-set': 'hash set of URLs',
    'md5-set': 'hash set of MD5s',
    patricia: 'Patricia trie',
    fst: 'FST (static)',
  },
  trieTableTitle: 'Every structure at the end',
  trieTableHead: ['structure', 'stored', 'nodes', 'B / URL', 'P4’s JVM B / URL', 'insert µs / URL', 'lookup µs / URL', 'lookup µs, 16 000'],
  trieTableNote: (distinct, p4n, runs) =>
    `B / URL: as laid out on a 64-bit machine (the lists: 12 bytes a node; the hash sets and the Patricia trie with 8-byte pointers), the same numbers urlhash trie prints and its allocator confirms, but for the FST: the fst crate’s builder keeps a cache of nodes to share, indexed by a hash cut to the machine’s word, so in this 32-bit WebAssembly it shares fewer and its FST comes out about 2 % larger than urlhash trie’s for the same URLs (neither is the smallest possible). P4’s JVM: an estimate at 24 bytes a node. Times are this browser’s, read from performance.now() by the same timing code as urlhash trie (building from the ${distinct} distinct URLs, then looking each of them up; each repeated until 25 ms have passed or 2 million URLs were handled), each time the median of ${runs} such runs with their range (min–max) below it; the last column builds from the first ${p4n}, P4’s Table 1 size. P4’s printed list stores fewer URLs when some are prefixes of others. — means not applicable, or fewer than ${p4n} URLs.`,
  trieP4Title: 'P4’s Table 1, as printed',
  trieP4Method: 'dedup method',
  trieP4Time: 'time per dedup',
  trieP4Note: (n, machine, reps) =>
    `${n} URLs on a ${machine}; the list’s 0.8 ms is the mean of ${reps} runs. P4 does not say what one “dedup” covers.`,
  trieP4Ours: (us, min, max, n, runs, total) =>
    runs < total
      ? `Ours, P4’s list as printed with ${n} URLs stored: ${us} µs per lookup in this browser (preliminary, ${runs} of ${total} runs…).`
      : `Ours, P4’s list as printed with ${n} URLs stored: ${us} µs per lookup in this browser (median of ${runs} runs, range ${min}–${max} µs).`,
  trieVerdict: (n, kind, why, ratio, min, max, runs, total) =>
    kind === 'a-faster'
      ? `Lookups with ${n} URLs stored: a hash set of the URLs is faster than P4’s list, which takes ${ratio} × its time (median of ${runs} runs, range ${min}–${max} ×).`
      : kind === 'b-faster'
        ? `Lookups with ${n} URLs stored: P4’s list is faster than a hash set of the URLs, taking ${ratio} × its time (median of ${runs} runs, range ${min}–${max} ×).`
        : kind === 'same'
          ? `Lookups with ${n} URLs stored: no clear difference between P4’s list and a hash set of the URLs. The list takes ${ratio} × the set’s time (median of ${runs} runs, range ${min}–${max} ×), and ${why}.`
          : `Lookups with ${n} URLs stored, P4’s list against a hash set of the URLs: preliminary, ${runs} of ${total} runs…; the list takes ${ratio} × the set’s time so far.`,
  trieP4OursSmall: (n, have) => `Load at least ${n} URLs to time P4’s Table 1 setting (this input has ${have} distinct).`,
  table1Title: 'P4’s Table 1 timed in this browser',
  table1Intro:
    'Each store P4 timed holds the same URLs, and the same loop as urlhash paper p4 (the core’s time_dedup) looks URLs up in it: half of them stored, half not, repeated until 60 ms have passed. The lists run in the lab’s WebAssembly; the database is SQLite’s own WebAssembly build with the CLI’s table and queries, a full scan as P4 describes it (“traverse every record of the database”) and the same table with an index. Times depend on the machine; the ratios to the generalized list are what P4’s table argues.',
  table1Run: 'Time Table 1',
  table1Rerun: 'Time it again',
  table1Progress: (row, i, total, run, runs) => `Run ${run} of ${runs}: timing ${row} (${i} of ${total})…`,
  table1Loading: 'Loading SQLite’s WebAssembly…',
  table1Done: (s, runs) => `Timed ${runs} times in ${s} s.`,
  table1Caption: (n) => `P4’s Table 1 beside this browser: ${n} URLs stored in each store`,
  table1Head: ['store', 'P4, ms', 'P4, × list', 'here, ms per lookup', 'here, × list', 'here, against the list', 'found / lookups', 'passes', 'held in'],
  table1Method: {
    'database-scan': 'database, full scan (P4’s)',
    'database-index': 'database, indexed',
    'linked-list': 'in-memory linked list',
    'generalized-list': 'generalized list (P4’s)',
    'md5-dirs': 'MD5 directories',
  },
  table1Verdict: { 'a-faster': 'slower', 'b-faster': 'faster', same: 'no clear difference' },
  table1Memory: 'memory',
  table1HeldIn: (vfs, kb) => (vfs === 'opfs-sahpool' ? `OPFS file, ${kb} KB` : `SQLite in memory, ${kb} KB`),
  table1CliOnly: 'command line only',
  table1ServedOnly: 'served lab only',
  table1Pending: 'not timed yet',
  table1Urls: (stored, look) =>
    `The same URLs as urlhash paper p4: ${stored} stored in each store, and ${look} lookups a pass, half of them stored URLs and half the URLs that follow them.`,
  table1Plan: (method, plan) => `SQLite’s plan for “${method}”: ${plan}`,
  table1Vfs: (version, vfs, note) =>
    vfs === 'opfs-sahpool'
      ? `SQLite ${version} (WebAssembly) kept each database in a file on this browser’s origin-private file system (OPFS), through its opfs-sahpool VFS, and deleted it after.`
      : `SQLite ${version} (WebAssembly) kept each database in memory: this browser offered no OPFS file for it${note ? ` (${note})` : ''}.`,
  table1SingleFile:
    'This one file, opened from disk, carries no SQLite (its WebAssembly and script would make the file more than half again as large, and pages opened from disk get no OPFS): the database rows need the served lab (./lab serve, or any static host). The lists are timed here as there.',
  table1Md5:
    'P4’s fourth store, a path of 32 nested directories per URL’s MD5 (one directory per hex digit), is timed by the command line only: a web page cannot create directories on your disk (1 000 URLs take about 30 000 of them: 32 levels each, the first few shared), and the browser’s private file system (OPFS) is not the operating system’s file system P4 timed. On your machine:',
  table1Md5Command: 'urlhash paper p4 --md5-dirs 1000',
  table1Ticks: (tick, scanMs, scanTicks, listMs, listTicks, reps, glMs, glTotal, glTicks) =>
    `An inference, not in P4: its times are whole ticks of a ${tick} ms clock, the step of Java’s System.currentTimeMillis() on Windows XP (64 ticks a second). ${scanMs} ms ≈ ${scanTicks} ticks (${scanTicks} × ${tick} = 968.75), ${listMs} ms ≈ ${listTicks} tick, and the list’s ${glMs} ms, the mean of ${reps} dedups, is ${glTotal} ms ≈ ${glTicks} tick over ${reps}. So the two lists’ figures say little more than “under one tick”; P4 names no clock.`,
  trieGlTitle: 'The generalized list itself',
  trieGlSummary: (nodes, roots, chars, perUrl, levels, depth, javaPerUrl, p4PerUrl, p4Nodes) =>
    `${nodes} nodes (${roots} level roots, ${chars} chars), ${perUrl} nodes per URL, ${levels} levels, mean depth ${depth}. On P4’s JVM at 24 bytes a node that is about ${javaPerUrl} bytes per URL, against P4’s ${p4PerUrl} (${p4Nodes} nodes per URL).`,
  trieFlawRunTitle: 'The prefix flaw on these URLs',
  trieFlawCount: (fd, prefixes) =>
    `${fd} URL(s) were false duplicates (P4’s list called them seen, so they were never stored nor crawled); ${prefixes} distinct URL(s) are proper prefixes of others.`,
  trieFlawLine: (line) => `line ${line}: `,
  trieFlawAfter: ' after ',

  // Bloom filters (P4, P5)
  bloomHeading: 'Bloom filters: P4’s and P5’s parameters, measured',
  bloomIntro:
    'P4 uses “a 16 times larger address space with 8 hash functions” (m/N = 16, k = 8); P5 takes k = 8 and m/N = 20 from Cao’s table. Neither prints an error rate. Here half of the distinct URLs are inserted and the other half, never inserted, are looked up: every “seen” among them is a false positive.',
  bloomKLabel: 'k, positions per URL',
  bloomKName: 'k',
  bloomRatioLabel: 'm/N, bits per inserted URL',
  bloomRatioName: 'm/N',
  bloomRatioHint: 'Drawn larger on the curve, and used by the bit array below.',
  bloomRatioBelowOne:
    'Below 1: the filter has fewer bits than inserted URLs, so most held-out URLs read as seen. Measured anyway; the curve shows why nobody does this.',
  bloomPresetsLabel: 'The papers',
  bloomPresetP4: 'P4: m/N 16, k 8',
  bloomPresetP5: 'P5: m/N 20, k 8',
  bloomPresetOptimal: 'm/N 20 at the best k, 14',
  bloomMethodsLegend: 'How the k positions are derived',
  bloomNoMethod: 'Tick at least one way of deriving the positions.',
  bloomProgress: (points, pct) => `Measuring ${points} filter(s) on the held-out URLs… ${pct}`,
  bloomDone: (points, s) => `${points} filter(s) measured in ${s} s.`,
  bloomRedrawn: 'Redrawn from filters already measured.',
  bloomSplitCorpus: (n, held, seed) =>
    `Inserted: corpus URLs 1 to ${n}; held out: the next ${held} (seed ${seed}), never inserted. The split of urlhash bloom --n ${n}, so the counts below equal its output.`,
  bloomSplitDistinct: (distinct, inserted, held) =>
    `The input’s ${distinct} distinct lines: the first ${inserted} inserted, the other ${held} held out. The split urlhash bloom makes of the same file, so the counts below equal its output.`,
  bloomCapped: (cap) => `The page stops at ${cap} inserted URLs.`,
  bloomCappedBudget: (lines) => `Only the first ${lines} lines are kept by the page (see the input report), so the filters read those.`,
  bloomFprTitle: 'False positives against m/N',
  bloomFprNote:
    'Points: the rate measured on the held-out URLs with its 95 % Wilson interval (a downward triangle: none was seen, placed at the interval’s top). Line: the exact formula (1 − (1 − 1/m)^(kN))^k. Hollow marks: the papers’ points, at the formula’s rate.',
  axisBitsPerUrl: 'm/N, bits per inserted URL',
  axisFprLog: 'false-positive rate (log scale)',
  fprTheoryLabel: (k) => `theory, k = ${k}`,
  fprOptimalLabel: 'theory at the best k = (m/N) ln 2',
  fullStop: '.',
  fprPaperNote: {
    p4: 'P4: “a 16 times larger address space, with all 8 hash functions mapping into it” (P4 prints no rate)',
    p5: 'P5: k = 8 and m/n = 20, after its ref. [12], Cao’s table (P5 prints no rate)',
    'p5-optimal-k': 'the optimal k at P5’s m/n = 20: 20 ln 2 = 13.9',
  },
  fprPaperLabel: {
    p4: 'P4: m/N 16, k 8',
    p5: 'P5: m/N 20, k 8',
    'p5-optimal-k': 'm/N 20 at k = 20 ln 2 = 13.9',
  },
  fprChartLabel: (k, n) => `False-positive rate against bits per URL for k = ${k}, ${n} URLs inserted, measured and in theory`,
  fprTooltipTitle: (r, k) => `m/N = ${r}, k = ${k}`,
  fprTheoryTitle: (r) => `m/N = ${r}`,
  fprTooltipMeasured: (name, fp, trials, rate, lo, hi) => `${name}: ${fp} of ${trials} held-out URLs = ${rate} (95 %: ${lo} to ${hi})`,
  fprTooltipTheory: (exact) => `theory (exact formula): ${exact}`,
  fprTooltipPaper: (given, exact, n) => `${given} by the formula (the paper prints no rate); ${exact} exactly at N = ${n}`,
  fprTooltipOptimal: (k, rate) => `at k = ${k}: ${rate}`,
  bloomTableHead: ['positions by', 'm/N', 'k', 'false positives / held out', 'measured', '95 % interval', 'theory', 'theory inside?'],
  methodShort: { independent: 'independent hashes', double: 'double hashing', 'enhanced-double': 'enhanced double hashing', 'md5-slices': 'MD5 slices' },
  bloomPaperLine: (given, exact, n) => `${given} by the formula; ${exact} exactly at this N = ${n}.`,

  bloomDemoTitle: 'Inside a small filter: the bit array',
  bloomQueryLabel: 'Look up a URL',
  bloomQueryDefault: 'http://www.pku.edu.cn/',
  bloomQueryInserted: 'Use an inserted URL',
  bloomDemoMethodLabel: 'Positions by',
  bloomDemoNote: (n, m, k, method, set, fill, expected, fpr) =>
    `The first ${n} inserted URLs in m = ${m} bits, k = ${k} positions each by ${method}: ${set} bits set (${fill}; theory ${expected}), so a URL never inserted reads “seen” with probability ${fpr}.`,
  bloomQueryNone: 'Type a URL to see its k positions.',
  bloomSaysSeen: 'seen',
  bloomSaysAbsent: 'missing',
  bloomSeenInserted: 'All k bits are set: it is one of the inserted URLs.',
  bloomSeenFalsePositive: 'All k bits are set, yet it was never inserted: a false positive.',
  bloomAbsentBecause: (i) => `Bit ${i} is 0: it was certainly never inserted.`,
  bloomMd5Narrow: (md5, k, w, m) => `MD5 = ${md5}: cut into ${k} slices of ${w} bits, each taken mod ${m}.`,
  bloomMd5Wide: (md5, k, m) =>
    `MD5 = ${md5}: ${k} slices of 128/${k} bits cannot address ${m} bits, so the lab widens them to 64-bit slices of MD5(D0 ‖ j).`,
  bitsLabel: (m, set, query) => `Bit array of ${m} bits, ${set} set${query ? `; the positions of ${query} outlined` : ''}`,
  bitTitle: (i, set, urls, query) =>
    `bit ${i}: ${set ? `1, set by ${urls} URL(s)` : '0'}${query ? ' — one of the looked-up URL’s positions' : ''}`,
  bitsLegendSet: 'bit set (1)',
  bitsLegendUnset: 'bit 0',
  bitsLegendQuerySet: 'looked-up URL, bit set',
  bitsLegendQueryUnset: 'looked-up URL, bit 0',

  memoryTitle: 'Memory: P4’s “1/8 to 1/4 of the hash table”',
  memoryNote: (n) =>
    `For the ${n} inserted URLs: the filter’s m/8 bytes beside Rust hash sets of the same URLs (64-bit layout, as urlhash bloom models them: buckets at most 7/8 full, glibc’s malloc blocks for the strings).`,
  memoryRatioLabel: (r) => `m/N = ${r}`,
  memoryBloom: 'Bloom filter',
  memoryMd5Set: 'hash set of MD5s',
  memoryStringSet: 'hash set of URL strings',
  memoryChartLabel: 'Bytes per URL of a Bloom filter and of two hash sets',
  axisMemoryRatio: 'bits per URL of the filter',
  memoryTableHead: ['m/N', 'Bloom filter B/URL', 'MD5 set B/URL', 'filter ÷ MD5 set', 'string set B/URL', 'filter ÷ string set'],
  memoryWithin: 'within P4’s 1/8–1/4',
  memoryBelow: 'below P4’s 1/8',
  memoryAbove: 'above P4’s 1/4',

  // Crawl nodes that join and leave (beyond the papers, P2's group)
  rebHeading: 'Beyond P2: crawl nodes that join and leave',
  rebIntro:
    'P2 deals each URL to node hash mod n, as Nutch’s URLPartitioner and Frontera’s crc32 % N do. When a crawl node is added or lost, mod n moves almost every host, so every node’s frontier and politeness state is reshuffled (7 → 8 nodes: 7/8 of them). A consistent-hash ring with virtual nodes, rendezvous (highest random weight) and jump consistent hash (Lamping & Veach 2014) move only the new node’s share (1/8). Measured here on the hosts and URLs of the input on screen.',
  rebFromLabel: 'Crawl nodes before',
  rebFromName: 'the crawl nodes before',
  rebToLabel: 'Crawl nodes after',
  rebToName: 'the crawl nodes after',
  rebVnodesLabel: 'Virtual nodes per node (ring)',
  rebVnodesName: 'the virtual nodes per node',
  rebPresetsLabel: 'Presets',
  rebPreset: {
    join: (from, to) => `A node joins: ${from} → ${to}`,
    leave: (from, to) => `A node leaves: ${from} → ${to}`,
  },
  rebSchemeLabel: 'Animate the scheme',
  rebPlay: 'Play the move again',
  rebLoadingModule: 'Loading the lab’s second module and handing it the lines…',
  rebProgress: (pct) => `Dealing the hosts to the nodes before and after… ${pct}`,
  rebDone: (s) => `Done in ${s} s.`,
  rebMovedTitle: 'The share of hosts and URLs that move to another node',
  rebMovedNote: (from, to, hosts, urls, modRange, modTheory, consRange, consTheory, lines) =>
    `${from} → ${to} crawl nodes, ${hosts} hosts and ${urls} distinct URLs${lines === null ? '' : ` (the first ${lines} lines so far)`}: the mod n schemes moved ${modRange} of the hosts (theory for a uniform hash: ${modTheory}); the consistent ones ${consRange} (theory: ${consTheory}). The dash on each bar is its theory.`,
  rebMovedHosts: 'hosts moved',
  rebMovedUrls: 'URLs moved',
  rebTheory: 'theory (a uniform hash)',
  rebAxisScheme: 'scheme',
  rebAxisMoved: 'moved to another node (%)',
  rebMovedChartLabel: (from, to, hosts, urls) => `Bar chart: for each scheme, the share of ${hosts} hosts and of ${urls} URLs that move when ${from} crawl nodes become ${to}, with the share theory gives.`,
  rebFlowTitle: 'Which hosts move where',
  rebFlowNote: (scheme, moved, hosts, share, theory, per) =>
    `${scheme}: ${moved} of ${hosts} hosts move (${share}; theory ${theory}). Each dot is ${per === 1 ? 'a host' : `${per} hosts`}, coloured by its node before; it moves from its old node’s column to its new node’s.`,
  rebFlowBefore: (from, to) => `${from} nodes → ${to}`,
  rebFlowAfter: (to) => `after: ${to} nodes`,
  rebFlowJoins: 'joins',
  rebFlowLeaves: 'leaves',
  rebFlowLabel: (scheme, from, to, moved, hosts, share) => `Animation: under ${scheme}, ${moved} of ${hosts} hosts (${share}) move to another node when ${from} crawl nodes become ${to}.`,
  rebCurveTitle: 'The share of URLs that move when an (n + 1)-th node joins',
  rebCurveNote: (max) => `For n = 2 … ${max} nodes, on the loaded URLs. Dashed: theory for a uniform hash, n/(n + 1) under mod n and 1/(n + 1) under a consistent scheme. P2’s path hash, as printed, keeps more URLs on their node than a uniform hash would: its values are not uniform (see P2’s view).`,
  rebAxisNodes: 'crawl nodes before, n',
  rebAxisMovedUrls: 'URLs moved (%)',
  rebCurveTooltip: (n) => `${n} → ${n + 1} nodes`,
  rebCurveChartLabel: (min, max) => `Line chart: for each scheme, the share of URLs that move when a node joins n nodes, n from ${min} to ${max}, with theory dashed.`,
  rebTheoryMod: 'theory, mod n: n/(n + 1)',
  rebTheoryConsistent: 'theory, consistent: 1/(n + 1)',
  rebTableTitle: 'Every scheme: moves, balance after and lookup time',
  rebTableHead: (from, to) => ['scheme', 'hosts moved', 'share', 'URLs moved', 'share', 'theory', `B, ${from} nodes`, `B, ${to} nodes`, 'hosts B after', 'hosts split after', 'ns per lookup'],
  rebTableNote: (to) =>
    `B is max/mean of the URLs per node (hosts B: of the hosts). A host split over nodes loses its politeness state on one node: P2’s routing keys each URL’s path, so it splits hosts; the others key the host. ns per lookup: the key hashed and its node found among ${to}, timed in this browser on the first 16 000 lines.`,
  rebInput: (links, urls, duplicates, hosts, unsplittable, firstError) =>
    `Read: ${links} lines with a host, ${urls} distinct URLs (${duplicates} repeats) on ${hosts} hosts; ${unsplittable} lines without a host reach no node${firstError ? ` (the first: ${firstError})` : ''}.`,
  rebCli: 'The same numbers from the command line:',
  rebCliCommand: 'urlhash rebalance --nodes 7 --to 8 --vnodes 100 FILE',
  rebSchemeName: (id) => S.rebSchemeShort[id] ?? (id.startsWith('ring:v') ? `ring, ${id.slice(6)} virtual nodes` : id),
  rebSchemeShort: {
    'p2-printed': 'P2, as printed',
    'p2-xor': 'P2, XOR (comment)',
    'p2-repaired': 'P2, lab repair',
    'host:xxh3': 'host · XXH3 mod n',
    nutch: 'Nutch',
    frontera: 'Frontera',
    heritrix: 'Heritrix 3',
    'ring:v100': 'ring, 100 virtual nodes',
    rendezvous: 'rendezvous',
    jump: 'jump hash',
  },
  rebSchemeAbout: {
    'mod-p2': 'P2’s path hash mod n (its three readings)',
    'mod-host': 'the host’s XXH3 mod n',
    nutch: 'Nutch URLPartitioner byHost: hashCode & 0x7FFFFFFF mod n',
    frontera: 'Frontera: crc32(host) mod n',
    heritrix: 'Heritrix 3: the registrable domain’s hash mod n',
    ring: 'a consistent-hash ring with V points per node',
    rendezvous: 'rendezvous: the node with the highest hash of (node, host)',
    jump: 'jump consistent hash (Lamping & Veach 2014)',
  },

  // The hash-quality battery (beyond the papers, P1's group)
  qualHeading: 'Beyond P1: is each function good on URL-shaped keys?',
  qualIntro:
    'P1 judges its functions by A and B on one crawl. SMHasher3, the reference test suite for hash functions, asks more: are the low and the high bits spread evenly (χ² at M = 2⁸, 2¹², 2¹⁶)? Do keys collide more often than the birthday bound says? Does flipping one input bit flip each output bit half the time (avalanche), and independently of the others (BIC)? Here every function of the lab goes through those tests on keys made from your URLs (hosts, paths, recombined prefix + core + suffix, one-byte and one-bit changes) and on SMHasher3-like synthetic sets. Each line scores ^N: how unlikely the result is from a random function, as a power of two, after Šidák’s correction for the number of tests; ^16 warns, ^20 fails.',
  qualFnLabel: 'Heat maps and lines of',
  qualSetLegend: 'Avalanche keys',
  qualSetUrls: 'your URLs (their first 32 bytes flipped)',
  qualSetRandom: 'random 32-byte keys',
  qualProgress: (pct) => `Running the battery… ${pct} %`,
  qualChartTitle: 'Test lines passed, warned and failed, per function (SMHasher3’s order)',
  qualNote: (soFar) =>
    soFar
      ? `${soFar[0]} of ${soFar[1]} functions so far; the others are still under test.`
      : 'Functions with no failed line come first, fastest first; then by failed lines, then speed (SMHasher3’s summary order; times are this browser’s).',
  qualChartLabel: (list) => `Stacked bar chart: failed of all test lines per function: ${list}.`,
  qualSeries: { passed: 'passed', warnings: 'warned (^16 to ^19)', failures: 'failed (^20 and worse)' },
  qualAxisX: 'hash function',
  qualAxisY: 'test lines',
  qualInput: (lines, distinct) => `The first ${lines} lines, ${distinct} distinct URLs, and the synthetic sets below.`,
  qualTableTitle: 'The battery’s table',
  qualTableHead: ['function', 'bits', 'verdict', 'lines', 'passed', 'warned', 'failed', 'worst', 'worst line', 'ns / key', 'P1’s A', 'P1’s B'],
  qualTableNote:
    'A and B are P1’s own measures on your URLs (A: average probes at N/M = 2.5, about 2.25 for a random function; B: the spread over 12 machines, about 1 for a random function). A function can score near those on A and B and still fail many lines here: P1’s measures see only the low bits of whole URLs. ns / key: timed in this browser on your URLs.',
  qualMapsTitle: (fn) => `${fn}: avalanche and bit independence`,
  qualAxisInputBit: 'input bit flipped (bit i of byte i/8)',
  qualAxisOutputBit: 'output bit',
  qualMapLegend: ['0: as a random function', '0.5 and more'],
  qualAvalLabel: (fn, set, worst) => `Heat map: ${fn}’s avalanche on ${set}; worst bias ${worst}.`,
  qualAvalCaption: (fn, set, samples, worst) =>
    `Avalanche of ${fn} on ${set} (${samples} keys): each cell is |2 × P(output bit flips) − 1| when the input bit is flipped; white is a fair coin. Worst: ${worst}.`,
  qualBicLabel: (fn, set) => `Heat map: ${fn}’s bit independence on ${set}.`,
  qualBicCaption: (fn, set, inputs, worst) =>
    `Bit independence of ${fn} on ${set}: for each pair of its low output bits, the worst |φ| (correlation of their flips) over ${inputs} input bits; white is independent. Worst: ${worst}.`,
  qualTestsTitle: (fn, n) => `${fn}: all ${n} lines`,
  qualTestsAbout: 'Every test line of the function chosen: the keyset, the test, where it looked (M, bits), what it observed against what a random function gives, p after Šidák’s correction, the score and the verdict.',
  qualTestsHead: ['keys', 'test', 'count', 'at', 'observed', 'expected', 'p (corrected)', 'score', 'verdict'],
  qualWidth: (w) => `${w} bits`,
  qualBits: (i, j, k) => (k === null ? `input bit ${i} → output bit ${j}` : `input bit ${i}: output bits ${j}, ${k}`),
  qualVerdict: { pass: 'pass', warn: 'warn', fail: 'FAIL' },
  qualKeysetsTitle: 'The keysets and the tests',
  qualKeysetsHead: ['keys', 'from', 'count', 'what they are'],
  qualFromUrls: 'your URLs',
  qualSynthetic: 'synthetic',
  qualKeyset: {
    urls: 'URLs',
    hosts: 'hosts',
    paths: 'paths',
    recombined: 'recombined',
    'one-byte': 'one byte changed',
    'one-bit': 'one bit changed',
    text: 'Text',
    'long-head': 'Long, differing at the head',
    'long-tail': 'Long, differing at the tail',
    'sparse-8x3': 'Sparse 8 bytes',
    'sparse-32x2': 'Sparse 32 bytes',
    'two-bytes': 'TwoBytes',
    'avalanche-urls': 'your URLs',
    'avalanche-random': 'random keys',
  },
  qualTest: {
    uniformity_low: 'low bits even',
    uniformity_high: 'high bits even',
    collisions: 'collisions',
    collisions_low32: 'collisions, low 32 bits',
    collisions_high32: 'collisions, high 32 bits',
    avalanche: 'avalanche',
    bic: 'bit independence',
  },
  qualCliCommand: 'urlhash quality --maps FILE',

  // Which URLs are one page (beyond the papers, P3's group)
  canonHeading: 'Beyond P3: which URLs are the same page?',
  canonIntro:
    'Crawlers disagree about which spellings of a URL are one page. Your lines go through seven canonicalisation schemes, each as its source writes it: the WHATWG URL Standard (the url crate), RFC 3986’s normalisation, Google Safe Browsing’s canonicalisation, Apache Nutch 1.22’s and StormCrawler 3.4’s basic normalisers, Scrapy’s w3lib 2.5 and P3’s own key ("http://" + host + path). Each merges a different set of your lines, and that changes every dedup count, fingerprint and false-positive rate downstream. A line a scheme cannot read stays its own page; nothing is dropped.',
  canonListLegend: 'Which list',
  canonAsLoaded: 'your lines as loaded',
  canonRespelled: 'your lines, each of the first N followed by a respelling of it',
  canonRespellLabel: 'N, lines respelled',
  canonRespellName: 'the number of lines respelled',
  canonRespellNote:
    'A list with no spelling variants (the built-in corpus writes each URL once) merges nothing. Respelled, line 1 gets its host in capitals, line 2 “:80”, line 3 “#top”, then an escaped letter, “/./”, an empty query, http ↔ https and a session id, in turn. The counts then cover your lines plus these, and say so.',
  canonSchemeLabel: 'Merged groups of',
  canonProgress: (pct) => `Comparing the lines under seven schemes… ${pct} %`,
  canonChartTitle: 'Spellings each scheme makes one page with another',
  canonChartLabel: (lines, each) => `Bar chart: of ${lines} lines, the spellings each scheme merges into another: ${each}.`,
  canonSeriesMerged: 'spellings merged (distinct as written − distinct pages)',
  canonSeriesSplit: 'merged pages P2 splits across crawl nodes',
  canonAxisX: 'canonicalisation scheme',
  canonAxisY: 'spellings',
  canonSchemeName: {
    whatwg: 'WHATWG',
    rfc3986: 'RFC 3986',
    'safe-browsing': 'Safe Browsing',
    nutch: 'Nutch 1.22',
    w3lib: 'w3lib 2.5',
    stormcrawler: 'StormCrawler 3.4',
    p3: 'P3’s key',
  },
  canonNote: (lines, spellings, partial) =>
    `${lines} lines, ${spellings} distinct spellings${partial ? ' so far (the study is still reading)' : ''}. A bar is how many spellings the scheme counts as a page already seen.`,
  canonInput: (lines, spellings, added, respelled) =>
    added === '0'
      ? `${lines} lines as loaded, ${spellings} distinct spellings.`
      : `${lines} lines: yours, and ${added} respellings you asked for (one after each of your first ${respelled} lines); ${spellings} distinct spellings.`,
  canonCapped: (lines, loaded) => `Only the first ${lines} of the ${loaded} lines loaded are compared (the study keeps every distinct line, about 1 KB each).`,
  canonTableTitle: 'Distinct pages per scheme, and what changes downstream',
  canonTableHead: ['scheme', 'distinct pages', 'spellings merged', 'groups', 'refused', 'MD5 changed', 'Bloom FPR measured', 'Bloom FPR theory', 'P2 busiest / mean', 'split by P2'],
  canonAsWritten: 'as written',
  canonKnockNote: (bits, k, probes, nodes) =>
    `MD5 changed: distinct spellings whose canonical form differs from them, so P3’s fingerprint of the page is not the fingerprint of the line. Bloom FPR: one filter of ${bits} bits per distinct spelling, k = ${k}, holding each page once, asked about ${probes} keys in no list: fewer pages, fewer false positives. P2: pages per node over ${nodes} crawl nodes by P2’s path hash (its repaired reading); “split by P2” counts merged pages whose spellings P2 sends to two or more nodes, where no node can see they are one page.`,
  canonGroupsTitle: (scheme, groups, spellings) => `${scheme}: the largest of its ${groups} merged groups (${spellings} spellings)`,
  canonGroupsAbout: 'The groups of spellings the scheme chosen makes one page, largest first, each with the rule that separates its first two spellings.',
  canonGroupsHead: ['spellings', 'lines', 'merged by', 'canonical form', 'spellings (first ones)'],
  canonNoGroups: 'None: this scheme keeps every line apart.',
  canonRule: {
    'add-scheme': 'scheme added',
    'lowercase-host': 'case of scheme and host',
    'drop-default-port': 'default port',
    'drop-fragment': 'fragment',
    'trailing-slash': 'trailing slash',
    'drop-www': 'www.',
    'sort-query': 'query order or empty query',
    'drop-session-ids': 'session id',
    escapes: '%-escapes',
    'dot-segments': 'dot segments',
    'http-https': 'http ↔ https',
    'scheme-own': 'a rule of this scheme’s own',
  },
  canonPairsTitle: 'Where two schemes disagree',
  canonPairsNote: 'Row: the scheme that merges. Column: the scheme that keeps apart. Each cell counts the pairs of spellings the row makes one page and the column keeps two; pick one for an example.',
  canonPairsCorner: 'merges ↓ · keeps apart →',
  canonPairLabel: (a, b, pairs) => `${pairs} pairs ${a} merges and ${b} keeps apart`,
  canonPairExample: (a, b, pairs, x, y) => `${a} makes ${pairs} pairs one page that ${b} keeps apart, for example ${x} and ${y}.`,
  canonNoPairs: 'The schemes agree on every pair of these lines.',

  // The filter bake-off (beyond the papers, P5's group)
  filterHeading: 'Beyond P5: the filters crawlers use today',
  filterIntro:
    'P5 builds a counting Bloom filter (4-bit counters: 3–4 times a Bloom filter’s space) so that URLs can be deleted. A cuckoo filter deletes with about 12 bits per key at a low rate; xor filters take 9.84 bits per key at 0.39 % (xor8) and binary fuse filters about 9.04 (static sets); a Bloom filter needs about 10 bits per key for 1 %, 44 % above the log2(1/ε) bound. Measured here on the URLs of the input on screen, split as the Bloom view splits them.',
  filterByLegend: 'Size every filter for',
  filterByFpr: 'target false-positive rates',
  filterByBits: 'bits per key',
  filterValuesFpr: 'Target rates (comma separated; 1% or 0.01)',
  filterValuesBits: 'Bits per key (comma separated)',
  filterValuesEmpty: 'Type at least one value.',
  filterValueRange: (by, part, min, max) => `“${part}” is not ${by === 'fpr' ? 'a rate' : 'a number of bits per key'} from ${min} to ${max}.`,
  filterPreset: {
    fpr: (values) => `Rates ${values}`,
    bits: (values) => `Bits per key ${values}`,
  },
  filterProgress: (pct) => `Splitting the URLs, then building and probing each filter… ${pct} %`,
  filterChartTitle: 'Bits per key against the false-positive rate, every filter',
  filterNote: (inserted, held, xor, fuse, cuckoo, sofar) =>
    `${inserted} URLs inserted, ${held} held out${sofar ? ` (${sofar[0]} of ${sofar[1]} filters so far)` : ''}.` +
    (xor ? ` xor8: ${xor[0]} bits per key, rate ${xor[1]} (published: 9.84 bits, 0.39 %).` : '') +
    (fuse ? ` Binary fuse 8: ${fuse[0]} bits per key, rate ${fuse[1]} (published: about 9.04 bits for millions of keys).` : '') +
    (cuckoo ? ` Cuckoo filter: ${cuckoo[0]} bits per key with ${cuckoo[1]}-bit fingerprints, rate ${cuckoo[2]}.` : '') +
    ' Dashed: the bound, no filter does better than log2(1/ε) bits per key; dotted: P4’s and P5’s bits per URL. A point pointing down: no false positive, drawn at its interval’s top.',
  filterBoundLabel: 'bound log2(1/ε)',
  filterBoundPoint: (bits, rate) => `${bits} bits per key: ε = ${rate}`,
  filterMarkP4: (bits) => `P4: ${bits} bits/URL`,
  filterMarkP5: (bits) => `P5: ${bits} bits/URL`,
  filterAxisBits: 'bits per key (memory ÷ inserted URLs)',
  filterChartLabel: (inserted, held) => `Scatter chart, log scales: bits per key against the false-positive rate measured on ${held} held-out URLs, for every filter holding ${inserted} URLs, with 95 % intervals and the log2(1/ε) bound.`,
  filterTooltipTitle: (name, method, setting, target) => `${name}${method ? ` (${method})` : ''}, sized for ${setting === 'fpr' ? `a rate of ${target}` : `${target} bits per key`}`,
  filterTooltip: (bits, fp, held, fpr, lo, hi, formula) => `${bits} bits per key; ${fp} of ${held} held out pass: ${fpr} [${lo}, ${hi}]; formula ${formula}`,
  filterTableTitle: 'Every filter: memory, rate, what it supports and its speed',
  filterTableHead: ['filter', 'derivation / fingerprint', 'sized for', 'bits per key', 'false positives', 'rate', '95 % interval', 'formula', 'bound, bits per key', 'deletes', 'counts', 'inserts later', 'build ns per key', 'lookup ns per key'],
  filterTableNote:
    'Bits per key: the filter’s memory over the inserted URLs (IMP-CB’s includes the MD5 store behind it, so it never errs). Formula: Bloom (1 − e^(−kn/m))^k; cuckoo 2·4/2^f at its load; xor and binary fuse 2^(−f). Deletes: cuckoo, counting and IMP-CB; xor and binary fuse filters are built once from every key (no insert later). Build and lookup: timed in this browser, a row at a time, after the rates.',
  filterSplit: (inserted, held, corpus) =>
    corpus
      ? `${inserted} corpus URLs inserted and the next ${held} held out, as urlhash filters --n N takes them.`
      : `The first half of the distinct lines inserted (${inserted}), the rest held out (${held}), as urlhash filters takes them from a file.`,
  filterFingerprint: (bits) => `${bits}-bit fingerprints`,
  filterForRate: (rate) => `rate ${rate}`,
  filterForBits: (bits) => `${bits} bits per key`,
  filterYes: 'yes',
  filterNo: 'no',
  filterCliCommand: 'urlhash filters --fpr 1%,0.1% FILE',
  filterName: {
    bloom: 'Bloom',
    counting: 'counting Bloom (P5)',
    'imp-cb': 'IMP-CB (P5)',
    cuckoo: 'cuckoo',
    xor8: 'xor8',
    'binary-fuse8': 'binary fuse 8',
    'binary-fuse16': 'binary fuse 16',
  },

  // Counting Bloom filters and IMP-CB (P5)
  cbfHeading: 'Counting Bloom filters and P5’s IMP-CB: overflow and deletes',
  cbfIntro:
    'A counting filter keeps a small counter instead of a bit, so URLs can be deleted. Wu Jiaqi et al. (吴家奇, 2018) use 4-bit counters, k = 8, m/N = 20, and put an MD5 fingerprint store behind them (IMP-CB). A counter that reaches its maximum is stuck; decrementing it anyway loses URLs that still need it.',
  cbfBitsLabel: 'Bits per counter',
  cbfBitsName: 'the bits per counter',
  cbfRatioLabel: 'm/N, counters per URL',
  cbfRatioName: 'm/N',
  cbfKLabel: 'k, counters per URL',
  cbfKName: 'k',
  cbfDeleteLabel: 'Share deleted again',
  cbfDeleteName: 'the share deleted',
  cbfMethodLabel: 'Positions by',
  cbfPresetsLabel: 'Presets',
  cbfPresetP5: (bits, ratio, k) => `P5: ${bits} bits, m/N ${ratio}, k ${k}`,
  cbfPresetSaturating: (bits, ratio, k) => `Saturating: ${bits} bits, m/N ${ratio}, k ${k}`,
  cbfProgress: (pct) => `Filling the counters… ${pct}`,
  cbfDeleting: 'Inserting, deleting and checking every kept URL in three filters…',
  cbfDone: (s) => `Done in ${s} s.`,
  cbfFromCorpus: 'the corpus URLs urlhash cbf --n N inserts',
  cbfFromFile: (distinct) => `the first half of the ${distinct} distinct lines, as urlhash cbf takes them from a file`,
  cbfSplit: (n, from, m, bits, k, r, deleted, kept) =>
    `${n} URLs (${from}) in m = ${m} counters of ${bits} bits (m/N = ${r}), k = ${k}; then the first ${deleted} are deleted and the ${kept} kept ones looked up. The numbers equal urlhash cbf with the same settings.`,
  cbfHistTitle: 'Counters after inserting every URL',
  cbfHistNote: (m, nonzero, saturated, overflows, max) =>
    `${m} counters: ${nonzero} above 0, ${saturated} stuck at the maximum ${max}, ${overflows} increments lost to saturation. Dashed: m · P(c = j) with c ~ Binomial(Nk, 1/m).`,
  axisCounterValue: 'counter value j',
  axisCountersLog: 'counters holding j (log scale)',
  countersMeasured: 'counters',
  countersSoFar: (n, total) => `counters, ${n} of ${total} URLs in so far`,
  cbfSoFar: (n, total) => `So far ${n} of the ${total} URLs are in; the picture grows as the rest go in. `,
  countersExpected: 'expected, m · P(c = j)',
  counterFullLabel: (j) => `${j} (full)`,
  countersTooltipTitle: (j) => `counter value ${j}`,
  countersChartLabel: (m, bits) => `How many of the ${m} counters of ${bits} bits hold each value, measured and expected`,

  overflowTitle: 'Counter overflow: the bound, and P5’s two misprints',
  overflowHead: (m, j) => [`for m = ${m} counters, overflow at j = ${j}`, 'value', 'what it is'],
  overflowCorrected: (j) => `Fan et al.’s bound P(max c ≥ ${j}) ≤ m (e ln 2 / j)^j`,
  overflowApplies: 'The corrected bound (it holds when k ≤ (ln 2) m/N, true here).',
  overflowNotApplies: (k, r) => `The corrected bound, but its condition k ≤ (ln 2) m/N fails here (k = ${k}, m/N = ${r}): it bounds nothing.`,
  overflowPrintedFormula: (j) => `P5’s printed formula m (ln 2 / j)^j, j = ${j}`,
  overflowMisprintE: 'Misprint: the e is lost, which makes the bound about e^j times too small.',
  overflowPrintedNumber: 'P5’s printed number 1.37 × 10^15 × m',
  overflowMisprintSign: 'Misprint: the exponent’s sign is lost; a “probability” above 1 bounds nothing.',
  overflowMisprintSignOther: (bits) => `Misprint (and printed for 4-bit counters only; these have ${bits} bits).`,
  overflowExact: (j) => `Exact: expected counters reaching ${j}, m · P(c ≥ ${j})`,
  overflowExactNote: 'From the binomial tail, no bound needed.',
  overflowSaturated: (j) => `Exact: expected counters at ${j} or more (stuck), m · P(c ≥ ${j})`,
  overflowSaturatedNote: (measured) => `Measured here: ${measured}.`,
  overflowFactors: (corrected, withoutE, printed) =>
    `At j = 16 (4-bit counters) the factor of m is ${corrected}; without the e it would be ${withoutE}; P5 prints ${printed}.`,

  deletionTitle: 'Deleting URLs: who loses the ones that stay?',
  deletionIntro:
    'All URLs are inserted, the first share deleted, then every kept URL looked up. A plain counting filter that decrements stuck counters (cbf-decrement) can reach 0 under a kept URL: a false negative. Leaving stuck counters alone (cbf-sticky) loses nothing but never clears them; IMP-CB recounts a stuck counter from its fingerprint store.',
  deletionShort: { 'cbf-decrement': 'CBF, decrement', 'cbf-sticky': 'CBF, sticky', 'imp-cb': 'IMP-CB (P5)' },
  deletionWhat: {
    'cbf-decrement': 'a plain counting filter that decrements saturated counters',
    'cbf-sticky': 'a plain counting filter that never decrements a saturated counter (Fan et al.)',
    'imp-cb': 'P5’s counters with an MD5 fingerprint store behind them',
  },
  deletionHead: ['structure', 'kept URLs lost', 'of the kept', 'deleted still “seen”', 'lost increments', 'stuck after insert', 'stuck after delete', 'bytes'],
  deletionLost: (kept) => `kept URLs lost (of ${kept})`,
  deletionStill: (deleted) => `deleted URLs still “seen” (of ${deleted})`,
  axisDeletionStructure: 'structure',
  deletionChartLabel: (kept, deleted) => `Kept URLs lost and deleted URLs still present, of ${kept} kept and ${deleted} deleted`,
  deletionLostNote: (lost, kept) => `The plain filter lost ${lost} of ${kept} kept URLs: a crawler would fetch them again. IMP-CB lost none.`,
  deletionNoneLost: 'No counter overflowed at these settings, so no structure lost a URL. Try the saturating preset.',

  // P5's Fig. 3 and misprints (www/views/p5-view.js)
  p5Fig3Title: 'P5’s Fig. 3 timed in this browser: the fingerprint store alone against IMP-CB',
  p5Fig3Intro:
    'P5 claims IMP-CB dedups faster than its fingerprint store alone (Fig. 1) because a zero counter answers “new” without a lookup. Both run here on streams of N pages in which a share repeat an earlier URL, first with the store in memory (a hash map), then in SQLite on OPFS, the browser’s disk: P5’s store outgrows memory, so that lookups “频繁地进行 I/O 操作” (go to I/O often). P5’s Fig. 3 prints no numbers; these are this browser’s.',
  p5Fig3DupLabel: 'Pages that repeat a URL, % (P5 cites 29 % near-duplicate pages)',
  p5Fig3SeedLabel: 'Stream seed',
  p5Fig3DupName: 'the share of repeated pages',
  p5Fig3SeedName: 'the stream seed',
  p5Fig3Run: 'Time Fig. 3',
  p5Fig3Rerun: 'Time it again',
  p5Fig3Stop: 'Stop after this row',
  p5Fig3Progress: (medium, i, total, run, runs) => `Run ${run} of ${runs}: timing row ${i} of ${total}, the store ${medium}…`,
  p5Fig3Loading: 'Loading SQLite’s WebAssembly…',
  p5Fig3Done: (s, runs) => `Timed ${runs} times in ${s} s.`,
  p5Fig3Stopped: (done, total) => `Stopped: ${done} of ${total} row timings done; a row timed fewer times than the others is preliminary.`,
  p5Fig3NeedsSplit: 'Fig. 3 runs on the URLs the counting filter above inserted: it is ready once the filter is measured.',
  p5Fig3Medium: { memory: 'in memory', disk: 'on disk (SQLite)' },
  p5Fig3Caption: (pct, seed, distinct) => `Streams with ${pct} of the pages repeating an earlier URL (seed ${seed}), drawn from the ${distinct} URLs the counting filter inserted.`,
  p5Fig3Head: ['store', 'N', 'repeats', 'store alone, µs/page', 'IMP-CB, µs/page', 'IMP-CB ÷ store', 'faster', 'lookups spared', 'zero', 'found', 'not found', 'page reads (alone / IMP-CB)'],
  p5Fig3Faster: { 'a-faster': 'store alone', 'b-faster': 'IMP-CB', same: 'no clear difference' },
  p5Fig3Unit: 'µs per page',
  p5Fig3Series: (who, medium) => `${who === 'store' ? 'store alone' : 'IMP-CB'}, ${medium}`,
  p5Fig3ChartLabel: 'Microseconds per page of the store alone and of IMP-CB at each N, in memory and on disk',
  axisP5Fig3N: 'N, pages in the stream',
  p5Fig3Warming: (medium) => `Warming up, the store ${medium} (the smallest N once, untimed)…`,
  p5Fig3Verdict: (disk, n, kind, why, ratio, min, max, runs, total) =>
    `${disk ? 'On disk' : 'In memory'}, at N = ${n}, ` +
    (kind === 'a-faster'
      ? `the store alone is faster: IMP-CB takes ${ratio} × its time (median of ${runs} runs, range ${min}–${max} ×).`
      : kind === 'b-faster'
        ? `IMP-CB is faster: it takes ${ratio} × the store alone’s time (median of ${runs} runs, range ${min}–${max} ×).`
        : kind === 'same'
          ? `no clear difference: IMP-CB takes ${ratio} × the store alone’s time (median of ${runs} runs, range ${min}–${max} ×), and ${why}.`
          : `preliminary, ${runs} of ${total} runs…: IMP-CB takes ${ratio} × the store alone’s time so far.`),
  p5Fig3Note: (memory, disk, winsAt, memoryNoGain, diskLoses) =>
    memory +
    (memoryNoGain ? ' In memory a hash-map lookup costs about what its k = 8 counter reads cost, so sparing lookups saves nothing.' : '') +
    (disk === null
      ? ' The disk rows show where P5’s claim can hold.'
      : ` ${disk}` +
        (winsAt ? ` On disk IMP-CB is faster at N = ${winsAt}: each lookup it spares is a SQLite statement and a call out of the WebAssembly.` : '') +
        (diskLoses
          ? ' Where it loses on disk, a B-tree insert reads the leaf the spared lookup would have read, and P5’s records carry IMP-CB’s k = 8 counter indices beside each fingerprint: its table is twice the store’s, and more of it misses SQLite’s page cache.'
          : '')) +
    ' “zero”: a zero counter said new, no lookup; “found”: all counters non-zero and the store had it (Count + 1); “not found”: a false positive of the counters, looked up for nothing.',
  p5Fig3Vfs: (version, vfs, note) =>
    vfs === 'opfs-sahpool'
      ? `SQLite ${version}, its files on OPFS (the opfs-sahpool VFS), deleted after each row; synchronous = OFF and a commit every 50 000 writes, as the command line runs it.`
      : `SQLite ${version} in memory: this browser offers no OPFS here${note ? ` (${note})` : ''}, so “disk” is SQLite’s pages in memory.`,
  p5Fig3SingleFile: 'This file, opened from disk, carries no SQLite: the disk rows need the served lab (./lab serve) or the command line below.',
  p5Fig3Cli: 'The command line times the same rows, and records without IMP-CB’s indices as well:',
  p5Fig3CliCommand: 'urlhash paper p5 --disk',
  p5SlipsTitle: 'P5’s slips, with this run’s numbers',
  p5SlipsWaiting: 'Measured on the counting filter’s URLs once it has run.',
  p5TailTitle: '(a) A “bound” below what it bounds',
  p5TailClaim:
    '§2.2 prints P(c(i) ≥ j) ≤ C(Nk, j)(1/m)ʲ(1 − 1/m)^(Nk−j). The right side is P(c(i) = j), one term of the tail, so it is below the tail P(c(i) ≥ j) at every j < Nk: the inequality is false.',
  p5TailHead: ['setting', 'm', 'Nk', 'j', 'P(c ≥ j), exact', 'printed right side', 'measured here', 'holds?'],
  p5TailMeasuredNote: '“measured here”: the share of this run’s counters at j or more, after Fig. 3’s largest stream.',
  p5Setting: {
    'by hand': 'by hand',
    'this run': 'this run',
    'P5 at N = 2 000 000': 'P5 at N = 2 000 000',
    'P5: m/N = 20, k = 8': 'P5: m/N = 20, k = 8',
    'small: m/N = 2, k = 4': 'small: m/N = 2, k = 4',
  },
  p5Holds: (yes) => (yes ? 'yes' : 'no'),
  p5NkTitle: '(b) “From N hash computations”, where the formula has Nk',
  p5NkClaim: (nk, n) =>
    `§2.2 says “从 N 次哈希函数计算中选择 j 次” (choose j of N hash computations); its formula, and the counters, have Nk: k counters per URL. Here the counters’ mean is Nk/m = ${nk}; read with N it would be N/m = ${n}.`,
  p5NkHead: ['j', 'counters at j, measured', 'with Nk', 'with N'],
  p5DoubleTitle: '(c) The not-found branch adds 1 twice',
  p5DoubleClaim:
    'Fig. 2’s not-found branch adds 1 to M1 … Mk, stores the page, “并且分别对 M1 … Mk … 进行加 1 操作” (adds 1 again). Run literally (a labelled reading) beside the lab’s reading (once), on the same pages:',
  p5DoubleHead: ['setting', 'not-found runs', 'counter sum, once', 'counter sum, as printed', 'more per run', 'left non-zero after deleting every page (once / printed)'],
  p5DoubleNote: (k) => `Counted twice, each not-found run adds k = ${k} more, and a page’s counters outlive its delete: the filter then sends later new pages to the store.`,
  p5NamesTitle: '(d) Two names for one algorithm',
  p5Names: (cb, cm) => `IMP-CB ${cb} times: introduction, §1.1, §2.3 (its title, its text, its closing sentence), Fig. 2’s Chinese caption. IMP-CM ${cm} times: abstract (2), key words, Fig. 2’s English caption, §3 (2, one “标准 IMP-CM”), §4 (2), English abstract (2), English key words. The lab says IMP-CB.`,

  // P3's MD5 fingerprints
  fpHeading: 'P3’s MD5 fingerprints (Yang et al. 2006): the avalanche, the printed digests, the birthday bound, normalisation',
  fpIntro:
    'Yang Haidong, Ye Xiaoling and Zhang Yingchao (杨海东, 叶小岭, 张颖超, 2006) give every URL the 128-bit MD5 digest of its text as its id and drop a URL whose id was seen. They claim two inputs share a digest with probability 10⁻²⁴, print two digests, and merge a site’s aliases and mirrors through a host → IP table. Each claim is checked below; the parts marked “on the loaded URLs” equal urlhash fingerprint on the same lines.',
  fpStudyProgress: (lines, pct) => `Fingerprinting ${lines} lines (MD5 store, 16/24/32-bit fingerprints, avalanche, every canonicalisation)… ${pct}`,
  fpStudyDone: (s) => `The loaded URLs measured in ${s} s.`,
  fpRunAll: (lines) => `On the loaded URLs: all ${lines} URL lines, as urlhash fingerprint reads them.`,
  fpRunCapped: (lines, loaded) =>
    `On the loaded URLs: the page measures the first ${lines} of the ${loaded} URL lines (about 60 bytes per line per canonicalisation in memory); urlhash fingerprint on those ${lines} lines gives the same numbers.`,
  fpStoreLine: (lines, distinct, dups, collisions, bytes, p) =>
    `P3’s store on these lines: ${lines} lines, ${distinct} distinct MD5 ids, ${dups} duplicate lines dropped, ${collisions} MD5 collisions (a second 64-bit hash of every duplicate agrees); the ids take ${bytes} bytes. The chance of any collision among ${distinct} 128-bit ids: ${p}.`,

  fpAvalancheTitle: '1. Two URLs, two digests: the avalanche',
  fpAvalancheIntro:
    'P3’s Table 1 (lost in the scan) showed three similar URLs with very different digests. Type any two texts: both are hashed exactly as typed (their UTF-8 bytes). Bit 0 is the highest bit of the first hex digit; each hex digit sits over its four bits.',
  fpALabel: 'Text A',
  fpBLabel: 'Text B',
  fpPairPresets: 'Fill with',
  fpPairLoaded: 'a loaded URL and a one-bit variant',
  fpPairP3: 'P3-like URLs one bit apart',
  fpPairEmpty: 'the empty string (P3’s D41D…)',
  fpCount: (k) => `${k} of 128 bits differ`,
  fpCountNote: (bytesA, bytesB, expected) => `A is ${bytesA} bytes, B ${bytesB}. Two independent random digests differ in ${expected} bits on average.`,
  fpSame: 'The two texts are the same, so are their digests.',
  fpBlocks: (blocksA, blocksB) =>
    `MD5 read A as ${blocksA} and B as ${blocksB} blocks of 512 bits, each split into 16 words of 32 bits (16 × 32 = 512). P3 says 32 sub-blocks (32 个子分组): a slip. Padding adds a 1 bit, zeros to 448 bits mod 512, then the 64-bit length, so a 55-byte text takes one block and a 56-byte text two.`,
  fpInversion: (tried, empty, unmatched) =>
    `P3 also says the latest results show the hash can be inverted, m found from h(m) (可以进行逆运算). The 2004–05 results on MD5 were collisions, two chosen inputs with one digest, not preimages: no one can compute m from h(m). Above, ${tried} candidate texts were tried against both printed digests: ${empty} is MD5 of the empty string, which is why it is “inverted”; ${unmatched} matches none of them.`,
  fpDigestA: 'MD5(A)',
  fpDigestB: 'MD5(B)',
  fpDigestXor: 'A xor B',
  fpBitsBlock: (first, last) => `bits ${first}–${last}`,
  fpBitTitle: (i, a, b) => `bit ${i}: A ${a}, B ${b}${a === b ? '' : ' — differs'}`,
  fpHexTitle: (i, a, b) => `hex digit ${i + 1}: A ${a}, B ${b}`,
  fpBitsLabel: (k) => `The 128 bits of both digests, ${k} of them different`,
  fpLegendSame: 'the same in A and B',
  fpLegendDiff: 'differs',
  fpP3PairA: 'http://www.nuist.edu.cn/news/1.htm',
  fpP3PairB: 'http://www.nuist.edu.cn/news/0.htm',

  fpHistTitle: 'On the loaded URLs: differing bits of near-identical URLs',
  fpHistNote: (pairs, urls, mean, sd, min, max, p) =>
    `${pairs} pairs: each of the first ${urls} URLs against its variants (last bit flipped, a trailing / added or removed, host upper-cased, last digit + 1, http ↔ https). Measured mean ${mean} bits, sd ${sd}, range ${min}–${max}; Binomial(128, ½) gives mean 64, sd 5.66. χ² against it: p = ${p} (a p far below 0.01 would mean MD5 is not behaving like a random function).`,
  fpHistNoP: 'too few pairs for a χ² test',
  axisDifferingBits: 'differing bits k (of 128)',
  axisPairs: 'pairs of URLs',
  fpHistMeasured: 'pairs measured',
  fpHistExpected: 'Binomial(128, ½) × pairs',
  fpHistTooltipTitle: (k) => `${k} of 128 bits differ`,
  fpHistChartLabel: (pairs) => `How many of ${pairs} pairs of near-identical URLs differ in k bits, against Binomial(128, 1/2)`,
  fpKindTitle: 'Mean differing bits per kind of change',
  fpKindHead: ['change to the URL', 'pairs', 'mean bits'],
  fpKind: {
    'flip-last-bit': 'last byte’s lowest bit flipped',
    'trailing-slash': 'trailing / added or removed',
    'host-upper-case': 'host upper-cased',
    'last-digit': 'last digit + 1',
    scheme: 'http:// ↔ https://',
  },
  fpTable1Title: 'P3’s Table 1 rebuilt: the first URL and two variants',
  fpTable1Head: ['URL', 'MD5', 'bits differing from the first'],

  fpRevealTitle: '2. The two digests P3 printed',
  fpRevealIntro: 'P3 prints one digest for its normalised URL (IP_ID, Sect. 3.1) and one for the name form (Name_ID, Sect. 3.2); the URLs themselves are lost in the scan. The lab hashes candidate strings: the empty string, every fragment that survives in the text, the example site’s hosts, and simple spellings of each.',
  fpRevealFor: ['IP_ID, “http://” + IP + path (Sect. 3.1); P3 adds that URL (3) gives the same', 'Name_ID, “http://” + name + path (Sect. 3.2)'],
  fpRevealEmpty: (tried) =>
    `It is MD5 of the empty string (the first of ${tried} candidates tried). P3 says only that URL (3) “gives the same result” ((3) 式经过转换也得到同样结果). An inference, not P3’s statement: its program hashed nothing, whatever URL it meant, and every URL it normalised would then get this one id. The button “the empty string” above shows it.`,
  fpRevealMatch: (text, tried) => `It is MD5 of “${text}” (one of ${tried} candidates tried).`,
  fpRevealNone: (tried) => `No match: MD5 of none of the ${tried} candidate strings is this digest. What P3 hashed here cannot be recovered from the paper.`,
  fpRevealBadgeEmpty: 'MD5 of “”',
  fpRevealBadgeMatch: 'found',
  fpRevealBadgeNone: 'no match',

  fpBirthdayTitle: '3. P3’s 10⁻²⁴ beside the birthday bound',
  fpBirthdayIntro:
    'Among n distinct URLs with random b-bit fingerprints, the chance that any two share one is 1 − exp(−n(n−1)/2^(b+1)). P3 gives one number for two inputs and says that for 13 billion pages and 60 billion links 128 bits “完全可以满足要求” (fully meet the need).',
  fpClaimHead: ['', 'P3 says', 'the birthday bound'],
  fpClaimTwo: 'two given URLs share a 128-bit digest',
  fpClaimTwoValue: (pow, p) => `${pow} = ${p}`,
  fpClaimBits: (p) => `the digest width at which two given URLs share one with chance ${p}`,
  fpClaimBitsSaid: '128 bits',
  fpClaimBitsValue: (bits, pow) => `${bits} bits (${pow})`,
  fpClaimAt: (p) => `URLs until any collision has chance ${p}`,
  fpClaimAtHuman: (p) => `URLs until any collision has chance ${p} (P3’s human fingerprints)`,
  fpClaimRow: (what, bits) => `${what}, ${bits}-bit ids: chance of any collision`,
  fpClaimWhat: { pages: '13 billion pages', links: '60 billion links' },
  fpClaimLonger: '“更是不大可能重复了” (all the less likely to repeat)',
  fpClaimFits: '“完全可以满足要求” (fully meets the need)',
  fpClaimPairs: (p, pairs) => `${p} (expected colliding pairs ${pairs})`,
  fpNUrls: (n) => `n = ${n}`,
  fpBirthdayChartTitle: 'P(any collision) against the number of URLs',
  fpBirthdayChartNote:
    'Both axes on log scales. Dashed: P3’s 10⁻²⁴ and its 10⁻¹⁹ for human fingerprints. Marks: P3’s 13 billion pages and 60 billion links at 128 and 64 bits. 128-bit ids pass 10⁻²⁴ at about 26 million URLs.',
  axisUrlsLog: 'n, distinct URLs (log scale)',
  axisCollisionLog: 'P(any collision) (log scale)',
  fpCurve: (b) => `${b}-bit fingerprints`,
  fpClaimLine: 'P3: 10⁻²⁴',
  fpHumanLine: 'P3: human fingerprints, 10⁻¹⁹',
  fpClaimPoint: (n) => `128 bits reach 10⁻²⁴ at n = ${n}`,
  fpInputLineSoFar: (n, lines, total) => `the first ${lines} of ${total} lines, so far: n = ${n}`,
  fpInputLine: (n) => `the loaded URLs: n = ${n}`,
  fpPaperPoint: (what, bits) => `P3’s ${what} at ${bits} bits`,
  fpBirthdayTooltipTitle: (n) => `n = ${n} URLs`,
  fpBirthdayTooltip: (label, p) => `${label}: ${p}`,
  fpBirthdayChartLabel: 'The chance of any collision among n fingerprints of 32, 64 and 128 bits, with P3’s 10⁻²⁴',
  fpTruncTitle: 'On the loaded URLs: short fingerprints (the top b bits of MD5) collide as the bound says',
  fpTruncHead: ['b bits', 'n distinct URLs', 'colliding pairs', 'expected', 'false duplicates', 'expected', 'P(any collision)'],
  fpTruncNote:
    'Colliding pairs: pairs of distinct URLs sharing a b-bit fingerprint, expected n(n−1)/2^(b+1). False duplicates: new URLs a store of b-bit fingerprints drops because their fingerprint is taken, so the crawler never fetches them; expected n − 2^b(1 − (1 − 2^−b)^n). At 128 bits none is expected for any list a crawler will see.',

  fpNormTitle: '4. On the loaded URLs: what counts as the same page',
  fpNormIntro:
    'P3 merges one site’s names and addresses through a host → IP table: IP_ID hashes “http://” + IP + path, so names sharing an IP merge (aliases, 异名同址); Name_ID hashes “http://” + name + path after name → IP → name, so a site’s mirrors merge too (同名异址). A host missing from the table keeps itself.',
  fpHostsLabel: 'Host table: one “host ip” pair per line',
  fpHostsHint: 'IPv4 or IPv6; # starts a comment. An IP listed with two names makes them aliases (异名同址), a name listed with two IPs a mirror (同名异址); the first listed wins. Ctrl+Enter applies the table.',
  fpHostsApply: 'Apply the table',
  fpExample: 'Load P3’s example (南京信息工程大学)',
  fpExampleHint: 'Replaces the loaded URLs with 15 hand-made URLs of P3’s example site (its own URLs are lost in the scan) and puts its table above.',
  fpHostsDefault:
    '# P3’s example, 南京信息工程大学 (NUIST);\n# the addresses are made up.\nwww.nuist.edu.cn   202.195.235.1\nnuist.edu.cn       202.195.235.1  # alias\nwww.nuist.edu.cn   202.195.235.2  # mirror\nbbs2.nuist.edu.cn  202.195.240.7\n',
  fpSitesProgress: (pct) => `Computing IP_ID and Name_ID… ${pct}`,
  fpSitesHead: ['URLs counted as distinct by', 'distinct', 'merged'],
  fpSitesRows: {
    lines: 'the line as written',
    host: 'http:// + host + path',
    ip: 'IP_ID: http:// + IP + path (aliases share one)',
    name: 'Name_ID: http:// + name + path (aliases and mirrors share one)',
  },
  fpSitesTable: (pairs, hosts, ips, aliases, mirrors) =>
    `The table: ${pairs} pairs, ${hosts} names, ${ips} IPs; ${aliases} IP(s) with two or more names, ${mirrors} name(s) with two or more IPs.`,
  fpSitesResolved: (parsed, unresolved) => `${unresolved} of the ${parsed} URL lines have a host missing from the table (their keys keep the host).`,
  fpSitesNoneResolved: 'No host of these URLs is in the table, so every key keeps its host and nothing merges. Load P3’s example, or type pairs for hosts of your list.',
  fpMirrorLegend: 'P3’s mirror test (thresholds P3 leaves unset)',
  fpMirrorSimilarity: 'URL similarity at least (Jaccard index of two sites’ paths, 0–1)',
  fpMirrorShared: 'Shared paths at least',
  fpStoreTitle: 'P3’s store, step by step',
  fpStoreIntro:
    'P3 does not drop every URL whose IP_ID is known: “if the IP is the same, the URL is not simply discarded but appended to the field that holds the URLs; a URL with the same name can be discarded outright.” Each URL in turn: a repeat is dropped; a URL whose IP_ID has a record is appended to it (an alias, kept); one whose Name_ID has a record under another IP is dropped (a mirror); otherwise it starts a record. Last, sites whose paths are similar enough are treated as mirrors (P3: “if both the URL similarity and the content similarity are above set thresholds”). A URL list has no page content, so only the URL similarity is tested here: these are the pairs P3 would still compare by content.',
  fpStoreHead: ['step', 'URLs before', 'dropped', 'appended', 'URLs after'],
  fpStoreSteps: {
    repeat: '1. seen before',
    'same-ip': '2. same IP_ID: appended',
    'same-name': '3. same Name_ID, other IP',
    'similar-site': '4. similar sites (mirrors)',
  },
  fpStoreNote: (records, stored, largest, sim, shared, sites, pairs, found, groups, notExamined) =>
    `${records} records hold ${stored} URLs (the largest holds ${largest}). Mirror test: ${sites} sites, ${pairs} pairs sharing a path compared, ${found} with similarity ≥ ${sim} and ≥ ${shared} shared paths, in ${groups} mirror group(s); in each group the site stored first is kept and the others’ URLs on its paths are dropped.` +
    (notExamined ? ` Only the first stored URLs were compared; ${notExamined} were not.` : ''),
  fpMirrorPair: (kept, mirror, shared, sim) => `${mirror} mirrors ${kept}: ${shared} shared paths, similarity ${sim}`,
  fpNotUrls: (n, at) => `${n} line(s) are not URLs with a host (${at}): counted here, left out of these counts, never dropped silently.`,
  fpReplayTitle: 'P3’s spider threads, replayed',
  fpReplayIntro:
    'P3 §3.3: one or several threads are in charge of a domain, a link to another domain goes to the thread that owns it, a thread locks only part of the fingerprint store, and it checks before it writes. Here the first 12 loaded URLs are dealt to two threads by registrable domain, and the two threads run step by step.',
  fpReplayLocking: 'Locking',
  fpReplayGlobal: 'one global lock',
  fpReplayPartial: 'P3’s partial locks (one part per thread)',
  fpReplayPrev: 'Previous',
  fpReplayNext: 'Next',
  fpReplayPlay: 'Play',
  fpReplayPause: 'Pause',
  fpReplayThread1: 'Thread 1',
  fpReplayThread2: 'Thread 2',
  fpReplayActions: {
    ready: 'ready',
    wait: 'waits for the lock',
    check: 'holds the lock, checks the store',
    write: 'writes the fingerprint, releases the lock',
    duplicate: 'already there: drops the URL, releases the lock',
    done: 'done',
  },
  fpReplayDealt: (n) => `${n} URL${n === '1' ? '' : 's'} of its domains`,
  fpReplayStep: (i, n) => `Step ${i} of ${n}`,
  fpReplayLock: (locking, holders) =>
    locking === 'global'
      ? `Global lock: ${holders[0] === null ? 'free' : `held by thread ${holders[0]}`}`
      : `Part locks: ${holders.map((h, i) => `part ${i + 1} ${h === null ? 'free' : `held by thread ${h}`}`).join(', ')}`,
  fpReplayStore: (n, urls) => `Store: ${n} fingerprint${n === '1' ? '' : 's'} (of ${urls} URLs replayed)`,
  fpReplaySummary: (locking, steps, waits, distinct, dups) =>
    `${locking === 'global' ? 'Global lock' : 'Partial locks'}: ${steps} steps, a thread waited in ${waits} of them; the store holds ${distinct} distinct URLs and ${dups} duplicate${dups === '1' ? ' was' : 's were'} dropped, as one thread would.`,
  fpReplayCaption:
    'A replay of a rule, not a measurement: each step, each thread does one thing; checking and writing each take one step under the lock; when both want a free lock, the one that waited longer takes it. Real threads are timed by the CLI: urlhash paper p3 --threads.',
  fpThreadsTitle: 'P3’s spider threads, measured by the command line',
  fpThreadsIntro:
    'The replay above is a rule played out; these are real threads sharing one fingerprint store (src/adapters/native/threads.rs): under one global lock, under P3’s partial locks (one per registrable domain; P3 lets “一个或几个线程负责一个域” (one or several threads serve a domain), “如让10个线程负责…域”, and the lab runs both: each domain dealt to one thread, so no two threads want the same part of the store, and all the threads on every domain, who then wait for each other at its lock), and sharded by fingerprint as a modern reference. A page cannot start threads that share one store without headers a static host does not send, so the page shows the command’s figures: a recorded run, or your own.',
  fpThreadsRecorded: (command, day, cores, cpu, os) => `Recorded with ${command} on ${day}: ${cores} cores (${cpu}), ${os}. Times depend on the machine and what else it runs.`,
  fpThreadsLoaded: (name, urls) => `From ${name}: your run, ${urls} URLs.`,
  fpThreadsHead: ['locking', 'threads', 'URLs per second', '× one thread, global lock', 'contended acquisitions', 'waiting, ms', 'URLs per thread', 'distinct found'],
  fpThreadsLocking: { global: 'one global lock', partial: 'P3’s partial locks', sharded: 'sharded (reference)' },
  fpThreadsNote: (threads, globalRate, globalWaits, partialRate, partialWaits, same, distinct) =>
    `With ${threads} threads the global lock was contended ${globalWaits} times (${globalRate} URLs per second); P3’s partial locks ${partialWaits} times (${partialRate} per second): a thread owns its domains, so two threads never want the same part of the store. ${same ? `Every run found the same ${distinct} distinct URLs as one thread.` : 'The runs found different distinct counts: a lost URL, which the command’s tests forbid.'}`,
  fpThreadsShared: (locking, n) => `${locking}, ${n} threads on every domain`,
  fpThreadsOneCore: 'This run had one core: no two threads ran at once.',
  fpThreadsFileLabel: 'Or load your own run, the JSON this command writes:',
  fpThreadsFileCommand: 'urlhash paper p3 --threads --json',
  fpThreadsFileButton: 'Open your run…',
  fpThreadsBack: 'Show the recorded run',
  fpThreadsBadFile: (name, why) => `${name} is not what urlhash paper p3 --threads --json writes: ${why}. The recorded run stays shown.`,
  fpThreadsWhy: {
    'not-json': 'it is not JSON',
    'no-threads': 'it has no “threads” list (was --threads given?)',
    'bad-run': 'a run in its “threads” list lacks a locking, a thread count or its figures',
  },
  claims: {
    heading: 'Claims: every item of the five papers',
    intro:
      'Each table, figure, formula, number, procedure and conclusion of the five papers, in the paper’s own words, and what the lab does with it. Live: measured on the loaded URLs and shown beside the printed value (follow its link). Flagged: the paper is wrong or inconsistent there, and the evidence. Quoted: it cannot be run, and why. The command urlhash claims prints the same list with every live value measured on a file.',
    status: { live: 'live', flagged: 'flagged', quoted: 'quoted' },
    statusTip: {
      live: 'measured on the input, shown beside the printed value',
      flagged: 'the paper is wrong or inconsistent here: the evidence',
      quoted: 'quoted only: why it cannot be run',
    },
    kind: { table: 'table', figure: 'figure', formula: 'formula', number: 'number', procedure: 'procedure', conclusion: 'conclusion', context: 'context' },
    filterLabel: 'Show the claims',
    all: 'all',
    countsHead: ['paper', 'items', 'live', 'flagged', 'quoted'],
    total: 'five papers',
    paper: {
      1: 'P1 · 李晓明, 凤旺森 (2004): two hash functions for URLs',
      2: 'P2 · 李村合, 何淑庆, 张培颖: URL hashing for a Chinese crawler',
      3: 'P3 · 杨海东, 叶小岭, 张颖超 (2006): MD5 fingerprints against duplicate pages',
      4: 'P4 · 吴小惠 (2009): URL dedup in a distributed crawler',
      5: 'P5 · 吴家奇 et al. (2018): a counting Bloom filter for page dedup',
    },
    paperCounts: (n, live, flagged, quoted) => `${n} items: ${live} live, ${flagged} flagged, ${quoted} quoted`,
    printed: 'Printed',
    measured: 'Measured',
    words: 'In the paper',
    see: 'See it measured',
    seeEvidence: 'See the evidence',
    computedBy: (report, field) => `urlhash paper ${report} --json, field ${field}`,
    loadFailed: 'The ledger could not be loaded: open the view again, or reload the page.',
    loading: 'Reading the ledger…',
    none: 'No claim of this status.',
    fileLabel: 'Show the live values your command measured: load what it writes,',
    fileButton: 'Open its JSON…',
    forget: 'Hide those values',
    source: (name, input) => `Measured values from ${name}: urlhash claims on ${input}. They are that input’s, not the URLs loaded here.`,
    badFile: (name) => `${name} is not what urlhash claims --json writes (it needs a “claims” list with an id and a value each). Nothing was changed.`,
  },
  fpCanonTitle: 'Canonicalisation: one page, many spellings',
  fpCanonIntro:
    'Crawlers rewrite a URL before fingerprinting it. Each rewrite alone, all eight together, and the ones you tick together, on the same lines. “Merged” counts lines that became duplicates.',
  fpCanonHead: ['tick to combine', 'what it does', 'distinct after', 'merged', 'lines changed'],
  fpCanonBefore: (lines, distinct) => `${lines} URL lines, ${distinct} distinct as written.`,
  fpCanonAll: 'all eight together',
  fpCanonTicked: (n) => `the ${n} ticked together`,
  fpCanonTickedWhat: 'the toggles ticked above, applied together',
  fpCanonNoneTicked: 'none ticked: the lines as written',
  fpCanonCounting: 'counting…',
  fpToggleName: {
    'add-scheme': 'Add a scheme',
    'lowercase-host': 'Lower-case host',
    'drop-default-port': 'Drop the default port',
    'drop-fragment': 'Drop the fragment',
    'trailing-slash': 'One trailing slash',
    'drop-www': 'Drop www.',
    'sort-query': 'Sort the query',
    'drop-session-ids': 'Drop session ids',
  },
  fpToggle: {
    'add-scheme': 'http:// before a line without a scheme',
    'lowercase-host': 'scheme and host in lower case',
    'drop-default-port': 'drop :80 for http, :443 for https',
    'drop-fragment': 'drop the #fragment',
    'trailing-slash': 'empty path → /, trailing / removed elsewhere',
    'drop-www': 'drop a leading www.',
    'sort-query': 'sort the query parameters',
    'drop-session-ids': 'drop session ids (jsessionid, PHPSESSID, a token sid, …)',
  },
};

/** Fills every element marked data-s="key" (and data-s-title, data-s-placeholder) from S. */
// ---------------------------------------------------------------- languages

/** A deep copy of plain strings, functions, arrays and objects. */
function copy(v) {
  if (Array.isArray(v)) return v.map(copy);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, copy(x)]));
  return v;
}

/** Puts `source`'s values into `target` key by key, at every level (S keeps its identity). */
function assignDeep(target, source) {
  for (const [k, v] of Object.entries(source)) {
    if (v && typeof v === 'object' && !Array.isArray(v) && target[k] && typeof target[k] === 'object' && !Array.isArray(target[k])) {
      assignDeep(target[k], v);
    } else {
      target[k] = copy(v);
    }
  }
}

/** The English strings, to switch back to: copied when Chinese first replaces them. */
let EN = null;

/** The languages of the page: English and Simplified Chinese. */
export const LANGUAGES = ['en', 'zh'];
let current = 'en';

/** The page's language now: 'en' or 'zh'. */
export function language() {
  return current;
}

/**
 * Switches every string of S to `lang` ('en' or 'zh'; anything else is English) and marks the
 * document's language. The caller draws the page again.
 */
export async function setLanguage(lang) {
  const next = lang === 'zh' ? 'zh' : 'en';
  if (next === 'zh') {
    const { ZH } = await import('./strings-zh.js');
    EN ??= copy(S);
    assignDeep(S, ZH);
  } else if (EN) {
    assignDeep(S, EN);
  }
  current = next;
  if (typeof document !== 'undefined') document.documentElement.lang = next === 'zh' ? 'zh-CN' : 'en';
}

/** The hash functions' names by id in the page's language (knowNames), for errors that name one. */
const functionNames = {};

/** Tells the strings the hash functions' names by id, in the page's language. */
export function knowNames(names) {
  Object.assign(functionNames, names);
}

/** The name of a registry entry (function, structure, index method) in the page's language. */
export function nameOf(entry) {
  if (!entry) return '';
  if (current === 'zh' && entry.name_zh) return entry.name_zh;
  return entry.name_en ?? entry.name ?? entry.id ?? '';
}

/** The arguments of each error code that are ids, worded through `S.errorWords`. */
const WORDED_ARGS = { 'not-whole': [0], 'none-kept': [2], 'no-urls': [0], sequence: [0] };

/** An error in the page's language: its code and arguments worded by `S.errors`, else its text. */
export function wordError(e) {
  const { code, args, text } = e?.code !== undefined ? e : splitCoded(e?.message ?? e);
  const words = code ? S.errors[code] : null;
  if (!words) return text || String(e?.message ?? e);
  const worded = args.map((a, i) => (WORDED_ARGS[code]?.includes(i) ? (S.errorWords[a] ?? a) : a));
  // Counts grouped, a function by its name and a key in words, never their ids.
  if (code === 'not-kept') return words(int(Number(args[0])), functionNames[args[1]] ?? args[1], S.keyName[args[2]] ?? args[2]);
  return words(...worded);
}

/** The one-line description of a registry entry (function, index method) in the page's language. */
export function summaryOf(entry) {
  if (!entry) return '';
  if (current === 'zh' && entry.summary_zh) return entry.summary_zh;
  return entry.summary ?? '';
}

/** Where a registry entry comes from (`source`, or a structure's `paper`) in the page's language. */
export function sourceOf(entry) {
  if (!entry) return '';
  if (current === 'zh') return entry.source_zh ?? entry.paper_zh ?? entry.source ?? entry.paper ?? '';
  return entry.source ?? entry.paper ?? '';
}

/** S's value at a key, or at a dotted path ('lesson.next'). */
function lookup(key) {
  return key.split('.').reduce((o, k) => (o && typeof o === 'object' ? o[k] : undefined), S);
}

/**
 * A screen without hover (a phone, a tablet): the page says "tap" where it says "hover" (a
 * string `key` has its touch wording in `keyTouch`).
 */
export function touchScreen() {
  return typeof matchMedia === 'function' && (matchMedia('(hover: none)').matches || matchMedia('(pointer: coarse)').matches);
}

export function applyStrings(root) {
  const touch = touchScreen();
  for (const el of root.querySelectorAll('[data-s]')) {
    const v = (touch && lookup(`${el.dataset.s}Touch`)) || lookup(el.dataset.s);
    if (typeof v === 'string') el.textContent = v;
  }
  for (const el of root.querySelectorAll('[data-s-placeholder]')) {
    const v = S[el.dataset.sPlaceholder];
    if (typeof v === 'string') el.placeholder = v;
  }
  for (const el of root.querySelectorAll('[data-s-aria]')) {
    const v = S[el.dataset.sAria];
    if (typeof v === 'string') el.setAttribute('aria-label', v);
  }
  for (const el of root.querySelectorAll('[data-s-title]')) {
    const v = S[el.dataset.sTitle];
    if (typeof v === 'string') el.title = v;
  }
}
