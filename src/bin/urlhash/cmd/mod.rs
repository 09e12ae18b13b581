//! The commands, one module each: its `#[derive(Args)]` struct, its `run` and its text; and
//! the command line's top level, [`Cli`] and its [`Command`] enum, above them all.

use clap::{Parser, Subcommand};

pub(crate) mod bloom;
pub(crate) mod canon;
pub(crate) mod cbf;
pub(crate) mod claims;
pub(crate) mod dist;
pub(crate) mod filters;
pub(crate) mod fingerprint;
pub(crate) mod gen;
pub(crate) mod paper;
pub(crate) mod partition;
pub(crate) mod quality;
pub(crate) mod rebalance;
pub(crate) mod slotmap;
pub(crate) mod slots;
pub(crate) mod sweep;
pub(crate) mod trie;

#[derive(Parser)]
#[command(
    name = "urlhash",
    version,
    about = "URL Hash Lab (网址散列实验室): the hash functions and measures of five Chinese papers on crawler URL hashing, on any URL list.",
    after_help = "Input: one URL per line from FILE, or '-' for standard input; with no FILE, the built-in corpus (a seeded 2004-style Chinese crawl, see `urlhash gen`).\nHash functions: elfhash, hfip, hf (P1); site-printed, site-folded, site-java, site-repaired, path-printed, path-xor, path-repaired (P2); md5 (P3); fnv1a64, xxh3, java-hashcode, crc32.\nMemory: slots, dist, sweep, gen and paper p1 stream in memory that does not grow with N (Fig. 3 keeps its 400 000-URL sample); partition and paper p2 remember every distinct URL, about 20 bytes each; trie, fingerprint, paper p3, paper p4, bloom, cbf, filters, paper p5 and quality keep the URLs they measure, up to --limit, and say so when they stop there."
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Subcommand)]
pub(crate) enum Command {
    /// The slot of every URL line, one per line, in input order.
    Slots(slots::SlotsArgs),
    /// Bucket distribution measures (A, A_opt, B, max load, empty slots, χ²) per function.
    Dist(dist::DistArgs),
    /// Every slot of M as one pixel of a PNG file per function, coloured by its count.
    ///
    /// Linear rows of a power-of-two width or Hilbert's curve; the legend (slots per count
    /// class beside a random function's) is printed and kept in the PNG's text chunks.
    Slotmap(slotmap::SlotmapArgs),
    /// P1's Fig. 1 (A), Fig. 2 (B) and Fig. 3 (hf's B) at every N checkpoint.
    Sweep(sweep::SweepArgs),
    /// Writes the built-in corpus, one URL per line.
    Gen(gen::GenArgs),
    /// P2's crawler simulated: links routed to crawl nodes by a policy, duplicates matched on
    /// a control node with P2's site table (2^21 slots) and per-site path tables (2^15 slots).
    ///
    /// Streams the input. The control node remembers every distinct URL to find duplicates, as
    /// P2's does: about 20 bytes per distinct URL (a 16-byte fingerprint in a table kept 70 to
    /// 87.5 % full, and 2 bytes per path reading for sites below 2 048 URLs), plus per site its
    /// host, 4 KiB per path table of a site with 2 048 URLs or more, and about 20 bytes per
    /// (site, node) pair per policy. 20 million distinct URLs of the built-in corpus take about
    /// 450 MB.
    Partition(partition::PartitionCmd),
    /// Crawl nodes that join and leave (beyond the papers): the hosts and URLs that move from n
    /// to n′ nodes under P2's, Nutch's, Frontera's and Heritrix's mod n and under a
    /// consistent-hash ring, rendezvous and jump hash, with the balance after and ns per lookup.
    ///
    /// Streams the input; remembers every distinct URL (a 16-byte fingerprint) and every host.
    Rebalance(rebalance::RebalanceCmd),
    /// P4's generalized-list trie beside a hash set, MD5 fingerprints, a Patricia trie and an
    /// FST: nodes, bytes, times, growth and the printed trie's prefix flaw.
    Trie(trie::TrieArgs),
    /// P3's MD5 fingerprints: duplicates, short-fingerprint collisions against the birthday
    /// bound, the avalanche, alias and mirror normalisation, canonicalisation toggles.
    ///
    /// Keeps every distinct URL's MD5 fingerprint before and after each canonicalisation and its
    /// short fingerprints: about 300 to 450 bytes per distinct URL, so it reads the first --limit lines.
    Fingerprint(fingerprint::FingerprintCmd),
    /// Bloom filters (P4, P5): false positives measured on held-out URLs beside the theory.
    ///
    /// Keeps the inserted and held-out URLs in memory (their bytes and 16 more each, and two
    /// digests per URL while a filter is built): at most --limit of each.
    Bloom(bloom::BloomCmd),
    /// Counting Bloom filters (P5): counter overflow, deletes, and IMP-CB's store.
    ///
    /// Keeps the inserted URLs in memory (their bytes and 16 more each): at most --limit.
    Cbf(cbf::CbfCmd),
    /// The filter bake-off (beyond the papers): Bloom (P4, P5), P5's counting filter and IMP-CB,
    /// a cuckoo filter, xor8 and binary fuse 8 and 16, at chosen bits per key or target
    /// false-positive rates: bits per key, false positives on held-out URLs beside each
    /// filter's formula and the log2(1/ε) bound, deletes, build and lookup ns per URL.
    ///
    /// Keeps the inserted and held-out URLs in memory (their bytes and 16 more each): at most
    /// --limit of each; builds one filter at a time.
    Filters(filters::FiltersCmd),
    /// Which URLs are one page (beyond the papers): the input through WHATWG's parser, RFC
    /// 3986's normalisation, Google Safe Browsing's canonicalisation, Apache Nutch's and
    /// StormCrawler's basic normalisers, Scrapy's w3lib and P3's key, with the distinct pages
    /// each finds, the groups of spellings it merged, and the pairs one scheme merges and
    /// another keeps apart.
    ///
    /// Keeps every distinct line and its group under each scheme, about 1 KB per distinct line:
    /// it compares the first --limit lines (default 1 000 000) and counts the rest.
    Canon(canon::CanonCmd),
    /// The hash-quality battery (beyond the papers): every function (or --hash) through
    /// SMHasher3's kind of tests, χ² uniformity of the low and high bits, collisions against
    /// the birthday expectation, avalanche and bit independence, on keysets from the input
    /// (URLs, hosts, paths, recombined, one-byte and one-bit changes) and synthetic ones (text,
    /// long, sparse and two-byte keys); each line scored as "^N", SMHasher3's pass, warn and
    /// fail, with ns per key and P1's A and B.
    ///
    /// Keeps every distinct line of the first --limit (default 100 000), about 100 bytes each,
    /// and the keysets, about 40 MB.
    Quality(quality::QualityCmd),
    /// A paper's printed numbers beside ours, its misprints and anomalies explained.
    Paper {
        #[command(subcommand)]
        paper: paper::PaperCommand,
    },
    /// The papers' claims ledger: every table, figure, formula, number and procedure of the
    /// five papers, its words, and its status (live, flagged or quoted), with today's value of
    /// each live one measured on the input by the `paper` report that computes it.
    ///
    /// Runs `paper p1` … `paper p5` on the input (P3 with --threads, P4 with --table1-scale, P5
    /// with --disk): about 30 s on the default 100 000 corpus URLs, most of it P4's.
    Claims(claims::ClaimsArgs),
}
