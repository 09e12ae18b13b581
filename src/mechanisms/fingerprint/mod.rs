//! P3's MD5 page fingerprints measured: dedup by 128-bit digest, the avalanche its Table 1
//! showed, the digests it printed, the birthday bound behind its 10^-24, and the URL
//! normalisations that decide what counts as "the same page".
//!
//! P3 = 杨海东, 叶小岭, 张颖超, 基于 Hash 算法实现搜索引擎中重复 WEB 页面的消除 (微计算机信息
//! 22(9-3), 2006). Each URL gets the 128-bit MD5 digest of its text as a unique id; a crawler
//! keeps the ids of the URLs it has seen and drops a URL whose id is already there.
//!
//! # Fingerprints ([`FingerprintSet`], [`TruncatedCollisions`])
//!
//! A fingerprint is `MD5(url)` read big-endian as a `u128` (its hex spelling as a number, as
//! [`crate::foundation::hash::md5_u128`]). A **b-bit fingerprint** is its top `b` bits, `md5 >> (128 − b)`
//! ([`truncate`]): for `b` a multiple of 4 it is the first `b/4` hex digits of the digest. Short
//! fingerprints make the birthday bound visible on a real list: with `b = 16` a store of 100 000
//! URLs drops about half of them as false duplicates.
//!
//! # Birthday bounds ([`collision_probability`])
//!
//! With `n` distinct inputs and uniformly random `b`-bit fingerprints, the expected number of
//! colliding pairs is `λ = n(n−1)/2^(b+1)` and the chance of at least one collision is
//! `P ≈ 1 − exp(−λ)`, computed as `−expm1(−λ)` so that tiny values keep their digits (`n = 2`,
//! `b = 128` gives `2^-128 ≈ 2.94e-39`, not 0). `P` reaches `p` at
//! `n = (1 + √(1 + 2^(b+3)·λ_p))/2` with `λ_p = −ln(1 − p)` ([`n_for_collision_probability`]).
//!
//! P3's claim (Sect. 2): "two inputs M1, M2 have the same 128-bit h(m) with probability
//! 10^-24 ... 5 orders of magnitude below human fingerprints (10^-19)", and "about 13 billion
//! pages and 60 billion links" are "完全可以满足要求" (fully met). Two given inputs share a digest with probability
//! `2^-128 ≈ 2.9e-39`; `10^-24 ≈ 2^-79.7`. For `n` URLs the chance of any shared digest
//! reaches 10^-24 at about 26.1 million URLs, is `2.5e-19` for 13 billion pages (the human
//! fingerprint figure) and `5.3e-18` for 60 billion links. With 64-bit fingerprints those
//! counts collide almost surely.
//!
//! # The avalanche ([`avalanche`], [`AvalancheTally`])
//!
//! P3's Table 1 (lost in the OCR) listed three similar URLs with very different digests. For two
//! inputs the lab shows both digests, their XOR, the number of differing bits out of 128 and
//! their positions (bit 0 is the most significant bit of the first hex digit, the order the page
//! draws them). [`variants`] makes near-identical URLs (the last bit flipped, a trailing `/`
//! added or removed, the host upper-cased, the last digit changed, `http` ↔ `https`); over many
//! such pairs the differing bits of an ideal 128-bit function follow Binomial(128, 1/2): mean 64,
//! standard deviation `√32 ≈ 5.657`.
//!
//! # The printed digests ([`reveal`])
//!
//! Sect. 3.1 prints `D41D8CD98F00B204E9800998ECF8427E` for the normalised URL
//! `"http://" + IP + path` and says URL (3) "also gives the same result" ((3) 式经过转换也得到同样
//! 结果). That digest is the MD5 of the **empty string**. The lab infers (P3 does not say) that
//! whatever URL P3's program meant to hash, it hashed nothing, so every alias gave the same id.
//! Sect. 3.2 prints `00F4CC7599310F795FB4B19B6A13CCA9` for
//! `"http://" + name + path`. The URLs P3 printed (its example is 南京信息工程大学) are lost in
//! the OCR of the paper; [`p3_candidates`] tries the strings that survive, the example site's
//! host, and simple variants of each. None of them gives `00F4CC…`: the lab says so.
//!
//! # Normalisation
//!
//! P3's two kinds of duplicates, from a user-supplied host → IP table ([`HostTable`]):
//!
//! * **same site, many names** (异名同址, aliases): several names resolve to one IP. P3's IP_ID
//!   hashes `"http://" + IP + path`, where a name's IP is the first IP listed for it.
//! * **same name, many addresses** (同名异址, mirrors): one site served from several IPs. P3's
//!   Name_ID hashes `"http://" + name + path`, where an IP's name is the first name listed for
//!   it. A URL by name goes name → IP → name (P3: "each URL's name and IP are converted into
//!   each other"), so Name_ID merges every alias IP_ID merges, and the mirrors too.
//!
//! The port is kept when it is not the scheme's default; the scheme is always written `http://`
//! as P3 does; the path includes the query (no fragment). A host missing from the table keeps
//! itself in both keys and is counted as unresolved.
//!
//! [`Canonicalizer`] applies common crawler canonicalisations, each switchable on its own
//! ([`Toggle`]), textually, so that each one's effect is measured alone: it works on the line's
//! own text, split into scheme, authority, path, query and fragment, and changes only the
//! parts its toggles name (with every toggle off the line comes back unchanged; C0 controls and
//! spaces after the URL, which the parser ignores, stay at the end). A line must
//! still parse as a URL with a host under the WHATWG parser (the `url` crate, as in
//! [`crate::foundation::key`]), or it is an error that reports count. Every toggle is idempotent and so are
//! all together: `canonical(canonical(x)) == canonical(x)`.
//!
//! # Example
//! ```
//! use urlhashlab::mechanisms::fingerprint::*;
//! use urlhashlab::foundation::printed::P3_DIGEST_IP_ID;
//! let mut seen = FingerprintSet::new();
//! assert_eq!(seen.insert(b"http://www.nuist.edu.cn/"), Insert::New);
//! assert_eq!(seen.insert(b"http://www.nuist.edu.cn/"), Insert::Duplicate);
//! assert_eq!((seen.distinct(), seen.duplicates()), (1, 1));
//!
//! // P3's normalised-URL digest is MD5 of the empty string.
//! let r = reveal(P3_DIGEST_IP_ID, "", &p3_candidates()).unwrap();
//! assert_eq!(r.matches[0].text, "");
//!
//! // Two given inputs share a 128-bit digest with probability 2^-128, not 10^-24.
//! assert!((collision_probability(2, 128) - 2f64.powi(-128)).abs() < 1e-50);
//! let n = n_for_collision_probability(1e-24, 128); // P3_CLAIM_PAIR_PROBABILITY
//! assert!(n > 26.0e6 && n < 26.2e6);
//!
//! let c = Canonicalizer::new(Toggles::all());
//! assert_eq!(
//!     c.canonical("HTTP://WWW.Nuist.edu.cn:80/a/;jsessionid=9F?b=2&a=1&sid=7f3a9c#top").unwrap(),
//!     "http://nuist.edu.cn/a?a=1&b=2"
//! );
//! ```

mod avalanche;
mod birthday;
mod canonical;
mod dedup;
mod digest;
pub mod replay;
mod reveal;
mod site_keys;
mod sites;
mod store;
mod views;

pub use avalanche::*;
pub use birthday::*;
pub use canonical::*;
pub use dedup::*;
pub use digest::*;
pub use reveal::*;
pub use site_keys::*;
pub use sites::*;
pub use store::*;
pub use views::*;

#[cfg(test)]
mod tests;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod properties;
