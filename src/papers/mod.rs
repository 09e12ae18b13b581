//! **Layer 3, the papers**: the five papers, one module each: what the paper printed (its
//! tables, constants and claims, typed), its presets, and the study that measures the same
//! things on a URL list and reports them beside the printed numbers. They import the layers
//! below, [`crate::foundation`] and [`crate::mechanisms`]; the engine and the adapters import
//! them. The printed numbers the mechanisms default to stand in
//! [`crate::foundation::printed`].
//!
//! | module | paper | printed | study |
//! |---|---|---|---|
//! | [`p1`] | 李晓明, 凤旺森, 两种对 URL 的散列效果很好的函数, J. Software 15(2), 2004 | the table of A and A(opt) at M = 200 000, Fig. 1–3's M | [`p1::P1Study`] |
//! | [`p2`] | 李村合, 何淑庆, 张培颖, 两种适用于中文信息搜集的 URL 散列函数的研究 | Table 1 (7 nodes, 246 951 URLs), the 2^21 and 2^15 tables | [`p2::P2Study`] |
//! | [`p3`] | 杨海东, 叶小岭, 张颖超, 基于 Hash 算法实现搜索引擎中重复 WEB 页面的消除, 2006 | 128 bits, 10^-24, two digests | [`p3::P3Study`] |
//! | [`p4`] | 吴小惠, 分布式网络爬虫 URL 去重策略的改进, 2009 | Table 1's times, 2 MB per 10 000 URLs | [`p4::study`] |
//! | [`p5`] | 吴家奇 et al., 基于 Counting Bloom Filter 的海量网页快速去重研究, 2018 | k = 8, m/N = 20, the overflow bound, Fig. 3's N | [`p5::study`] |
//!
//! The functions and structures the papers use live in the modules of their concept
//! ([`crate::foundation::hash`], [`crate::mechanisms::partition`], [`crate::mechanisms::fingerprint`], [`crate::mechanisms::trie`],
//! [`crate::mechanisms::bloom`], [`crate::mechanisms::cbf`]); a paper's module holds what is the paper's own.

pub mod claims;
pub mod p1;
pub mod p2;
pub mod p3;
pub mod p4;
pub mod p5;
