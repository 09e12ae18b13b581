//! One sort for the lab's short tables. No paper: this is about the size of the page's
//! WebAssembly.
//!
//! `slice::sort_by` and its kin are generic, so every element type and every comparator gets its
//! own copy of the sort, 4 to 9 KB of WebAssembly each. The tables sorted here are short or
//! sorted once per report: report rows, a site's slot groups, the suffix list at start-up, a
//! query's parameters. They share one stable bottom-up merge sort of indices, [`order`], which
//! calls its comparator through `dyn FnMut`. Only the small [`sort_by`] wrapper and the
//! permutation are copied per type. The result is exactly that of `slice::sort_by`, because a
//! stable sort has one answer. The hot sorts (fingerprints, a trie's URLs, the sample of Fig. 3)
//! keep the standard library's natively; on the page they go through [`sort_unstable`], a heap
//! sort (a few hundred bytes a type, no scratch memory) where the standard library's unstable
//! sort costs 3 to 8 KB a type. Both give the same result on items with a total order: equal
//! items of an unstable sort are indistinguishable, or sorted by a key that never ties.
//!
//! ```
//! let mut v = vec![(2, 'b'), (1, 'z'), (2, 'a'), (0, 'q')];
//! urlhashlab::foundation::order::sort_by(&mut v, |x, y| x.0.cmp(&y.0));
//! assert_eq!(v, [(0, 'q'), (1, 'z'), (2, 'b'), (2, 'a')]); // ties keep their order
//! ```

use std::cmp::Ordering;

/// The stable order of `n` items under `cmp(i, j)`: the item indices, smallest first, equal
/// items in index order.
pub fn order(n: usize, cmp: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
    let mut a: Vec<usize> = (0..n).collect();
    let mut b = vec![0; n];
    let mut width = 1;
    while width < n {
        let mut start = 0;
        while start < n {
            let mid = (start + width).min(n);
            let end = (start + 2 * width).min(n);
            let (mut l, mut r, mut k) = (start, mid, start);
            while l < mid && r < end {
                // Take from the right run only when strictly smaller: equal items keep order.
                if cmp(a[r], a[l]) == Ordering::Less {
                    b[k] = a[r];
                    r += 1;
                } else {
                    b[k] = a[l];
                    l += 1;
                }
                k += 1;
            }
            b[k..k + mid - l].copy_from_slice(&a[l..mid]);
            k += mid - l;
            b[k..k + end - r].copy_from_slice(&a[r..end]);
            start = end;
        }
        std::mem::swap(&mut a, &mut b);
        width *= 2;
    }
    a
}

/// Sorts `v` stably by `cmp`: the same result as `v.sort_by(cmp)`.
pub fn sort_by<T>(v: &mut [T], mut cmp: impl FnMut(&T, &T) -> Ordering) {
    let mut order = order(v.len(), &mut |i, j| cmp(&v[i], &v[j]));
    // Put old item order[k] at k, cycle by cycle; a visited place is marked usize::MAX.
    for i in 0..v.len() {
        let mut j = i;
        loop {
            let from = order[j];
            if from == usize::MAX {
                break;
            }
            order[j] = usize::MAX;
            if from == i {
                break;
            }
            v.swap(j, from);
            j = from;
        }
    }
}

/// Sorts `v` stably by a key: the same result as `v.sort_by_key(key)`.
pub fn sort_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(v, |a, b| key(a).cmp(&key(b)))
}

/// Sorts `v` in ascending order: the same result as `v.sort()`.
pub fn sort<T: Ord>(v: &mut [T]) {
    sort_by(v, T::cmp)
}

/// Sorts byte strings in ascending order with the standard library's unstable sort, on the page
/// too: the trie study's URLs (each checkpoint's new ones, an FST's build) are the one hot sort
/// worth its few kilobytes there (a heap sort of 100 000 URLs takes four times as long). One
/// element type, one copy.
pub fn sort_byte_strings(v: &mut [&[u8]]) {
    v.sort_unstable();
}

/// Sorts `v` in ascending order, not keeping the order of equal items: `v.sort_unstable()`
/// natively, a heap sort on the page (see the module doc).
pub fn sort_unstable<T: Ord>(v: &mut [T]) {
    #[cfg(target_arch = "wasm32")]
    heap_sort(v, &mut |a: &T, b: &T| a < b);
    #[cfg(not(target_arch = "wasm32"))]
    v.sort_unstable();
}

/// Sorts `v` by a key, not keeping the order of equal keys: `v.sort_unstable_by_key(key)`
/// natively, a heap sort on the page.
#[cfg_attr(not(target_arch = "wasm32"), allow(unused_mut))]
pub fn sort_unstable_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    #[cfg(target_arch = "wasm32")]
    heap_sort(v, &mut |a: &T, b: &T| key(a) < key(b));
    #[cfg(not(target_arch = "wasm32"))]
    v.sort_unstable_by_key(key);
}

/// An in-place heap sort under `less` (a strict weak order): O(n log n) comparisons, no
/// allocation.
pub fn heap_sort<T>(v: &mut [T], less: &mut dyn FnMut(&T, &T) -> bool) {
    // Moves v[root] down the max-heap v[..end].
    fn sift<T>(v: &mut [T], mut root: usize, end: usize, less: &mut dyn FnMut(&T, &T) -> bool) {
        loop {
            let mut child = 2 * root + 1;
            if child >= end {
                return;
            }
            if child + 1 < end && less(&v[child], &v[child + 1]) {
                child += 1;
            }
            if !less(&v[root], &v[child]) {
                return;
            }
            v.swap(root, child);
            root = child;
        }
    }
    let n = v.len();
    for i in (0..n / 2).rev() {
        sift(v, i, n, less);
    }
    for end in (1..n).rev() {
        v.swap(0, end);
        sift(v, 0, end, less);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::mix::SplitMix;

    #[test]
    fn equals_the_standard_stable_sort_on_random_tables_with_ties() {
        let mut rng = SplitMix::new(7, 1);
        for n in (0..70).chain([255, 256, 257, 1000, 4097]) {
            let v: Vec<(u64, usize)> = (0..n).map(|i| (rng.below(n as u64 / 3 + 1), i)).collect();
            let mut ours = v.clone();
            let mut std_sorted = v.clone();
            sort_by(&mut ours, |a, b| a.0.cmp(&b.0));
            std_sorted.sort_by_key(|a| a.0);
            assert_eq!(ours, std_sorted, "n = {n}");
            let mut down = v.clone();
            sort_by_key(&mut down, |x| std::cmp::Reverse(x.0));
            std_sorted.sort_by_key(|x| std::cmp::Reverse(x.0));
            assert_eq!(down, std_sorted, "n = {n}, descending");
        }
        let mut words = vec!["b".to_string(), "a".into(), "c".into(), "a".into()];
        sort(&mut words);
        assert_eq!(words, ["a", "a", "b", "c"]);
    }

    #[test]
    fn the_heap_sort_equals_the_standard_unstable_sort() {
        let mut rng = SplitMix::new(11, 2);
        for n in (0..70).chain([255, 256, 257, 1000, 4097]) {
            let v: Vec<u64> = (0..n).map(|_| rng.below(n as u64 / 2 + 1)).collect();
            let mut ours = v.clone();
            let mut std_sorted = v.clone();
            heap_sort(&mut ours, &mut |a, b| a < b);
            std_sorted.sort_unstable();
            assert_eq!(ours, std_sorted, "n = {n}");
            // By a key that never ties (the index), as the Fig. 3 sample sorts.
            let mut pairs: Vec<(u64, u64)> = v
                .iter()
                .enumerate()
                .map(|(i, &x)| (x ^ 5, i as u64))
                .collect();
            let mut std_pairs = pairs.clone();
            heap_sort(&mut pairs, &mut |a, b| a.1 < b.1);
            std_pairs.sort_unstable_by_key(|p| p.1);
            assert_eq!(pairs, std_pairs, "n = {n}, by key");
        }
    }
}
