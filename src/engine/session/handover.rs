//! The loaded lines handed from one WebAssembly module to another: the page's first module
//! (`Lab`) keeps the input; the views beyond the papers run in a second module (`Beyond`, see
//! [`crate::engine::study::BEYOND_KINDS`]) with no memory shared with the first, so the page's
//! worker moves the lines across as bytes ([`Session::handover`]), a block at a time so that
//! neither instance holds a second copy of a large input at once, and the second module's
//! session takes them in ([`Session::receive`]).
//!
//! What crosses is what a study reads again ([`Session::for_each_line`], [`Session::prefix`]):
//! the kept lines with their input line numbers, or the corpus range that generates them; how
//! many URL lines were loaded; the budget the lines were kept under. So a study there reads the
//! same lines with the same numbers, and says the same about the lines it could not read, as it
//! would in the first module. Hashes and counts of the input are not sent: the second module's
//! studies do not read them.

use super::slice::{Reader, Writer};
use super::{CorpusRange, Session, Store};
use crate::foundation::coded::Coded;

/// The first bytes of a block, and its layout's version.
const MAGIC: &[u8; 5] = b"UHLH\x01";

fn unreadable() -> Coded {
    crate::coded!(
        "handover-unreadable",
        [],
        "the loaded lines arrived damaged in the page's second module"
    )
}

impl Session {
    /// The block of kept lines from line `start` (0-based among the URL lines) on, as many as
    /// fit `max_bytes` of line text (at least one), with what the receiver needs to know of the
    /// input: pass it to [`Session::receive`] of the receiving session, and the next block from
    /// where `receive` says, until it says done. A corpus input sends its range, no line.
    pub fn handover(&self, start: usize, max_bytes: usize) -> Vec<u8> {
        let mut w = Writer(MAGIC.to_vec());
        let corpus = self.corpus.unwrap_or(CorpusRange {
            seed: 0,
            start: 0,
            end: 0,
        });
        let kept = self
            .corpus
            .is_none()
            .then_some(self.store.as_ref())
            .flatten();
        let complete = kept.is_some_and(|s| s.complete);
        let head = [
            self.n as u64,
            self.budget as u64,
            self.corpus.is_some() as u64,
            corpus.seed as u64,
            corpus.start,
            corpus.end,
            complete as u64,
            start as u64,
        ];
        w.words(&head, u64::to_le_bytes);
        let (mut ends, mut numbers, mut bytes) = (Vec::new(), Vec::new(), Vec::new());
        if let Some(store) = kept {
            let mut i = start;
            while i < store.len().min(self.n) {
                let line = store.line(i);
                if !ends.is_empty() && bytes.len() + line.len() > max_bytes {
                    break;
                }
                bytes.extend_from_slice(line);
                ends.push(bytes.len() as u32);
                numbers.push(store.numbers[i]);
                i += 1;
            }
        }
        w.words(&ends, u32::to_le_bytes);
        w.words(&numbers, u32::to_le_bytes);
        w.words(&bytes, u8::to_le_bytes);
        w.0
    }

    /// Takes in a block of [`Session::handover`]: the first (`start` 0) makes this session the
    /// sender's as a study sees it (finished, the same count of loaded lines, budget and corpus
    /// range), each later one appends its lines. Returns the line the next block should start
    /// at, or None once every kept line is here. A damaged block, or one out of order, is the
    /// error `handover-unreadable` and leaves the session as it was.
    pub fn receive(&mut self, block: &[u8]) -> Result<Option<usize>, Coded> {
        let rest = block.strip_prefix(MAGIC).ok_or_else(unreadable)?;
        let mut r = Reader(rest);
        let head = r.vec(Some(8), u64::from_le_bytes).ok_or_else(unreadable)?;
        let [n, budget, is_corpus, seed, c_start, c_end, complete, start] = head[..] else {
            return Err(unreadable());
        };
        let ends: Vec<u32> = r.vec(None, u32::from_le_bytes).ok_or_else(unreadable)?;
        let numbers: Vec<u32> = r.vec(None, u32::from_le_bytes).ok_or_else(unreadable)?;
        let bytes = r.blob().ok_or_else(unreadable)?;
        let sound = r.0.is_empty()
            && ends.len() == numbers.len()
            && ends.windows(2).all(|w| w[0] <= w[1])
            && ends
                .last()
                .map_or(bytes.is_empty(), |&e| e as usize == bytes.len());
        if !sound {
            return Err(unreadable());
        }
        let n = usize::try_from(n).map_err(|_| unreadable())?;
        if start == 0 {
            *self = Session::new(usize::try_from(budget).map_err(|_| unreadable())?);
            self.finished = true;
            self.n = n;
            if is_corpus == 1 {
                self.store = None;
                self.corpus = Some(CorpusRange {
                    seed: seed as u32,
                    start: c_start,
                    end: c_end,
                });
                return Ok(None);
            }
            let store = self.store.get_or_insert_with(Store::default);
            store.complete = complete == 1;
        }
        let store = match self.store.as_mut() {
            Some(s) if self.n == n && s.len() as u64 == start => s,
            _ => return Err(unreadable()),
        };
        let base = store.bytes.len() as u64;
        if base + bytes.len() as u64 > u32::MAX as u64 {
            return Err(unreadable());
        }
        store.bytes.extend_from_slice(bytes);
        store
            .ends
            .extend(ends.iter().map(|&e| (base + e as u64) as u32));
        store.numbers.extend_from_slice(&numbers);
        let held = store.len();
        // Every kept line is here once a block brought none, or the last loaded one.
        Ok((!ends.is_empty() && held < n).then_some(held))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::hash::HashId;
    use crate::foundation::key::Key;

    /// Every line a study would read, with its number, and the prefix it would report.
    fn seen(s: &Session) -> (Vec<(usize, Vec<u8>, u64)>, String) {
        let mut lines = Vec::new();
        s.for_each_line(0, usize::MAX, |i, l, n| lines.push((i, l.to_vec(), n)));
        let prefix = format!(
            "{:?}",
            s.prefix(usize::MAX, "test").map(|p| (
                p.loaded,
                p.lines,
                p.capped,
                p.by_budget,
                p.keep_budget
            ))
        );
        (lines, prefix)
    }

    fn hand(from: &Session, max_bytes: usize) -> (Session, usize) {
        let mut to = Session::new(1);
        let (mut start, mut blocks) = (0, 0);
        loop {
            blocks += 1;
            match to.receive(&from.handover(start, max_bytes)).unwrap() {
                Some(next) => start = next,
                None => return (to, blocks),
            }
        }
    }

    #[test]
    fn kept_lines_cross_with_their_numbers_in_blocks() {
        let mut s = Session::new(1 << 20);
        s.begin(&[HashId::Hf], Key::Url);
        s.push_chunk(
            b"\xEF\xBB\xBFhttp://a.cn/1\r\n\n# c\nhttp://b.cn/\xE4\xB8\xAD\nhttp://c.cn/3",
        )
        .unwrap();
        s.finish();
        for max in [1, 14, 1 << 20] {
            let (to, blocks) = hand(&s, max);
            assert_eq!(seen(&to), seen(&s), "max_bytes {max}");
            // One line a block when each is over the bytes asked for (the 3-byte "# c" line and
            // a 13-byte one are over 14 together); all in one when they fit.
            let want = if max == 1 << 20 { 1 } else { seen(&s).0.len() };
            assert_eq!(blocks, want, "max_bytes {max}");
        }
    }

    #[test]
    fn a_capped_store_says_so_and_a_corpus_sends_its_range() {
        let mut s = Session::new(30); // two 13-byte lines, not three
        s.begin(&[], Key::Url);
        s.push_chunk(b"http://a.cn/1\nhttp://a.cn/2\nhttp://a.cn/3\n")
            .unwrap();
        s.finish();
        let (to, _) = hand(&s, 13);
        assert_eq!(seen(&to), seen(&s));
        assert_eq!(to.prefix(usize::MAX, "t").unwrap().lines, 2);
        assert!(to.prefix(usize::MAX, "t").unwrap().by_budget);

        let mut c = Session::new(1 << 20);
        c.begin(&[], Key::Url);
        c.push_corpus(0, 500, 2004).unwrap();
        c.finish();
        let block = c.handover(0, 1 << 20);
        assert!(block.len() < 200, "a corpus range, not its lines");
        let (to, blocks) = hand(&c, 1 << 20);
        assert_eq!((seen(&to), blocks), (seen(&c), 1));
    }

    #[test]
    fn a_damaged_or_out_of_order_block_is_refused() {
        let mut s = Session::new(1 << 20);
        s.begin(&[], Key::Url);
        s.push_chunk(b"http://a.cn/1\nhttp://a.cn/2\n").unwrap();
        s.finish();
        let block = s.handover(0, 1);
        let mut to = Session::new(1);
        for bad in [
            &block[..block.len() - 1],
            &block[1..],
            b"UHLH\x01".as_slice(),
        ] {
            assert_eq!(to.receive(bad).unwrap_err().code, "handover-unreadable");
        }
        // The second block before the first.
        assert_eq!(
            to.receive(&s.handover(1, 1)).unwrap_err().code,
            "handover-unreadable"
        );
        assert_eq!(to.receive(&block).unwrap(), Some(1));
        assert_eq!(to.receive(&s.handover(1, 1)).unwrap(), None);
        assert_eq!(seen(&to), seen(&s));
    }
}
