//! Helpers shared by the integration tests: the real URL lists of `../shared/data`, the input
//! strings and the binary file both differential oracles read, running an external tool, and a
//! skip that is a failure under CI ([`skip_unless_ci`]), which every test calls before it
//! returns early because `../shared/data`, a C compiler or Java is missing.
//!
//! The input file is a sequence of records, each a `u32` little-endian byte length followed by
//! that many bytes. The oracles answer on stdout with little-endian 32-bit words.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Says why a test is skipped, or fails it under CI (`CI` set), where `./lab test` has
/// installed what it needs and a skip would hide a broken machine.
pub fn skip_unless_ci(test: &str, why: &str) {
    assert!(std::env::var_os("CI").is_none(), "{test} under CI: {why}");
    eprintln!("SKIPPED {test}: {why}");
}

/// The shared folder of real URL lists, `../shared/data` beside the crate.
pub fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data")
}

/// Every non-empty line of every `*.txt`, `*.csv` and `*.tsv` file of [`data_dir`], trimmed of
/// its `\r`, in file-name order; `None` when the folder does not exist, after
/// [`skip_unless_ci`] has said that `test` skips its real lists.
pub fn real_lines(test: &str) -> Option<Vec<Vec<u8>>> {
    let dir = data_dir();
    let Ok(entries) = std::fs::read_dir(&dir) else {
        skip_unless_ci(
            &format!("{test}, its real URL lists"),
            &format!(
                "folder {} does not exist; only the built-in corpus is checked",
                dir.display()
            ),
        );
        return None;
    };
    let mut files: Vec<PathBuf> = entries
        .map(|e| e.expect("readable directory entry").path())
        .filter(|p| {
            matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("txt" | "csv" | "tsv")
            )
        })
        .collect();
    files.sort();
    let mut lines = Vec::new();
    for file in &files {
        let bytes = std::fs::read(file).unwrap_or_else(|e| panic!("read {}: {e}", file.display()));
        for line in bytes.split(|&b| b == b'\n') {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            if !line.is_empty() {
                lines.push(line.to_vec());
            }
        }
    }
    eprintln!(
        "real data: {} lines from {} files in {}",
        lines.len(),
        files.len(),
        dir.display()
    );
    Some(lines)
}

/// URLs `0..n` of the built-in corpus with seed 2004.
pub fn corpus_urls(n: u64) -> Vec<Vec<u8>> {
    urlhashlab::foundation::corpus::Corpus::new(2004)
        .iter(0, n)
        .collect()
}

/// A small fixed-seed PRNG, so every run feeds the oracles the same strings: SplitMix64 seeded
/// with the state itself, the reference stream ([`urlhashlab::foundation::mix::splitmix64`]).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        urlhashlab::foundation::mix::splitmix64(&mut self.0)
    }
    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next_u64() % (hi - lo + 1)
    }
    /// `len` random bytes in `lo..=hi`.
    pub fn bytes(&mut self, len: usize, lo: u8, hi: u8) -> Vec<u8> {
        (0..len)
            .map(|_| self.range(lo as u64, hi as u64) as u8)
            .collect()
    }
}

/// Writes `strings` in the length-prefixed format the oracles read.
pub fn write_input(path: &Path, strings: &[Vec<u8>]) {
    let total: usize = strings.iter().map(|s| 4 + s.len()).sum();
    let mut out = Vec::with_capacity(total);
    for s in strings {
        out.extend_from_slice(&u32::try_from(s.len()).expect("short string").to_le_bytes());
        out.extend_from_slice(s);
    }
    std::fs::write(path, out).unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
}

/// Whether `program` can be started at all (it answers `flag`, e.g. `--version`).
pub fn tool_exists(program: &str, flag: &str) -> bool {
    Command::new(program).arg(flag).output().is_ok()
}

/// Runs `cmd` and returns its stdout, panicking with its stderr when it fails.
pub fn run(cmd: &mut Command) -> Vec<u8> {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot start {cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{cmd:?} failed with {}:\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// Little-endian 32-bit words of `bytes`.
pub fn le_words(bytes: &[u8]) -> Vec<u32> {
    assert_eq!(
        bytes.len() % 4,
        0,
        "oracle output is not whole 32-bit words"
    );
    bytes
        .chunks_exact(4)
        .map(|w| u32::from_le_bytes(w.try_into().expect("4 bytes")))
        .collect()
}

/// `bytes` as hex, cut after `max` bytes, for failure messages.
pub fn hex(bytes: &[u8], max: usize) -> String {
    let mut s: String = bytes
        .iter()
        .take(max)
        .map(|b| format!("{b:02X}"))
        .collect::<Vec<_>>()
        .join(" ");
    if bytes.len() > max {
        s.push_str(&format!(" ... ({} bytes)", bytes.len()));
    }
    s
}

/// The inputs every differential test starts with: the real lists (when present), then 100 000
/// corpus URLs; with the name of each source and the index where it starts. `test` names the
/// test in the skip message when the real lists are missing.
pub fn real_and_corpus_inputs(test: &str) -> (Vec<Vec<u8>>, Vec<(&'static str, usize)>) {
    let mut strings = Vec::new();
    let mut sources = Vec::new();
    if let Some(lines) = real_lines(test) {
        sources.push(("real data", 0));
        strings.extend(lines);
    }
    sources.push(("corpus", strings.len()));
    strings.extend(corpus_urls(100_000));
    (strings, sources)
}
