//! Slot-occupancy images: every slot of a table of M slots drawn as one pixel, coloured by
//! how many URLs fell into it, so the anomalies P1 (李晓明, 凤旺森, 两种对 URL 的散列效果很好的
//! 函数, J. Software 2004, §4) measured as A and B are *seen*: the slots HfIp never reaches
//! because some bits of its value are never set, the top of the range hf's bounded sum cannot
//! reach, and ELFhash's clumps.
//!
//! Two layouts place slot `s` (0 ≤ s < M) at a pixel:
//! - **linear**: rows of `W = 2^⌈log₂ √M⌉` slots, `x = s mod W`, `y = ⌊s / W⌋`. With a
//!   power-of-two width the low bits of the slot number are the column, so a bit that is never
//!   set shows as empty columns.
//! - **Hilbert**: the slot number walked along Hilbert's space-filling curve of order
//!   `n = ⌈log₄ M⌉` (side `2^n`), so slots close in number stay close in the image and a range
//!   of slots shows as one patch. The curve's first half fills the upper half of the square, so
//!   M ≤ 2·4^(n−1) gives an image twice as wide as it is high.
//!
//! The colour of a slot is its count's class: 0, 1, 2, 3–4, 5–8, …, 33–64 and 65 or more (each
//! class after 2 twice as wide as the one before), each class with the slots in it and the
//! slots a uniformly random function would put in it, `M · P(class)` for X ~ Poisson(N/M).
//! Pixels that are not a slot are transparent.
//!
//! # Example
//! ```
//! use urlhashlab::mechanisms::slotmap::{draw, Layout};
//! // 16 slots, the odd ones never hit: linear rows of 4 show two empty columns.
//! let counts: Vec<u32> = (0..16).map(|s| if s % 2 == 1 { 0 } else { 3 }).collect();
//! let map = draw(&counts, Layout::Linear).unwrap();
//! assert_eq!((map.width, map.height), (4, 4));
//! assert_eq!(map.classes[0].slots, 8); // the empty class
//! assert_eq!(map.pixel(1, 2), map.classes[0].rgb); // slot 9 is empty
//! ```

use crate::foundation::metrics::poisson_pmf;
use serde::{Deserialize, Serialize};

/// The most slots an image may have: 2^22, a 2 048 × 2 048 picture (16 MiB of RGBA).
pub const MAX_SLOTS: u32 = 1 << 22;

/// Where each slot's pixel lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Layout {
    /// Rows of a power-of-two width, slot 0 at the top left.
    Linear,
    /// Along Hilbert's curve, slot 0 at the top left.
    Hilbert,
}

impl Layout {
    /// Both layouts: linear first.
    pub const ALL: [Layout; 2] = [Layout::Linear, Layout::Hilbert];

    /// The layout's id (`linear`, `hilbert`).
    pub fn id(self) -> &'static str {
        match self {
            Layout::Linear => "linear",
            Layout::Hilbert => "hilbert",
        }
    }

    /// The layout named `id`.
    pub fn parse(id: &str) -> Option<Layout> {
        Layout::ALL.into_iter().find(|l| l.id() == id)
    }

    /// Width and height in pixels of the image of `m` slots (m ≥ 1).
    pub fn size(self, m: u32) -> (u32, u32) {
        match self {
            Layout::Linear => {
                let w = linear_width(m);
                (w, m.div_ceil(w))
            }
            Layout::Hilbert => {
                let order = hilbert_order(m);
                let side = 1u32 << order;
                // More than a quarter of the square is used (the order is the least), and the
                // first half of the curve fills the upper half.
                if order > 0 && u64::from(m) <= 2u64 << (2 * (order - 1)) {
                    (side, side / 2)
                } else {
                    (side, side)
                }
            }
        }
    }

    /// The pixel `(x, y)` of slot `s` in the image of `m` slots.
    pub fn position(self, s: u32, m: u32) -> (u32, u32) {
        self.place(hilbert_order(m), s)
    }

    /// [`Layout::position`] with `order` = ⌈log₄ m⌉.
    fn place(self, order: u32, s: u32) -> (u32, u32) {
        match self {
            Layout::Linear => (s & ((1 << order) - 1), s >> order),
            Layout::Hilbert => {
                let (x, y) = hilbert_point(order, s);
                // Transposed, so the curve's first half is the upper half.
                (y, x)
            }
        }
    }
}

/// `2^⌈log₂ √m⌉`: the least power of two whose square holds `m`.
fn linear_width(m: u32) -> u32 {
    1 << hilbert_order(m)
}

/// The least `n` with `4^n ≥ m`.
fn hilbert_order(m: u32) -> u32 {
    let mut n = 0;
    while (1u64 << (2 * n)) < u64::from(m) {
        n += 1;
    }
    n
}

/// Point `d` of Hilbert's curve of order `order` (side `2^order`): the iterative walk that
/// takes two bits of `d` a level, rotating and reflecting the quadrant it enters.
pub fn hilbert_point(order: u32, d: u32) -> (u32, u32) {
    let (mut x, mut y) = (0u32, 0u32);
    let mut t = d;
    for level in 0..order {
        let s = 1u32 << level;
        let rx = 1 & (t >> 1);
        let ry = 1 & (t ^ rx);
        if ry == 0 {
            if rx == 1 {
                x = s - 1 - x;
                y = s - 1 - y;
            }
            std::mem::swap(&mut x, &mut y);
        }
        x += s * rx;
        y += s * ry;
        t >>= 2;
    }
    (x, y)
}

/// One colour of the legend: the counts `min ..= max` (`max` `None`: and above).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Class {
    /// The smallest count in the class.
    pub min: u32,
    /// The largest count in the class; `None` for the last class, which has no upper end.
    pub max: Option<u32>,
    /// The class's colour, red, green and blue.
    pub rgb: [u8; 3],
    /// Slots whose count is in the class.
    pub slots: u64,
    /// Slots a uniformly random function would put in the class: `M · P(min ≤ X ≤ max)`,
    /// X ~ Poisson(N/M).
    pub expected: f64,
}

/// The classes' lower bounds and colours: empty is near black; then blue to yellow (viridis'
/// stops) for the loads around N/M ≈ 1, orange and red for clumps, white for 65 or more.
const CLASSES: [(u32, [u8; 3]); 9] = [
    (0, [0x11, 0x11, 0x11]),
    (1, [0x3b, 0x52, 0x8b]),
    (2, [0x21, 0x90, 0x8d]),
    (3, [0x5d, 0xc8, 0x63]),
    (5, [0xb5, 0xde, 0x2b]),
    (9, [0xfd, 0xe7, 0x25]),
    (17, [0xfb, 0x9b, 0x06]),
    (33, [0xe0, 0x3b, 0x2b]),
    (65, [0xff, 0xff, 0xff]),
];

/// The class of a count.
fn class_of(count: u32) -> usize {
    CLASSES
        .iter()
        .rposition(|&(min, _)| count >= min)
        .unwrap_or(0)
}

/// A drawn image: `rgba` holds `width × height` pixels, row by row.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SlotMap {
    /// Where each slot's pixel lies.
    pub layout: Layout,
    /// Slots M.
    pub m: u32,
    /// URLs counted, N.
    pub n: u64,
    /// Width of the image in pixels ([`Layout::size`]).
    pub width: u32,
    /// Height of the image in pixels.
    pub height: u32,
    /// The largest count of a slot.
    pub max_count: u32,
    /// The legend: every class from 0 to the one holding `max_count`.
    pub classes: Vec<Class>,
    /// The pixels, 4 bytes each (red, green, blue, alpha), row by row; a pixel where no slot
    /// is has alpha 0. Not serialised (the page gets them as `ImageData`).
    #[serde(skip)]
    pub rgba: Vec<u8>,
}

impl SlotMap {
    /// The colour of pixel `(x, y)` (black for a transparent pixel, where no slot is).
    pub fn pixel(&self, x: u32, y: u32) -> [u8; 3] {
        let i = 4 * (y as usize * self.width as usize + x as usize);
        [self.rgba[i], self.rgba[i + 1], self.rgba[i + 2]]
    }
}

/// Why an image cannot be drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SlotMapError {
    /// M is 0 or over [`MAX_SLOTS`].
    Slots(usize),
}

impl std::fmt::Display for SlotMapError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SlotMapError::Slots(m) => {
                write!(f, "a slot map draws 1 to {MAX_SLOTS} slots (2^22), not {m}")
            }
        }
    }
}

impl std::error::Error for SlotMapError {}

/// The image of `counts` (the count of each slot) in `layout`.
pub fn draw(counts: &[u32], layout: Layout) -> Result<SlotMap, SlotMapError> {
    if counts.is_empty() || counts.len() > MAX_SLOTS as usize {
        return Err(SlotMapError::Slots(counts.len()));
    }
    let m = counts.len() as u32;
    let (width, height) = layout.size(m);
    let mut rgba = vec![0u8; 4 * width as usize * height as usize];
    let mut slots = [0u64; CLASSES.len()];
    let (mut n, mut max_count) = (0u64, 0u32);
    let order = hilbert_order(m);
    for (s, &c) in (0u32..).zip(counts) {
        n += u64::from(c);
        max_count = max_count.max(c);
        let class = class_of(c);
        slots[class] += 1;
        let (x, y) = layout.place(order, s);
        let i = 4 * (y as usize * width as usize + x as usize);
        let [r, g, b] = CLASSES[class].1;
        rgba[i..i + 4].copy_from_slice(&[r, g, b, 0xff]);
    }
    let last = class_of(max_count).max(1);
    let pmf = poisson_pmf(n as f64 / f64::from(m), u64::from(CLASSES[last].0));
    let classes = (0..=last)
        .map(|k| {
            let min = CLASSES[k].0;
            let max = (k < last).then(|| CLASSES[k + 1].0 - 1);
            let p: f64 = match max {
                Some(max) => pmf[min as usize..=max as usize].iter().sum(),
                None => (1.0 - pmf[..min as usize].iter().sum::<f64>()).max(0.0),
            };
            Class {
                min,
                max,
                rgb: CLASSES[k].1,
                slots: if k == last {
                    slots[k..].iter().sum()
                } else {
                    slots[k]
                },
                expected: f64::from(m) * p,
            }
        })
        .collect();
    Ok(SlotMap {
        layout,
        m,
        n,
        width,
        height,
        max_count,
        classes,
        rgba,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_slot_has_its_own_pixel_inside_the_image() {
        for layout in Layout::ALL {
            for m in [1, 2, 3, 4, 5, 16, 17, 1000, 4096, 8191, 65_536, 1 << 17] {
                let (w, h) = layout.size(m);
                let mut seen = vec![false; (w * h) as usize];
                for s in 0..m {
                    let (x, y) = layout.position(s, m);
                    assert!(
                        x < w && y < h,
                        "{layout:?} m={m} s={s} at ({x},{y}) of {w}x{h}"
                    );
                    let i = (y * w + x) as usize;
                    assert!(!seen[i], "{layout:?} m={m}: two slots at ({x},{y})");
                    seen[i] = true;
                }
                // Not more than twice the pixels needed (a square or a 2:1 rectangle).
                assert!(
                    u64::from(w * h) < 2 * u64::from(m) + 2,
                    "{layout:?} m={m}: {w}x{h}"
                );
            }
        }
    }

    #[test]
    fn the_hilbert_walk_moves_one_pixel_a_step() {
        for order in 0..8 {
            let mut prev = hilbert_point(order, 0);
            assert_eq!(prev, (0, 0));
            for d in 1..(1u32 << (2 * order)) {
                let p = hilbert_point(order, d);
                assert_eq!(
                    prev.0.abs_diff(p.0) + prev.1.abs_diff(p.1),
                    1,
                    "order {order} d {d}"
                );
                prev = p;
            }
        }
    }

    #[test]
    fn the_papers_sizes() {
        assert_eq!(Layout::Linear.size(1 << 21), (2048, 1024));
        assert_eq!(Layout::Hilbert.size(1 << 21), (2048, 1024));
        assert_eq!(Layout::Hilbert.size(1 << 22), (2048, 2048));
        assert_eq!(Layout::Linear.size(1000), (32, 32));
        assert_eq!(Layout::Linear.size(12), (4, 3));
        // A range of slots is one patch: the upper half of 2^21 slots is the right half.
        let (x, _) = Layout::Hilbert.position(1 << 20, 1 << 21);
        assert!(x >= 1024);
    }

    #[test]
    fn classes_count_every_slot_and_expect_as_many() {
        let counts: Vec<u32> = (0..5000u32).map(|s| (s * 7919) % 11).chain([200]).collect();
        let map = draw(&counts, Layout::Hilbert).unwrap();
        assert_eq!(map.max_count, 200);
        assert_eq!(map.classes.len(), CLASSES.len());
        assert_eq!(map.classes.iter().map(|c| c.slots).sum::<u64>(), 5001);
        let expected: f64 = map.classes.iter().map(|c| c.expected).sum();
        assert!((expected - 5001.0).abs() < 1e-6, "{expected}");
        assert_eq!(map.n, counts.iter().map(|&c| u64::from(c)).sum::<u64>());
        // Counts 9 and 10 are the class 9–16.
        let c9 = &map.classes[5];
        assert_eq!((c9.min, c9.max), (9, Some(16)));
        assert_eq!(
            c9.slots,
            counts.iter().filter(|&&c| (9..=16).contains(&c)).count() as u64
        );
        // Every slot's pixel has its class's colour; the rest is transparent.
        let mut opaque = 0;
        for y in 0..map.height {
            for x in 0..map.width {
                opaque += usize::from(map.rgba[4 * (y * map.width + x) as usize + 3] == 0xff);
            }
        }
        assert_eq!(opaque, 5001);
        for s in [0u32, 1, 77, 4999, 5000] {
            let (x, y) = Layout::Hilbert.position(s, 5001);
            assert_eq!(map.pixel(x, y), CLASSES[class_of(counts[s as usize])].1);
        }
    }

    #[test]
    fn the_legend_stops_at_the_largest_count_and_keeps_one() {
        let map = draw(&[0, 0, 0], Layout::Linear).unwrap();
        assert_eq!(map.classes.len(), 2);
        assert_eq!(map.classes[1].max, None);
        assert_eq!(map.classes[0].slots, 3);
        assert_eq!(map.classes[0].expected, 3.0);
        let map = draw(&[1, 2, 3, 4], Layout::Linear).unwrap();
        assert_eq!(map.classes.len(), 4);
        assert_eq!(map.classes[3].max, None);
        assert_eq!(map.classes[3].slots, 2);
    }

    #[test]
    fn too_many_or_no_slots_are_refused() {
        assert_eq!(draw(&[], Layout::Linear), Err(SlotMapError::Slots(0)));
        let big = vec![0u32; MAX_SLOTS as usize + 1];
        assert!(draw(&big, Layout::Hilbert).is_err());
    }
}
