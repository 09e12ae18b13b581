//! The Public Suffix List matched from its rules text at run time: the public suffix and the
//! registrable domain of a host, the same answers as the `psl` crate.
//!
//! The Public Suffix List (<https://publicsuffix.org/list/>) names the suffixes under which
//! anyone can register a name: `cn`, `com.cn`, `github.io`. A **rule** is a name (`com.cn`), a
//! wildcard (`*.ck`: every label under `ck` is a suffix) or an exception (`!www.ck`: not that
//! one). The list's algorithm: the public suffix of a host is the longest name of the list that
//! ends it, label for label, an exception giving its parent instead; when no rule matches, the
//! default rule `*` makes the host's last label its suffix. The **registrable domain** is the
//! public suffix plus one more label (`news.sina.com.cn` → suffix `com.cn`, domain
//! `sina.com.cn`); a host that is itself a suffix has none.
//!
//! The native build (the `urlhash` command line, the tests) asks the `psl` crate, which compiles
//! the list into Rust matching code: about 924 KB of the WebAssembly module, almost half of it.
//! The wasm32 build leaves that crate out: the page fetches the same list as text (the `psl`
//! crate's own `data/rules.txt`, copied into `dist/` as `data/public-suffix-list.txt`) and
//! installs it through `Lab.setSuffixRules` (`install`) before a study that needs registrable
//! domains. [`Rules`] parses that text into a hash table of names and reproduces
//! `psl::suffix_str` and `psl::domain_str` for every input (`tests/integration/suffix_rules.rs` checks it on
//! every rule of the list turned into hosts, the corpus and real URL lists), including where
//! `psl` reads the list its own way:
//!
//! * labels are compared byte for byte: no case folding (`WWW.PKU.EDU.CN` matches no rule, so
//!   its suffix is `CN` by the default rule) and no IDNA mapping; a Unicode rule (`公司.cn`)
//!   matches in UTF-8 and in its ASCII form (`xn--55qx5d.cn`), every label in the same form;
//! * a wildcard covers a label only when no longer rule goes through it: with `*.futurecms.at`
//!   and `*.ex.futurecms.at`, `ex.futurecms.at` is not a suffix (its suffix is `at`), though
//!   `a.ex.futurecms.at` is;
//! * one trailing dot is the root and is left out of the answer (`sina.com.cn.` → `sina.com.cn`);
//!   any other empty label is a label like another (`a..cn` → suffix `cn`, domain `.cn`);
//! * an IP address is a name like another (`192.168.0.1` → suffix `1`, domain `0.1`); callers
//!   that mean hosts leave those out first ([`crate::foundation::key::registrable_domain`]).
//!
//! [`domain_str`] and [`suffix_str`] are the one place the rest of the core asks: the `psl`
//! crate natively, the installed rules on wasm32. There, before `install`, [`ready`] is a
//! [`MissingRules`] error, which the partition simulation returns instead of starting.
//!
//! # Example
//! ```
//! use urlhashlab::foundation::suffix::Rules;
//! let rules = Rules::parse("cn\ncom.cn\n*.ck\n!www.ck\n公司.cn\n").unwrap();
//! assert_eq!(rules.len(), 5);
//! assert_eq!(rules.suffix("news.sina.com.cn"), Some("com.cn"));
//! assert_eq!(rules.domain("news.sina.com.cn"), Some("sina.com.cn"));
//! assert_eq!(rules.domain("a.b.ck"), Some("a.b.ck")); // `b.ck` is a suffix
//! assert_eq!(rules.domain("a.www.ck"), Some("www.ck")); // the exception
//! assert_eq!(rules.domain("a.xn--55qx5d.cn"), Some("a.xn--55qx5d.cn")); // 公司.cn in ASCII
//! assert_eq!(rules.domain("com.cn"), None); // a bare suffix
//! assert_eq!(rules.suffix("example.zzz"), Some("zzz")); // the default rule
//! assert!(Rules::parse("a..cn").is_err());
//! ```

use std::collections::HashMap;
use std::fmt;
use xxhash_rust::xxh3::xxh3_64;

/// The name is a rule: a public suffix.
const RULE: u8 = 1;
/// `*.` + the name is a rule: every label under the name is a suffix.
const WILDCARD: u8 = 2;
/// `!` + the name is a rule: the name is not a suffix, its parent is.
const EXCEPTION: u8 = 4;
/// The list has a longer name under this one.
const PARENT: u8 = 8;

/// The error code a [`RulesError`] message starts with.
pub const INVALID_CODE: &str = "suffix-rules-invalid";
/// The error code a [`MissingRules`] message starts with.
pub const MISSING_CODE: &str = "suffix-rules-missing";

/// Why a rules text is not a Public Suffix List.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesError {
    /// The text has no rule (blank lines and `//` comments only, or nothing).
    Empty,
    /// Line `line` (from 1) holds `rule`, which is not a rule for `reason`.
    Rule {
        /// The line's number in the rules text, from 1.
        line: usize,
        /// The line as read, trimmed.
        rule: String,
        /// What is wrong with it.
        reason: &'static str,
    },
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::Empty => write!(
                f,
                "{INVALID_CODE}: the Public Suffix List text has no rule (is it the right file?)"
            ),
            RulesError::Rule { line, rule, reason } => write!(
                f,
                "{INVALID_CODE}: line {line} of the Public Suffix List, {rule:?}, is not a rule: {reason}"
            ),
        }
    }
}

impl std::error::Error for RulesError {}

/// One name of the list: `names[start..start + len]` and its flags.
#[derive(Clone, Copy, Debug)]
struct Name {
    start: u32,
    len: u32,
    flags: u8,
}

/// A Public Suffix List parsed from its rules text: every rule's name and every shorter name
/// under which it sits (`kawasaki.jp` and `jp` for `!city.kawasaki.jp`), each with what the
/// list says of it, in one open-addressing hash table (XXH3) over one string: about 420 KB for
/// the whole list (10 397 rules, 11 312 names). A lookup hashes each suffix of the host once,
/// from its last label leftwards, as `psl`'s generated matcher walks its labels.
#[derive(Clone)]
pub struct Rules {
    /// Every name back to back.
    names: String,
    entries: Vec<Name>,
    /// `entries` index + 1 of the name hashed there (0: empty); a power of two, at most half
    /// full, probed linearly.
    slots: Vec<u32>,
    /// Distinct rules read.
    rules: usize,
}

impl fmt::Debug for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Rules")
            .field("rules", &self.rules)
            .field("names", &self.entries.len())
            .finish()
    }
}

impl Rules {
    /// Parses a rules text: one rule per line (LF or CRLF), a name (`com.cn`), a wildcard
    /// (`*.ck`) or an exception (`!www.ck`), as in the `psl` crate's `data/rules.txt`. Blank
    /// lines and `//` comment lines (the list's published form) are skipped; a Unicode rule
    /// also matches in its ASCII (punycode) form. A line that is not a rule is an error naming
    /// it: an empty label, a `*` that is not a whole first label, a `!` elsewhere than first, an
    /// exception with one label, with anything listed under it or that is also a rule (the
    /// list has none; what `psl` would make of them is not known), spaces inside.
    ///
    /// # Example
    /// ```
    /// use urlhashlab::foundation::suffix::{Rules, RulesError};
    /// assert_eq!(Rules::parse("// comment\r\ncn\r\n\r\n*.ck\r\n").unwrap().len(), 2);
    /// assert_eq!(Rules::parse("\n// nothing\n").unwrap_err(), RulesError::Empty);
    /// let e = Rules::parse("cn\nfoo.*.cn\n").unwrap_err();
    /// assert_eq!(
    ///     e.to_string(),
    ///     "suffix-rules-invalid: line 2 of the Public Suffix List, \"foo.*.cn\", is not a rule: \
    ///      a wildcard must be the whole first label (*.ck)"
    /// );
    /// ```
    pub fn parse(text: &str) -> Result<Rules, RulesError> {
        let mut flags: HashMap<String, u8> = HashMap::new();
        let mut rules = 0;
        for (i, line) in text.lines().enumerate() {
            let rule = line.trim();
            if rule.is_empty() || rule.starts_with("//") {
                continue;
            }
            let bad = |reason| RulesError::Rule {
                line: i + 1,
                rule: rule.to_string(),
                reason,
            };
            let (name, flag) = if let Some(name) = rule.strip_prefix("*.") {
                (name, WILDCARD)
            } else if let Some(name) = rule.strip_prefix('!') {
                (name, EXCEPTION)
            } else {
                (rule, RULE)
            };
            check_name(name).map_err(bad)?;
            if flag == EXCEPTION && !name.contains('.') {
                return Err(bad("an exception is a name under a suffix (!www.ck)"));
            }
            let ascii = ascii_form(name).ok_or_else(|| bad("a label has no ASCII form"))?;
            let before = flags.get(name).copied().unwrap_or(0);
            for form in std::iter::once(name).chain(ascii.as_deref()) {
                *flags.entry(form.to_string()).or_insert(0) |= flag;
                for shorter in std::iter::successors(parent(form), |n| parent(n)) {
                    *flags.entry(shorter.to_string()).or_insert(0) |= PARENT;
                }
                // An exception is a leaf of its own: no other rule for it, nothing under it.
                if std::iter::successors(Some(form), |n| parent(n)).any(|n| {
                    let f = flags[n];
                    f & EXCEPTION != 0 && f != EXCEPTION
                }) {
                    return Err(bad(
                        "an exception is listed as a suffix too, or has names listed under it",
                    ));
                }
            }
            rules += usize::from(before & flag == 0);
        }
        if rules == 0 {
            return Err(RulesError::Empty);
        }
        Ok(Rules::from_flags(flags, rules))
    }

    /// The table of `flags`, names in sorted order (the same table for the same rules).
    fn from_flags(flags: HashMap<String, u8>, rules: usize) -> Rules {
        let mut sorted: Vec<(String, u8)> = flags.into_iter().collect();
        crate::foundation::order::sort(&mut sorted);
        let mut names = String::with_capacity(sorted.iter().map(|(n, _)| n.len()).sum());
        let mut entries = Vec::with_capacity(sorted.len());
        for (name, flags) in &sorted {
            entries.push(Name {
                start: names.len() as u32,
                len: name.len() as u32,
                flags: *flags,
            });
            names.push_str(name);
        }
        let mut slots = vec![0u32; (entries.len() * 2).next_power_of_two()];
        let mask = slots.len() - 1;
        for (i, e) in entries.iter().enumerate() {
            let name = &names.as_bytes()[e.start as usize..(e.start + e.len) as usize];
            let mut s = xxh3_64(name) as usize & mask;
            while slots[s] != 0 {
                s = (s + 1) & mask;
            }
            slots[s] = i as u32 + 1;
        }
        Rules {
            names,
            entries,
            slots,
            rules,
        }
    }

    /// The number of distinct rules read.
    pub fn len(&self) -> usize {
        self.rules
    }

    /// Whether no rule was read (never: [`Rules::parse`] refuses such a text).
    pub fn is_empty(&self) -> bool {
        self.rules == 0
    }

    /// The flags of `name`, when the list has it.
    fn get(&self, name: &[u8]) -> Option<u8> {
        let mask = self.slots.len() - 1;
        let mut s = xxh3_64(name) as usize & mask;
        loop {
            let i = self.slots[s];
            if i == 0 {
                return None;
            }
            let e = self.entries[i as usize - 1];
            if &self.names.as_bytes()[e.start as usize..(e.start + e.len) as usize] == name {
                return Some(e.flags);
            }
            s = (s + 1) & mask;
        }
    }

    /// How many bytes at the end of `name` (a host without its root dot) are its public
    /// suffix; 0 when its last label is empty. This is `psl`'s `find` over the labels right to
    /// left: every last label is a suffix (a listed one, or by the default rule); then while the
    /// next label leads to a listed name, go on (a rule there is the suffix so far, an exception
    /// ends with its parent); when it does not, a wildcard on the current name makes the label
    /// part of the suffix, and otherwise the suffix so far stands.
    fn find(&self, name: &[u8]) -> usize {
        let n = name.len();
        let mut start = label_start(name, n);
        let Some(mut flags) = self.get(&name[start..]) else {
            return n - start;
        };
        let mut found = n - start;
        while start > 0 {
            let next = label_start(name, start - 1);
            match self.get(&name[next..]) {
                Some(f) if f & EXCEPTION != 0 => return n - start,
                Some(f) => {
                    start = next;
                    flags = f;
                    if f & RULE != 0 {
                        found = n - start;
                    }
                }
                None if flags & WILDCARD != 0 => return n - next,
                None => return found,
            }
        }
        found
    }

    /// The public suffix of `host`, exactly as `psl::suffix_str(host)`: `None` only for an
    /// empty host; the root dot is left out (`cn.` → `cn`, and `.` → the empty suffix).
    ///
    /// # Example
    /// ```
    /// use urlhashlab::foundation::suffix::Rules;
    /// let rules = Rules::parse("cn\ncom.cn\n").unwrap();
    /// assert_eq!(rules.suffix("www.sina.com.cn."), Some("com.cn"));
    /// assert_eq!(rules.suffix("com.cn"), Some("com.cn"));
    /// assert_eq!(rules.suffix("localhost"), Some("localhost"));
    /// assert_eq!(rules.suffix(""), None);
    /// ```
    pub fn suffix<'a>(&self, host: &'a str) -> Option<&'a str> {
        let (name, fqdn) = without_root(host);
        let len = self.find(name.as_bytes());
        if len == 0 && !fqdn {
            return None;
        }
        Some(&name[name.len() - len..])
    }

    /// The registrable domain of `host`, exactly as `psl::domain_str(host)`: its public suffix
    /// and the label before it; `None` when there is no label before it (a bare suffix, a
    /// single label). The root dot is left out.
    ///
    /// # Example
    /// ```
    /// use urlhashlab::foundation::suffix::Rules;
    /// let rules = Rules::parse("cn\ncom.cn\n").unwrap();
    /// assert_eq!(rules.domain("news.sina.com.cn."), Some("sina.com.cn"));
    /// assert_eq!(rules.domain("com.cn"), None);
    /// assert_eq!(rules.domain("localhost"), None);
    /// ```
    pub fn domain<'a>(&self, host: &'a str) -> Option<&'a str> {
        let (name, fqdn) = without_root(host);
        let len = self.find(name.as_bytes());
        if len == 0 && !fqdn || name.len() < len + 2 {
            return None;
        }
        // `psl` takes the byte before the suffix as its dot and the label before that.
        Some(&name[label_start(name.as_bytes(), name.len() - len - 1)..])
    }
}

/// `host` without one trailing dot, and whether it had one.
fn without_root(host: &str) -> (&str, bool) {
    match host.strip_suffix('.') {
        Some(name) => (name, true),
        None => (host, false),
    }
}

/// Where the label that ends at `end` starts.
fn label_start(name: &[u8], end: usize) -> usize {
    name[..end]
        .iter()
        .rposition(|&b| b == b'.')
        .map_or(0, |dot| dot + 1)
}

/// The name one label shorter (`com.cn` → `cn`), if any.
fn parent(name: &str) -> Option<&str> {
    name.find('.').map(|dot| &name[dot + 1..])
}

/// Why `name` (a rule without `*.` or `!`) cannot be a name of the list, if it cannot.
fn check_name(name: &str) -> Result<(), &'static str> {
    if name.contains(char::is_whitespace) {
        Err("a rule is one name, without spaces")
    } else if name.contains('*') {
        Err("a wildcard must be the whole first label (*.ck)")
    } else if name.contains('!') {
        Err("an exception's ! comes first (!www.ck)")
    } else if name.split('.').any(str::is_empty) {
        Err("a label is empty")
    } else {
        Ok(())
    }
}

/// `name` with each non-ASCII label in punycode (`公司.cn` → `xn--55qx5d.cn`), as `psl` lists a
/// Unicode rule a second time; `Some(None)` when it is ASCII already, `None` when a label is
/// too long to encode.
fn ascii_form(name: &str) -> Option<Option<String>> {
    if name.is_ascii() {
        return Some(None);
    }
    let mut out = String::with_capacity(name.len() * 2);
    for (i, label) in name.split('.').enumerate() {
        if i > 0 {
            out.push('.');
        }
        if label.is_ascii() {
            out.push_str(label);
        } else {
            out.push_str("xn--");
            out.push_str(&idna::punycode::encode_str(label)?);
        }
    }
    Some(Some(out))
}

// ------------------------------------------------------------------------------------------
// The list the core consults

/// The error of a study that needs the Public Suffix List on wasm32 before the page installed
/// it (`Lab.setSuffixRules`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MissingRules;

impl fmt::Display for MissingRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{MISSING_CODE}: the Public Suffix List is not loaded, and registrable domains (the domain and heritrix policies) need it: install its rules with Lab.setSuffixRules first"
        )
    }
}

impl std::error::Error for MissingRules {}

/// Whether [`domain_str`] and [`suffix_str`] can answer: always natively; on wasm32 once rules
/// are installed (`install`). Every study that needs them asks this first.
pub fn ready() -> Result<(), MissingRules> {
    if list::ready() {
        Ok(())
    } else {
        Err(MissingRules)
    }
}

/// The registrable domain of `host` by the Public Suffix List: `psl::domain_str` natively,
/// [`Rules::domain`] of the installed rules on wasm32 (the same answer).
///
/// # Panics
/// On wasm32 when no rules are installed: ask [`ready`] first.
pub fn domain_str(host: &str) -> Option<&str> {
    list::domain(host)
}

/// The public suffix of `host` by the Public Suffix List: `psl::suffix_str` natively,
/// [`Rules::suffix`] of the installed rules on wasm32 (the same answer).
///
/// # Panics
/// On wasm32 when no rules are installed: ask [`ready`] first.
pub fn suffix_str(host: &str) -> Option<&str> {
    list::suffix(host)
}

/// Makes `rules` the list [`domain_str`] and [`suffix_str`] answer from (wasm32 only; natively
/// the `psl` crate's list is compiled in), replacing any installed before; returns its number
/// of rules. The WebAssembly adapter calls this from `Lab.setSuffixRules`.
#[cfg(target_arch = "wasm32")]
pub fn install(rules: Rules) -> usize {
    let count = rules.len();
    list::set(Some(rules));
    count
}

/// Removes the installed rules, so that [`ready`] fails again: for the browser tests, which
/// check the error a study gives before the page installs them.
#[cfg(target_arch = "wasm32")]
#[doc(hidden)]
pub fn uninstall() {
    list::set(None);
}

/// Natively: the list compiled into the `psl` crate.
#[cfg(not(target_arch = "wasm32"))]
mod list {
    pub(super) fn ready() -> bool {
        true
    }

    pub(super) fn domain(host: &str) -> Option<&str> {
        psl::domain_str(host)
    }

    pub(super) fn suffix(host: &str) -> Option<&str> {
        psl::suffix_str(host)
    }
}

/// On wasm32: the rules the page installed, one list for the whole module instance.
#[cfg(target_arch = "wasm32")]
mod list {
    use super::Rules;
    use std::sync::{PoisonError, RwLock};

    static RULES: RwLock<Option<Rules>> = RwLock::new(None);

    pub(super) fn set(rules: Option<Rules>) {
        *RULES.write().unwrap_or_else(PoisonError::into_inner) = rules;
    }

    pub(super) fn ready() -> bool {
        RULES
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .is_some()
    }

    pub(super) fn domain(host: &str) -> Option<&str> {
        with(|rules| rules.domain(host))
    }

    pub(super) fn suffix(host: &str) -> Option<&str> {
        with(|rules| rules.suffix(host))
    }

    fn with<T>(f: impl FnOnce(&Rules) -> T) -> T {
        let rules = RULES.read().unwrap_or_else(PoisonError::into_inner);
        f(rules.as_ref().expect(
            "the Public Suffix List is consulted before it is installed: ask suffix::ready() first",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small list with every kind of rule, in the published form (comments, CRLF).
    const SMALL: &str = "// ===BEGIN ICANN DOMAINS===\r\n\
cn\r\ncom.cn\r\n公司.cn\r\n\r\n*.ck\r\n!www.ck\r\n\
jp\r\n*.kawasaki.jp\r\n!city.kawasaki.jp\r\n\
at\r\n*.futurecms.at\r\n*.ex.futurecms.at\r\nwien.funkfeuer.at\r\n\
公司.香港\r\n";

    fn small() -> Rules {
        Rules::parse(SMALL).unwrap()
    }

    #[test]
    fn parse_counts_distinct_rules_and_lists_the_ascii_forms() {
        let r = small();
        assert_eq!(r.len(), 13);
        assert!(!r.is_empty());
        assert_eq!(r.get(b"xn--55qx5d.cn"), Some(RULE));
        assert_eq!(r.get(b"xn--55qx5d.xn--j6w193g"), Some(RULE));
        assert_eq!(r.get(b"ck"), Some(WILDCARD | PARENT));
        assert_eq!(r.get(b"www.ck"), Some(EXCEPTION));
        assert_eq!(r.get(b"funkfeuer.at"), Some(PARENT));
        assert_eq!(r.get(b"nope.at"), None);
        // A repeated rule is counted once.
        assert_eq!(Rules::parse("cn\ncn\ncom.cn\n").unwrap().len(), 2);
        // A name that is both a wildcard and a rule is two rules.
        assert_eq!(Rules::parse("ck\n*.ck\n").unwrap().len(), 2);
    }

    #[test]
    fn bad_rules_are_errors_naming_the_line() {
        let line = |text: &str| match Rules::parse(text) {
            Err(RulesError::Rule { line, reason, .. }) => (line, reason),
            other => panic!("{text:?} gave {other:?}"),
        };
        assert_eq!(line("cn\na..cn").0, 2);
        assert_eq!(line("cn\n\n.cn").0, 3);
        assert_eq!(line("cn.").1, "a label is empty");
        assert_eq!(line("*.").1, "a label is empty");
        assert_eq!(line("!").1, "a label is empty");
        assert_eq!(
            line("*").1,
            "a wildcard must be the whole first label (*.ck)"
        );
        assert_eq!(
            line("*ck").1,
            "a wildcard must be the whole first label (*.ck)"
        );
        assert_eq!(
            line("a.*.ck").1,
            "a wildcard must be the whole first label (*.ck)"
        );
        assert_eq!(
            line("!*.ck").1,
            "a wildcard must be the whole first label (*.ck)"
        );
        assert_eq!(line("www.!ck").1, "an exception's ! comes first (!www.ck)");
        assert_eq!(
            line("!ck").1,
            "an exception is a name under a suffix (!www.ck)"
        );
        assert_eq!(line("a cn").1, "a rule is one name, without spaces");
        let conflict = "an exception is listed as a suffix too, or has names listed under it";
        assert_eq!(line("*.ck\n!www.ck\nwww.ck"), (3, conflict));
        assert_eq!(line("*.ck\nwww.ck\n!www.ck"), (3, conflict));
        assert_eq!(line("!www.ck\na.www.ck"), (2, conflict));
        assert_eq!(line("a.www.ck\n!www.ck"), (2, conflict));
        assert_eq!(line("!www.ck\n*.www.ck"), (2, conflict));
        assert_eq!(Rules::parse("").unwrap_err(), RulesError::Empty);
        assert_eq!(
            Rules::parse(" \r\n// only a comment\n").unwrap_err(),
            RulesError::Empty
        );
        let e = Rules::parse("cn\na..cn").unwrap_err().to_string();
        assert!(e.starts_with("suffix-rules-invalid: line 2 "), "{e}");
        assert!(RulesError::Empty.to_string().starts_with(INVALID_CODE));
        assert!(MissingRules.to_string().starts_with(MISSING_CODE));
    }

    #[test]
    fn suffixes_follow_rules_wildcards_and_exceptions() {
        let r = small();
        let cases = [
            // host, suffix, domain
            ("news.sina.com.cn", Some("com.cn"), Some("sina.com.cn")),
            ("sina.com.cn", Some("com.cn"), Some("sina.com.cn")),
            ("com.cn", Some("com.cn"), None),
            ("cn", Some("cn"), None),
            ("a.公司.cn", Some("公司.cn"), Some("a.公司.cn")),
            (
                "a.xn--55qx5d.cn",
                Some("xn--55qx5d.cn"),
                Some("a.xn--55qx5d.cn"),
            ),
            // Mixed forms match neither rule.
            (
                "a.公司.xn--j6w193g",
                Some("xn--j6w193g"),
                Some("公司.xn--j6w193g"),
            ),
            ("a.b.ck", Some("b.ck"), Some("a.b.ck")),
            ("b.ck", Some("b.ck"), None),
            ("ck", Some("ck"), None),
            ("www.ck", Some("ck"), Some("www.ck")),
            ("a.www.ck", Some("ck"), Some("www.ck")),
            (
                "a.b.kawasaki.jp",
                Some("b.kawasaki.jp"),
                Some("a.b.kawasaki.jp"),
            ),
            ("kawasaki.jp", Some("jp"), Some("kawasaki.jp")),
            (
                "a.city.kawasaki.jp",
                Some("kawasaki.jp"),
                Some("city.kawasaki.jp"),
            ),
            // The wildcard does not cover a label the list names something under.
            ("ex.futurecms.at", Some("at"), Some("futurecms.at")),
            ("a.ex.futurecms.at", Some("a.ex.futurecms.at"), None),
            (
                "b.a.ex.futurecms.at",
                Some("a.ex.futurecms.at"),
                Some("b.a.ex.futurecms.at"),
            ),
            ("a.futurecms.at", Some("a.futurecms.at"), None),
            ("x.funkfeuer.at", Some("at"), Some("funkfeuer.at")),
            (
                "a.wien.funkfeuer.at",
                Some("wien.funkfeuer.at"),
                Some("a.wien.funkfeuer.at"),
            ),
            // The default rule, case, the root dot, empty labels.
            ("www.example.zzz", Some("zzz"), Some("example.zzz")),
            ("WWW.SINA.COM.CN", Some("CN"), Some("COM.CN")),
            ("localhost", Some("localhost"), None),
            ("sina.com.cn.", Some("com.cn"), Some("sina.com.cn")),
            ("a..cn", Some("cn"), Some(".cn")),
            ("a..ck", Some(".ck"), Some("a..ck")),
            (".cn", Some("cn"), None),
            ("a.cn..", Some(""), Some("cn.")),
            (".", Some(""), None),
            ("..", Some(""), None),
            ("", None, None),
            ("192.168.0.1", Some("1"), Some("0.1")),
        ];
        for (host, suffix, domain) in cases {
            assert_eq!(r.suffix(host), suffix, "suffix of {host:?}");
            assert_eq!(r.domain(host), domain, "domain of {host:?}");
        }
    }

    #[test]
    fn the_native_list_is_the_psl_crate() {
        assert_eq!(ready(), Ok(()));
        assert_eq!(domain_str("news.sina.com.cn"), Some("sina.com.cn"));
        assert_eq!(suffix_str("a.b.github.io"), Some("github.io"));
    }
}
