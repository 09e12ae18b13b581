//! The claims ledger: every table, figure, formula, number, procedure and conclusion of the
//! five papers, each with the paper's own words, where it stands in the paper, and what the lab
//! does with it.
//!
//! A claim is *live* when the lab computes it on the input given: the field of a `urlhash paper
//! pN --json` report that holds today's value (a JSON pointer, RFC 6901) and the page's element
//! that shows it beside the printed value. It is *flagged* when the paper is wrong or
//! inconsistent there, with the evidence; *quoted* when it cannot be run, with the reason. No
//! claim is left without a status: [`Status`] has no other case. `urlhash claims` prints the
//! ledger with today's live values; the page's Claims view reads its copy, www/claims-ledger.js,
//! which the tests keep equal to it.
//!
//! P1 = 李晓明, 凤旺森 2004; P2 = 李村合, 何淑庆, 张培颖; P3 = 杨海东, 叶小岭, 张颖超 2006;
//! P4 = 吴小惠 2009; P5 = 吴家奇 et al. 2018 (see [`crate::papers`]). The ids follow the lab's
//! audit of the papers (`p1.14` is P1's table), numbered in the order the paper says them.

use serde::Serialize;

mod p1;
mod p2;
mod p3;
mod p4;
mod p5;

/// A sentence in English and in Chinese.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Text {
    /// English.
    pub en: &'static str,
    /// Chinese (simplified).
    pub zh: &'static str,
}

/// What kind of item the claim is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A printed table, or one of its rows.
    Table,
    /// A figure (its grid, its curves or its caption).
    Figure,
    /// A formula or a bound.
    Formula,
    /// A number the text states.
    Number,
    /// Code or a procedure (an algorithm, a flow, a rule).
    Procedure,
    /// A conclusion or an argument.
    Conclusion,
    /// Context: data, history, cited statistics, the machine.
    Context,
}

/// Which `urlhash paper` report computes a live claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Report {
    /// `urlhash paper p1 --json`.
    P1,
    /// `urlhash paper p2 --json`.
    P2,
    /// `urlhash paper p3 --json`.
    P3,
    /// `urlhash paper p4 --json`.
    P4,
    /// `urlhash paper p5 --json`.
    P5,
}

impl Report {
    /// Every report, in order.
    pub const ALL: [Report; 5] = [Report::P1, Report::P2, Report::P3, Report::P4, Report::P5];

    /// `p1` … `p5`: the `urlhash paper` subcommand.
    pub fn command(self) -> &'static str {
        match self {
            Report::P1 => "p1",
            Report::P2 => "p2",
            Report::P3 => "p3",
            Report::P4 => "p4",
            Report::P5 => "p5",
        }
    }
}

/// What the lab does with a claim.
#[derive(Clone, Copy, Debug, Serialize)]
#[serde(tag = "is", rename_all = "lowercase")]
pub enum Status {
    /// Computed on the input given.
    Live {
        /// The report that computes it.
        report: Report,
        /// Where its value is in that report's JSON: a JSON pointer (RFC 6901).
        field: &'static str,
        /// The page element (an `id` of `index.html`) that shows it beside the printed value.
        view: &'static str,
        /// What the value is, when the field alone does not say.
        note: Text,
    },
    /// The paper is wrong or inconsistent here: the evidence.
    Flagged {
        /// The evidence.
        evidence: Text,
        /// The page element that shows the evidence, or "" when only the CLI does.
        view: &'static str,
    },
    /// Quoted only: why it cannot be run.
    Quoted {
        /// Why.
        why: Text,
    },
}

/// One item of a paper.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Claim {
    /// `p1.14`: the paper, then the item's number.
    pub id: &'static str,
    /// Where it stands in the paper: `§3 表 1`, `摘要`, `图 2`.
    pub section: &'static str,
    /// What kind of item.
    pub kind: Kind,
    /// The paper's own words, as printed (its Chinese; `[…]` marks a cut, `[?]` a character the
    /// scan lost).
    pub words: &'static str,
    /// The printed value when the item is a number, a row or a formula ("" otherwise).
    pub printed: &'static str,
    /// What the item is, in a few words.
    pub topic: Text,
    /// What the lab does with it: `{is: "live" | "flagged" | "quoted", …}` (not flattened: the
    /// page's WebAssembly spares the flattening serialiser).
    pub status: Status,
}

impl Claim {
    /// The paper: 1 to 5.
    pub fn paper(&self) -> u8 {
        self.id.as_bytes()[1] - b'0'
    }
}

/// The ledger of paper `paper` (1 to 5); empty for any other.
pub fn of_paper(paper: u8) -> &'static [Claim] {
    match paper {
        1 => p1::CLAIMS,
        2 => p2::CLAIMS,
        3 => p3::CLAIMS,
        4 => p4::CLAIMS,
        5 => p5::CLAIMS,
        _ => &[],
    }
}

/// Every claim of the five papers, paper by paper.
pub fn all() -> impl Iterator<Item = &'static Claim> {
    (1..=5).flat_map(|p| of_paper(p).iter())
}

/// Shorthand for a [`Text`].
pub(crate) const fn t(en: &'static str, zh: &'static str) -> Text {
    Text { en, zh }
}

/// Shorthand for [`Status::Live`].
pub(crate) const fn live(
    report: Report,
    field: &'static str,
    view: &'static str,
    note: Text,
) -> Status {
    Status::Live {
        report,
        field,
        view,
        note,
    }
}

/// Shorthand for [`Status::Flagged`].
pub(crate) const fn flagged(evidence: Text, view: &'static str) -> Status {
    Status::Flagged { evidence, view }
}

/// Shorthand for [`Status::Quoted`].
pub(crate) const fn quoted(why: Text) -> Status {
    Status::Quoted { why }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page the ledger's elements are on.
    const PAGE: &str = include_str!("../../../index.html");
    /// The glossary whose rejected words no Chinese text of the ledger may use.
    const GLOSSARY: &str = include_str!("../../../docs/glossary.md");

    /// The words the glossary's last column rejects.
    fn rejected() -> Vec<&'static str> {
        GLOSSARY
            .lines()
            .filter(|l| l.starts_with('|') && !l.starts_with("|---") && !l.starts_with("| concept"))
            .filter_map(|l| l.trim_end_matches('|').rsplit('|').next())
            .flat_map(|cell| cell.split(['、', ',']))
            .map(str::trim)
            .filter(|w| !w.is_empty())
            .collect()
    }

    fn on_page(id: &str) -> bool {
        PAGE.contains(&format!("id=\"{id}\""))
    }

    #[test]
    fn every_claim_has_an_id_in_order_its_words_and_a_status() {
        for paper in 1..=5u8 {
            let claims = of_paper(paper);
            assert!(claims.len() >= 15, "P{paper}: {} claims", claims.len());
            let mut last = 0;
            for c in claims {
                let (p, n) = c.id.split_once('.').expect("pN.M");
                assert_eq!(p, format!("p{paper}"), "{}", c.id);
                let n: u32 = n.parse().unwrap_or_else(|_| panic!("{}", c.id));
                assert!(n > last, "{} after p{paper}.{last}", c.id);
                last = n;
                assert_eq!(c.paper(), paper);
                for (what, s) in [
                    ("section", c.section),
                    ("words", c.words),
                    ("topic", c.topic.en),
                    ("topic zh", c.topic.zh),
                ] {
                    assert!(!s.trim().is_empty(), "{}: no {what}", c.id);
                }
                match c.status {
                    Status::Live {
                        field, view, note, ..
                    } => {
                        assert!(
                            field.starts_with('/'),
                            "{}: {field} is no JSON pointer",
                            c.id
                        );
                        assert!(on_page(view), "{}: no element #{view} on the page", c.id);
                        assert_eq!(note.en.is_empty(), note.zh.is_empty(), "{}", c.id);
                    }
                    Status::Flagged { evidence, view } => {
                        assert!(
                            !evidence.en.is_empty() && !evidence.zh.is_empty(),
                            "{}",
                            c.id
                        );
                        assert!(
                            view.is_empty() || on_page(view),
                            "{}: no element #{view}",
                            c.id
                        );
                    }
                    Status::Quoted { why } => {
                        assert!(!why.en.is_empty() && !why.zh.is_empty(), "{}", c.id);
                    }
                }
            }
        }
        assert!(of_paper(0).is_empty() && of_paper(6).is_empty());
        assert_eq!(
            all().count(),
            (1..=5).map(|p| of_paper(p).len()).sum::<usize>()
        );
    }

    #[test]
    fn the_chinese_uses_the_glossary_words() {
        let rejected = rejected();
        assert!(
            rejected.contains(&"装载因子") && rejected.contains(&"回卷"),
            "{rejected:?}"
        );
        for c in all() {
            let (detail, view_note) = match c.status {
                Status::Live { note, .. } => (note.zh, ""),
                Status::Flagged { evidence, .. } => (evidence.zh, ""),
                Status::Quoted { why } => (why.zh, ""),
            };
            for text in [c.topic.zh, detail, view_note] {
                // A rejected word may stand inside a quote of the paper (「…」), never in ours.
                let ours: String = text
                    .split('「')
                    .enumerate()
                    .map(|(i, part)| {
                        if i == 0 {
                            part
                        } else {
                            part.split_once('」').map_or("", |(_, after)| after)
                        }
                    })
                    .collect();
                for word in &rejected {
                    assert!(!ours.contains(word), "{}: {word:?} in {text:?}", c.id);
                }
            }
        }
    }

    /// The page's copy, www/claims-ledger.js, is this ledger (`BLESS=1` writes it): the page
    /// loads it when its Claims view is first shown, so the first-loaded WebAssembly carries none
    /// of the ledger's text.
    #[test]
    fn the_pages_copy_is_this_ledger() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/www/claims-ledger.js");
        let json = serde_json::to_string_pretty(&all().collect::<Vec<_>>()).unwrap();
        let ours = format!(
            "// The claims ledger of src/papers/claims, written by its test (BLESS=1 cargo test --profile quick\n// --lib claims): do not edit. The Claims view (www/views/claims-view.js) loads it.\n/** @type {{import('./protocol.js').Claim[]}} */\nexport const CLAIMS = {json};\n"
        );
        if std::env::var_os("BLESS").is_some() {
            std::fs::write(path, &ours).unwrap();
        }
        let file = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            file == ours,
            "www/claims-ledger.js is not the ledger of src/papers/claims: BLESS=1 cargo test --profile quick --lib claims"
        );
    }

    #[test]
    fn it_serialises_with_its_status_named() {
        let c = all()
            .find(|c| matches!(c.status, Status::Live { .. }))
            .expect("a live claim");
        let v = serde_json::to_value(c).unwrap();
        assert_eq!(v["status"]["is"], "live");
        assert!(v["status"]["field"].as_str().unwrap().starts_with('/'));
        assert!(v["status"]["report"].is_string());
    }
}
