//! P4's on-disk dedup by path (基于磁盘路径去重): a URL's MD5 as 32 hex digits, and one nested
//! directory per digit, `d/4/1/d/8/…`. A URL was seen when its path exists; else the path is
//! created. "Each URL creates a path 32 deep", and P4 warns that the directories fragment the
//! disk of a large crawler: [`Md5Dirs::cost`] counts the directories created and the bytes the
//! file system gives them.
//!
//! The directories live in a temporary directory, removed with the store.

use crate::foundation::hash::md5_digest;
use crate::papers::p4::table1::{DedupStore, StoreCost};
use std::path::PathBuf;

/// Hex digits of an MD5 digest, the depth of P4's paths.
pub const DEPTH: usize = 32;

/// P4's MD5 directories under a temporary root.
pub struct Md5Dirs {
    root: tempfile::TempDir,
    created: u64,
}

impl Md5Dirs {
    /// An empty store in a new temporary directory, or the error creating it.
    pub fn new() -> Result<Md5Dirs, String> {
        Ok(Md5Dirs {
            root: tempfile::tempdir().map_err(|e| format!("temporary directory: {e}"))?,
            created: 0,
        })
    }

    /// The directory of `url`: one level per hex digit of its MD5.
    pub fn path(&self, url: &[u8]) -> PathBuf {
        let mut p = self.root.path().to_path_buf();
        for b in md5_digest(url) {
            p.push(HEX[(b >> 4) as usize]);
            p.push(HEX[(b & 15) as usize]);
        }
        p
    }
}

const HEX: [&str; 16] = [
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "a", "b", "c", "d", "e", "f",
];

impl DedupStore for Md5Dirs {
    fn method(&self) -> &'static str {
        "md5-dirs"
    }
    fn insert(&mut self, url: &[u8]) -> Result<(), String> {
        let path = self.path(url);
        // Count the levels that are new: walk up until a level exists.
        let mut missing = 0u64;
        let mut p = path.as_path();
        while !p.exists() && p != self.root.path() {
            missing += 1;
            p = p.parent().unwrap_or(self.root.path());
        }
        std::fs::create_dir_all(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        self.created += missing;
        Ok(())
    }
    fn contains(&mut self, url: &[u8]) -> Result<bool, String> {
        Ok(self.path(url).is_dir())
    }
    fn cost(&self) -> Option<StoreCost> {
        let bytes = std::fs::metadata(self.root.path())
            .map(|m| m.len())
            .unwrap_or(0);
        Some(StoreCost {
            entries: self.created,
            // Each directory takes at least the root's size (one block on most file systems).
            disk_bytes: bytes * self.created,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_is_a_path_32_deep_and_is_found_once_created() {
        let mut d = Md5Dirs::new().unwrap();
        let p = d.path(b"");
        let rel = p.strip_prefix(d.root.path()).unwrap();
        assert_eq!(rel.components().count(), DEPTH);
        // MD5("") = d41d8cd98f00b204e9800998ecf8427e.
        assert!(rel
            .to_string_lossy()
            .replace(std::path::MAIN_SEPARATOR, "")
            .starts_with("d41d8cd9"));
        assert!(!d.contains(b"http://a.cn/").unwrap());
        d.insert(b"http://a.cn/").unwrap();
        assert!(d.contains(b"http://a.cn/").unwrap());
        assert_eq!(d.cost().unwrap().entries, DEPTH as u64);
        d.insert(b"http://b.cn/").unwrap();
        // The two digests differ in their first digit or later: at most 32 more levels.
        let c = d.cost().unwrap().entries;
        assert!(c > DEPTH as u64 && c <= 2 * DEPTH as u64, "{c}");
        let root = d.root.path().to_path_buf();
        drop(d);
        assert!(!root.exists(), "the directories go with the store");
    }
}
