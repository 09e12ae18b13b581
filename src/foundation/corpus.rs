//! The built-in corpus: a deterministic, seeded stream of URLs shaped like a 2004 Chinese crawl.
//!
//! P1 measured 20 million URLs of the Tianwang (天网) crawler, P2 cites CNNIC's 2004 count of
//! about 668 900 web sites holding 650 682 300 pages, 972.8 pages per site on average (P2 says
//! "more than 1000"), with a few huge sites. Those lists are not public, so the lab generates URLs with
//! that shape instead. URL number `i` (from 0) depends only on the seed and `i`, so any N up to
//! 20 million (and beyond) streams in constant memory, a prefix of a longer corpus is the
//! shorter corpus, and a random sample can be drawn by index.
//!
//! # Model and parameters ([`CorpusParams`])
//!
//! * **Sites.** When URL `i` is crawled, `seed_sites + i / pages_per_site` sites are known
//!   (defaults 50 and 1000: a crawl that starts from 50 portals and discovers a new site every
//!   1000 pages, so the pages per site average about 1000). URL `i`'s site is drawn from a
//!   Zipf law over the known sites, `P(rank r) ∝ r^-zipf_s` (default `zipf_s` = 1.0), by
//!   Hörmann & Derflinger's rejection-inversion sampler: heavy-tailed, the biggest site holds
//!   about a tenth of all pages.
//! * **Hosts.** Site `r`'s host comes from a generator seeded by `r`: suffix `.com` 38 %,
//!   `.com.cn` 20 %, `.net` 9 %, `.edu.cn` 9 %, `.cn` 7 %, `.gov.cn` 6 %, `.net.cn` 4 %,
//!   `.org.cn` 3 %, `.org` 4 % (about half under `.cn`; CNNIC counted 432 077 `.cn` domains of
//!   1 852 300 Chinese domains in 2004, but universities, government and portals under `.cn`
//!   held more of the pages); a name of pinyin syllables, letters or digits; `www.` on 60 % of hosts,
//!   another sub-domain (`news.`, `bbs.`, department names on `.edu.cn`) on 30 %; 2 % of sites
//!   are bare IPv4 addresses and 1.5 % use port 8080.
//! * **Paths.** 0 to 6 directories (mean about 1.8): the site's own top-level directories, then
//!   words, dates (`2004/03/12`) and numeric ids; a file name (`index.html`, `12345.shtml`,
//!   `list.asp?id=…`, `viewthread.php?tid=…&page=…`, …) or a directory `…/12345678/`.
//!   Every URL carries a page id drawn without repetition from 0..2^27 (a seeded permutation
//!   of the URL number), so the corpus is a list of distinct URLs, as a crawl's URL list is,
//!   up to N = 134 217 728.
//! * **Non-ASCII.** 1 % of URLs carry a raw UTF-8 Chinese path segment and 1.5 % a GBK query
//!   percent-encoded (`?kw=%D6%D0%B9%FA`), as search and forum pages of the time did.
//!
//! The generator is pure arithmetic (SplitMix64), so the same seed gives the same bytes on
//! every platform, natively and in WebAssembly.
//!
//! # Example
//! ```
//! use urlhashlab::foundation::corpus::Corpus;
//! let corpus = Corpus::new(42);
//! let first: Vec<String> = corpus.iter(0, 3).map(|u| String::from_utf8(u.to_vec()).unwrap()).collect();
//! assert_eq!(first.len(), 3);
//! assert!(first.iter().all(|u| u.starts_with("http://")));
//! let mut buf = Vec::new();
//! corpus.url(1, &mut buf);
//! assert_eq!(buf, first[1].as_bytes());
//! ```

pub(crate) use crate::foundation::mix::SplitMix;

/// Parameters of the built-in corpus. `Default` gives the documented values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CorpusParams {
    /// The seed every URL of the corpus is drawn from: the same seed gives the same URLs.
    pub seed: u64,
    /// Sites known before the first URL.
    pub seed_sites: u64,
    /// A new site is discovered every `pages_per_site` URLs.
    pub pages_per_site: u64,
    /// Zipf exponent of pages per site rank.
    pub zipf_s: f64,
}

impl Default for CorpusParams {
    fn default() -> Self {
        CorpusParams {
            seed: DEFAULT_SEED,
            seed_sites: 50,
            pages_per_site: 1000,
            zipf_s: 1.0,
        }
    }
}

/// Page ids are drawn without repetition from `0..PAGE_IDS` (2^27 = 134 217 728): the corpus
/// holds distinct URLs up to this N.
pub const PAGE_IDS: u64 = 1 << 27;

/// The seed of the built-in corpus when none is given (2004, P1's year).
pub const DEFAULT_SEED: u64 = 2004;

/// The built-in corpus generator.
#[derive(Clone, Debug)]
pub struct Corpus {
    params: CorpusParams,
    zipf: ZipfShape,
}

/// The constants of the rejection-inversion Zipf sampler that do not depend on the number of
/// elements (Hörmann & Derflinger 1996; as in Apache Commons RNG).
#[derive(Clone, Debug)]
struct ZipfShape {
    s: f64,
    h_integral_x1: f64,
    s_cut: f64,
}

impl ZipfShape {
    fn new(s: f64) -> ZipfShape {
        let mut z = ZipfShape {
            s,
            h_integral_x1: 0.0,
            s_cut: 0.0,
        };
        z.h_integral_x1 = z.h_integral(1.5) - 1.0;
        z.s_cut = 2.0 - z.h_integral_inverse(z.h_integral(2.5) - z.h(2.0));
        z
    }
    fn h(&self, x: f64) -> f64 {
        if self.s == 1.0 {
            return 1.0 / x;
        }
        (-self.s * x.ln()).exp()
    }
    fn h_integral(&self, x: f64) -> f64 {
        let log_x = x.ln();
        if self.s == 1.0 {
            return log_x;
        }
        helper2((1.0 - self.s) * log_x) * log_x
    }
    fn h_integral_inverse(&self, x: f64) -> f64 {
        if self.s == 1.0 {
            return x.exp();
        }
        let t = (x * (1.0 - self.s)).max(-1.0);
        (helper1(t) * x).exp()
    }
    /// A rank in 1..=n with `P(r) ∝ r^-s`.
    #[cfg(test)]
    fn sample(&self, n: u64, rng: &mut SplitMix) -> u64 {
        self.sample_with(n, self.h_integral(n as f64 + 0.5), rng)
    }
    /// [`ZipfShape::sample`] given `h_n = h_integral(n + 0.5)` (the same for a thousand URLs in a
    /// row, so an iterator computes it once for them).
    fn sample_with(&self, n: u64, h_n: f64, rng: &mut SplitMix) -> u64 {
        loop {
            let u = h_n + rng.unit() * (self.h_integral_x1 - h_n);
            let x = self.h_integral_inverse(u);
            let k = ((x + 0.5) as u64).clamp(1, n);
            if k as f64 - x <= self.s_cut || u >= self.h_integral(k as f64 + 0.5) - self.h(k as f64)
            {
                return k;
            }
        }
    }
}

/// `ln(1 + x) / x`, accurate near 0.
fn helper1(x: f64) -> f64 {
    if x.abs() > 1e-8 {
        x.ln_1p() / x
    } else {
        1.0 - x * (0.5 - x * (1.0 / 3.0 - 0.25 * x))
    }
}

/// `(e^x - 1) / x`, accurate near 0.
fn helper2(x: f64) -> f64 {
    if x.abs() > 1e-8 {
        x.exp_m1() / x
    } else {
        1.0 + x * 0.5 * (1.0 + x / 3.0 * (1.0 + 0.25 * x))
    }
}

const SYLLABLES: &[&str] = &[
    "bei", "jing", "hua", "xin", "zhong", "guo", "shang", "hai", "tian", "jin", "nan", "dong",
    "xi", "an", "wang", "sou", "hu", "sina", "wen", "xue", "da", "ke", "ji", "tong", "xun", "lian",
    "ren", "min", "ri", "bao", "yi", "qi", "che", "fang", "chan", "jiao", "yu", "you", "xi", "shi",
    "dai", "cheng", "long", "feng", "yun", "shan", "he", "kai", "ming", "guang", "zhou", "su",
];
const SUBDOMAINS: &[&str] = &[
    "news", "bbs", "mail", "blog", "sports", "tech", "finance", "ent", "edu", "game", "music",
    "book", "auto", "house", "photo", "down", "info", "club", "forum", "china",
];
const EDU_SUBDOMAINS: &[&str] = &[
    "cs", "lib", "math", "phy", "chem", "jwc", "yjs", "net", "icst", "ee", "bio", "law", "sse",
];
const DIRS: &[&str] = &[
    "news", "article", "html", "list", "bbs", "forum", "class", "info", "product", "download",
    "soft", "doc", "docs", "pub", "images", "special", "zt", "gb", "big5", "en", "cn", "content",
    "channel", "column", "show", "detail", "data", "public", "jsp", "cgi-bin", "servlet", "sports",
    "ent", "tech", "finance", "edu", "job", "travel", "health", "culture", "zhuanti", "xinwen",
    "tiyu", "keji", "yule", "caijing", "shehui", "guoji", "guonei", "difang", "photo", "video",
];
const CHINESE: &[&str] = &[
    "新闻", "体育", "科技", "教育", "北京", "上海", "中国", "文章", "下载", "论坛", "首页", "财经",
];
const GBK_QUERIES: &[&str] = &[
    "%D6%D0%B9%FA",
    "%B1%B1%BE%A9",
    "%D0%C2%CE%C5",
    "%CC%E5%D3%FD",
    "%BF%C6%BC%BC",
    "%C9%CF%BA%A3",
];
const TLDS: &[(&str, u64)] = &[
    (".com", 380),
    (".com.cn", 580),
    (".net", 670),
    (".edu.cn", 760),
    (".cn", 830),
    (".gov.cn", 890),
    (".net.cn", 930),
    (".org.cn", 960),
    (".org", 1000),
];

/// Appends the decimal digits of `v`.
#[inline]
fn push_num(buf: &mut Vec<u8>, mut v: u64) {
    let mut tmp = [0u8; 20];
    let mut i = tmp.len();
    loop {
        i -= 1;
        tmp[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    buf.extend_from_slice(&tmp[i..]);
}

/// Appends `v` with at least two digits.
fn push_num2(buf: &mut Vec<u8>, v: u64) {
    if v < 10 {
        buf.push(b'0');
    }
    push_num(buf, v);
}

impl Corpus {
    /// The corpus with the default parameters and `seed`.
    pub fn new(seed: u64) -> Corpus {
        Corpus::with_params(CorpusParams {
            seed,
            ..CorpusParams::default()
        })
    }

    /// The corpus with explicit parameters (`pages_per_site` and `seed_sites` at least 1,
    /// `zipf_s` positive).
    pub fn with_params(params: CorpusParams) -> Corpus {
        assert!(params.pages_per_site >= 1 && params.seed_sites >= 1 && params.zipf_s > 0.0);
        Corpus {
            params,
            zipf: ZipfShape::new(params.zipf_s),
        }
    }

    /// The parameters the corpus was made with.
    pub fn params(&self) -> &CorpusParams {
        &self.params
    }

    /// The site rank (1 = biggest) of URL number `i`.
    pub fn site_of(&self, i: u64) -> u64 {
        let known = self.known_sites(i);
        self.site_with(i, known, self.zipf.h_integral(known as f64 + 0.5))
    }

    /// The number of sites known when URL `i` is crawled.
    fn known_sites(&self, i: u64) -> u64 {
        self.params.seed_sites + i / self.params.pages_per_site
    }

    /// [`Corpus::site_of`] given `known_sites(i)` and its Zipf normaliser.
    fn site_with(&self, i: u64, known: u64, h_n: f64) -> u64 {
        let mut rng = SplitMix::new(self.params.seed, i.wrapping_mul(2).wrapping_add(1));
        self.zipf.sample_with(known, h_n, &mut rng)
    }

    /// What URL generation needs of site `rank`: its host and its own four directory names.
    fn site(&self, rank: u64, host: &mut Vec<u8>) -> [&'static str; 4] {
        host.clear();
        self.host(rank, host);
        self.site_dirs(rank)
    }

    /// The four directory names of site `rank`, fixed per site.
    fn site_dirs(&self, rank: u64) -> [&'static str; 4] {
        let mut site_rng = SplitMix::new(self.params.seed ^ 0xD1D5, rank);
        [
            *site_rng.pick(DIRS),
            *site_rng.pick(DIRS),
            *site_rng.pick(DIRS),
            *site_rng.pick(DIRS),
        ]
    }

    /// Writes the host (with port, if any) of site `rank` into `buf`.
    pub fn host(&self, rank: u64, buf: &mut Vec<u8>) {
        let mut rng = SplitMix::new(self.params.seed ^ 0x5173_u64, rank);
        if rng.chance(20) {
            // CERNET and ChinaNet address blocks of the time.
            let first = *rng.pick(&[202u64, 219, 166, 159, 61, 211]);
            push_num(buf, first);
            for _ in 0..3 {
                buf.push(b'.');
                push_num(buf, rng.below(254) + 1);
            }
            return;
        }
        let tld_roll = rng.below(1000);
        let tld = TLDS
            .iter()
            .find(|(_, cut)| tld_roll < *cut)
            .map_or(".cn", |t| t.0);
        let sub = rng.below(100);
        if sub < 60 {
            buf.extend_from_slice(b"www.");
        } else if sub < 90 {
            let list = if tld == ".edu.cn" {
                EDU_SUBDOMAINS
            } else {
                SUBDOMAINS
            };
            buf.extend_from_slice(rng.pick(list).as_bytes());
            buf.push(b'.');
        }
        match rng.below(10) {
            0..=5 => {
                for _ in 0..1 + rng.below(3) {
                    buf.extend_from_slice(rng.pick(SYLLABLES).as_bytes());
                }
            }
            6 | 7 => {
                for _ in 0..2 + rng.below(4) {
                    buf.push(b'a' + rng.below(26) as u8);
                }
            }
            8 => {
                buf.extend_from_slice(rng.pick(SYLLABLES).as_bytes());
                push_num(buf, rng.below(1000));
            }
            _ => {
                buf.extend_from_slice(rng.pick(SYLLABLES).as_bytes());
                buf.push(b'-');
                buf.extend_from_slice(rng.pick(SYLLABLES).as_bytes());
            }
        }
        buf.extend_from_slice(tld.as_bytes());
        if rng.chance(15) {
            buf.extend_from_slice(b":8080");
        }
    }

    /// Writes URL number `i` into `buf` (cleared first).
    pub fn url(&self, i: u64, buf: &mut Vec<u8>) {
        let rank = self.site_of(i);
        buf.clear();
        buf.extend_from_slice(b"http://");
        self.host(rank, buf);
        self.push_path(i, &self.site_dirs(rank), buf);
    }

    /// URL `i` of the site with this host and directory names ([`Corpus::site`]).
    fn url_of_site(&self, i: u64, host: &[u8], site_dirs: &[&'static str; 4], buf: &mut Vec<u8>) {
        buf.clear();
        buf.extend_from_slice(b"http://");
        buf.extend_from_slice(host);
        self.push_path(i, site_dirs, buf);
    }

    /// Appends the path (and query) of URL `i`, whose site has these directory names.
    fn push_path(&self, i: u64, site_dirs: &[&'static str; 4], buf: &mut Vec<u8>) {
        let mut rng = SplitMix::new(self.params.seed, i.wrapping_mul(2));
        let depth = match rng.below(100) {
            0..=14 => 0,
            15..=44 => 1,
            45..=74 => 2,
            75..=89 => 3,
            90..=95 => 4,
            96..=98 => 5,
            _ => 6,
        };
        for level in 0..depth {
            buf.push(b'/');
            if level == 0 {
                buf.extend_from_slice(site_dirs[rng.below(4) as usize].as_bytes());
                continue;
            }
            match rng.below(20) {
                0..=8 => buf.extend_from_slice(rng.pick(DIRS).as_bytes()),
                9..=11 => {
                    // a date path 2004/03/12 uses up to three levels at once
                    push_num(buf, 1998 + rng.below(7));
                    buf.push(b'/');
                    push_num2(buf, 1 + rng.below(12));
                }
                12..=14 => {
                    push_num(buf, 2000 + rng.below(5));
                    push_num2(buf, 1 + rng.below(12));
                    push_num2(buf, 1 + rng.below(28));
                }
                15 if rng.chance(500) => buf.extend_from_slice(rng.pick(CHINESE).as_bytes()),
                _ => {
                    let range = if rng.chance(500) { 100 } else { 100_000 };
                    push_num(buf, rng.below(range));
                }
            }
        }
        // Every URL carries its own page id, so the corpus is a list of distinct URLs, as a
        // crawl's URL list is.
        let id = self.page_id(i);
        buf.push(b'/');
        match rng.below(20) {
            0..=2 => {
                push_num(buf, id);
                buf.push(b'/');
                if rng.chance(500) {
                    buf.extend_from_slice(
                        rng.pick(&[
                            "index.html",
                            "index.htm",
                            "index.asp",
                            "default.asp",
                            "index.php",
                            "index.jsp",
                        ])
                        .as_bytes(),
                    );
                }
            }
            3..=8 | 13 => {
                push_num(buf, id);
                buf.extend_from_slice(rng.pick(&[".html", ".htm", ".shtml"]).as_bytes());
            }
            9..=10 => {
                buf.extend_from_slice(
                    rng.pick(&["article_", "news_", "content_", "200"])
                        .as_bytes(),
                );
                push_num(buf, id);
                buf.extend_from_slice(rng.pick(&[".html", ".htm"]).as_bytes());
            }
            11..=12 => {
                buf.extend_from_slice(
                    rng.pick(&[
                        "list.asp?id=",
                        "show.asp?id=",
                        "view.jsp?id=",
                        "detail.php?id=",
                        "news.aspx?id=",
                    ])
                    .as_bytes(),
                );
                push_num(buf, id);
                if rng.chance(300) {
                    buf.extend_from_slice(b"&page=");
                    push_num(buf, 1 + rng.below(30));
                }
            }
            14 => {
                buf.extend_from_slice(
                    rng.pick(&[
                        "viewthread.php?tid=",
                        "dispbbs.asp?boardid=3&id=",
                        "forumdisplay.php?fid=12&tid=",
                    ])
                    .as_bytes(),
                );
                push_num(buf, id);
                buf.extend_from_slice(b"&page=");
                push_num(buf, 1 + rng.below(20));
            }
            16 => {
                buf.extend_from_slice(
                    rng.pick(&["search.asp?kw=", "s.php?q=", "query.jsp?word="])
                        .as_bytes(),
                );
                if rng.chance(750) {
                    buf.extend_from_slice(rng.pick(GBK_QUERIES).as_bytes());
                } else {
                    buf.extend_from_slice(rng.pick(DIRS).as_bytes());
                }
                buf.extend_from_slice(b"&start=");
                push_num(buf, id);
            }
            17 => {
                buf.extend_from_slice(rng.pick(DIRS).as_bytes());
                buf.push(b'_');
                push_num(buf, id);
                buf.extend_from_slice(rng.pick(&[".html", ".htm", ".asp", ".php"]).as_bytes());
            }
            18 => {
                buf.extend_from_slice(rng.pick(&["download", "file", "doc", "soft"]).as_bytes());
                push_num(buf, id);
                buf.extend_from_slice(
                    rng.pick(&[".zip", ".rar", ".doc", ".pdf", ".exe"])
                        .as_bytes(),
                );
            }
            _ => {
                buf.extend_from_slice(rng.pick(&["cgi-bin/", "jsp/", "servlet/"]).as_bytes());
                buf.extend_from_slice(rng.pick(DIRS).as_bytes());
                if rng.chance(500) {
                    buf.extend_from_slice(b"?action=");
                    buf.extend_from_slice(rng.pick(DIRS).as_bytes());
                    buf.extend_from_slice(b"&id=");
                } else {
                    buf.push(b'/');
                }
                push_num(buf, id);
            }
        }
    }

    /// The page id of URL `i`: a seeded permutation of `0..PAGE_IDS` (2^27), built from steps
    /// that are each one-to-one on 27 bits (odd multiplications, xor-shifts, adding the seed),
    /// so URLs `0..PAGE_IDS` have distinct ids.
    pub fn page_id(&self, i: u64) -> u64 {
        const MASK: u64 = PAGE_IDS - 1;
        let mut x = (i.wrapping_add(self.params.seed)) & MASK;
        x = x.wrapping_mul(0x2F0F_3A6D) & MASK;
        x ^= x >> 13;
        x = x.wrapping_mul(0x1C6C_8B35) & MASK;
        x ^= x >> 11;
        x = (x.wrapping_add(self.params.seed >> 27)).wrapping_mul(0x0B4A_5E27) & MASK;
        x ^ (x >> 14)
    }

    /// URLs number `start..start + count`, streamed through one reused buffer.
    pub fn iter(&self, start: u64, count: u64) -> CorpusIter<'_> {
        CorpusIter {
            corpus: self,
            next: start,
            end: start.saturating_add(count),
            buf: Vec::with_capacity(256),
            known: (0, 0.0),
            sites: Vec::new(),
        }
    }
}

/// Sites whose host and directories a [`CorpusIter`] keeps (a direct-mapped cache by rank: the
/// Zipf law sends most URLs to a few hundred sites).
const SITE_CACHE: usize = 1024;

/// A cached site: its rank, host and directory names.
struct CachedSite {
    rank: u64,
    host: Vec<u8>,
    dirs: [&'static str; 4],
}

/// A streaming iterator over the corpus. It lends each URL from one buffer, so use it as
/// `while let Some(url) = it.next_url()` for speed, or as an `Iterator` of owned `Vec<u8>`.
/// It gives the bytes [`Corpus::url`] gives, about twice as fast: it computes the Zipf
/// normaliser once per number of known sites and keeps recent sites' hosts.
pub struct CorpusIter<'a> {
    corpus: &'a Corpus,
    next: u64,
    end: u64,
    buf: Vec<u8>,
    /// The number of known sites and its Zipf normaliser (0 before the first URL).
    known: (u64, f64),
    sites: Vec<CachedSite>,
}

impl CorpusIter<'_> {
    /// The next URL, borrowed until the following call.
    pub fn next_url(&mut self) -> Option<&[u8]> {
        if self.next >= self.end {
            return None;
        }
        let (corpus, i) = (self.corpus, self.next);
        let known = corpus.known_sites(i);
        if known != self.known.0 {
            self.known = (known, corpus.zipf.h_integral(known as f64 + 0.5));
        }
        let rank = corpus.site_with(i, known, self.known.1);
        if self.sites.is_empty() {
            self.sites = (0..SITE_CACHE)
                .map(|_| CachedSite {
                    rank: 0,
                    host: Vec::new(),
                    dirs: [""; 4],
                })
                .collect();
        }
        // Ranks start at 1, so an empty entry (rank 0) never matches.
        let site = &mut self.sites[rank as usize % SITE_CACHE];
        if site.rank != rank {
            site.rank = rank;
            site.dirs = corpus.site(rank, &mut site.host);
        }
        corpus.url_of_site(i, &site.host, &site.dirs, &mut self.buf);
        self.next += 1;
        Some(&self.buf)
    }
}

impl Iterator for CorpusIter<'_> {
    type Item = Vec<u8>;
    fn next(&mut self) -> Option<Vec<u8>> {
        self.next_url().map(<[u8]>::to_vec)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = (self.end - self.next) as usize;
        (left, Some(left))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn push_num_writes_what_format_writes() {
        let mut edges = vec![0, 9, 10, 99, 100, 101, 999, 1000, 65_535, u32::MAX as u64];
        edges.extend([
            u32::MAX as u64 + 1,
            9_999_999_999,
            10_000_000_000,
            u64::MAX - 1,
            u64::MAX,
        ]);
        let mut rng = SplitMix::new(1, 2);
        edges.extend((0..20_000).map(|k| rng.next() >> (k % 64)));
        let mut buf = Vec::new();
        for v in edges {
            buf.clear();
            push_num(&mut buf, v);
            assert_eq!(buf, v.to_string().as_bytes());
        }
    }

    #[test]
    fn the_iterator_gives_the_urls_of_url() {
        // Its caches (the Zipf normaliser, hosts by rank) change nothing, across site
        // boundaries, cache collisions and a seed with other parameters.
        for (c, start) in [
            (Corpus::new(2004), 0),
            (Corpus::new(2004), 123_456),
            (Corpus::new(7), 5_000_000),
            (
                Corpus::with_params(CorpusParams {
                    pages_per_site: 3,
                    seed_sites: 1,
                    ..CorpusParams::default()
                }),
                0,
            ),
        ] {
            let mut it = c.iter(start, 20_000);
            let mut buf = Vec::new();
            let mut i = start;
            while let Some(u) = it.next_url() {
                c.url(i, &mut buf);
                assert_eq!(u, &buf[..], "URL {i}");
                i += 1;
            }
            assert_eq!(i, start + 20_000);
        }
    }

    #[test]
    fn deterministic_and_prefix_stable() {
        let a: Vec<Vec<u8>> = Corpus::new(7).iter(0, 500).collect();
        let b: Vec<Vec<u8>> = Corpus::new(7).iter(0, 1000).collect();
        assert_eq!(&a[..], &b[..500]);
        let c: Vec<Vec<u8>> = Corpus::new(8).iter(0, 500).collect();
        assert_ne!(a, c);
        let mut buf = Vec::new();
        Corpus::new(7).url(321, &mut buf);
        assert_eq!(buf, a[321]);
    }

    #[test]
    fn urls_are_distinct() {
        let c = Corpus::new(DEFAULT_SEED);
        let urls: std::collections::HashSet<Vec<u8>> = c.iter(0, 300_000).collect();
        assert_eq!(urls.len(), 300_000);
        let ids: std::collections::HashSet<u64> = (0..100_000).map(|i| c.page_id(i)).collect();
        assert_eq!(ids.len(), 100_000);
        assert!(ids.iter().all(|&id| id < PAGE_IDS));
    }

    #[test]
    fn zipf_sampler_matches_its_law() {
        let z = ZipfShape::new(1.0);
        let mut rng = SplitMix::new(1, 2);
        let n = 10u64;
        let draws = 200_000;
        let mut counts = vec![0u64; n as usize + 1];
        for _ in 0..draws {
            counts[z.sample(n, &mut rng) as usize] += 1;
        }
        let h: f64 = (1..=n).map(|r| 1.0 / r as f64).sum();
        for r in 1..=n {
            let expected = draws as f64 / (r as f64 * h);
            let got = counts[r as usize] as f64;
            assert!(
                (got - expected).abs() < 5.0 * expected.sqrt() + 1.0,
                "rank {r}: {got} vs {expected}"
            );
        }
    }

    #[test]
    fn pages_per_site_average_about_1000_and_heavy_tailed() {
        let c = Corpus::new(DEFAULT_SEED);
        let n = 1_000_000;
        let mut per_site: HashMap<u64, u64> = HashMap::new();
        for i in 0..n {
            *per_site.entry(c.site_of(i)).or_default() += 1;
        }
        let sites = per_site.len() as f64;
        let mean = n as f64 / sites;
        assert!(
            (700.0..1300.0).contains(&mean),
            "mean pages per site {mean}"
        );
        let biggest = *per_site.values().max().unwrap() as f64;
        assert!(biggest / n as f64 > 0.05, "the biggest site holds over 5 %");
        let mut sizes: Vec<u64> = per_site.values().copied().collect();
        sizes.sort_unstable();
        let median = sizes[sizes.len() / 2] as f64;
        assert!(
            median < mean / 2.0,
            "heavy tail: median {median} far below mean {mean}"
        );
    }

    #[test]
    fn hosts_have_the_documented_suffixes() {
        let c = Corpus::new(DEFAULT_SEED);
        let mut counts: HashMap<&str, u64> = HashMap::new();
        let mut buf = Vec::new();
        let sites = 20_000;
        for r in 1..=sites {
            buf.clear();
            c.host(r, &mut buf);
            let h = String::from_utf8(buf.clone()).unwrap();
            let h = h.split(':').next().unwrap();
            let suffix = [
                ".com.cn", ".edu.cn", ".gov.cn", ".net.cn", ".org.cn", ".cn", ".com", ".net",
                ".org",
            ]
            .into_iter()
            .find(|s| h.ends_with(s))
            .unwrap_or("ip");
            *counts.entry(suffix).or_default() += 1;
        }
        let share = |s: &str| counts.get(s).copied().unwrap_or(0) as f64 / sites as f64;
        assert!((share(".com") - 0.372).abs() < 0.02, "{counts:?}");
        assert!((share(".edu.cn") - 0.088).abs() < 0.015, "{counts:?}");
        assert!((share("ip") - 0.02).abs() < 0.006, "{counts:?}");
    }
}
