//! Java's `Collections.sort` (the TimSort of OpenJDK 11 and later, `java.util.TimSort`),
//! reproduced step for step. HoDoKu's loop comparator is not transitive (steps with equal
//! elimination counts and index sums compare equal, but two of them with the same eliminations
//! compare by chain length), so only the very same algorithm puts the same step first. Lists
//! under 32 elements are sorted by binary insertion after the first run; longer lists are cut
//! into runs and merged with galloping.

use std::cmp::Ordering;

/// Lists shorter than this are sorted by binary insertion only (`MIN_MERGE`).
const MIN_MERGE: usize = 32;
/// The initial galloping threshold (`MIN_GALLOP`).
const MIN_GALLOP: usize = 7;

/// Sorts `a` exactly as Java's `Collections.sort(list, cmp)` does.
pub(super) fn java_sort<T: Clone>(a: &mut [T], cmp: &dyn Fn(&T, &T) -> Ordering) {
    let n = a.len();
    if n < 2 {
        return;
    }
    if n < MIN_MERGE {
        let run = count_run(a, 0, n, cmp);
        binary_sort(a, 0, n, run, cmp);
        return;
    }
    let mut ts = TimSort {
        cmp,
        min_gallop: MIN_GALLOP,
        runs: Vec::new(),
    };
    let min_run = min_run_length(n);
    let (mut lo, mut remaining) = (0, n);
    while remaining != 0 {
        let mut run = count_run(a, lo, n, cmp);
        if run < min_run {
            let force = remaining.min(min_run);
            binary_sort(a, lo, lo + force, lo + run, cmp);
            run = force;
        }
        ts.runs.push((lo, run));
        ts.merge_collapse(a);
        lo += run;
        remaining -= run;
    }
    ts.merge_force_collapse(a);
}

/// `minRunLength`: the shortest run for a list of `n` elements.
fn min_run_length(mut n: usize) -> usize {
    let mut r = 0;
    while n >= MIN_MERGE {
        r |= n & 1;
        n >>= 1;
    }
    n + r
}

/// `countRunAndMakeAscending`: the length of the run starting at `lo`, a strictly descending
/// run being reversed in place.
fn count_run<T>(a: &mut [T], lo: usize, hi: usize, cmp: &dyn Fn(&T, &T) -> Ordering) -> usize {
    let mut run_hi = lo + 1;
    if run_hi == hi {
        return 1;
    }
    run_hi += 1;
    if cmp(&a[lo + 1], &a[lo]) == Ordering::Less {
        while run_hi < hi && cmp(&a[run_hi], &a[run_hi - 1]) == Ordering::Less {
            run_hi += 1;
        }
        a[lo..run_hi].reverse();
    } else {
        while run_hi < hi && cmp(&a[run_hi], &a[run_hi - 1]) != Ordering::Less {
            run_hi += 1;
        }
    }
    run_hi - lo
}

/// `binarySort`: inserts `a[start..hi]` into the sorted `a[lo..start]`, each after its equals.
fn binary_sort<T>(
    a: &mut [T],
    lo: usize,
    hi: usize,
    start: usize,
    cmp: &dyn Fn(&T, &T) -> Ordering,
) {
    for i in start.max(lo + 1)..hi {
        let (mut left, mut right) = (lo, i);
        while left < right {
            let mid = (left + right) / 2;
            if cmp(&a[i], &a[mid]) == Ordering::Less {
                right = mid;
            } else {
                left = mid + 1;
            }
        }
        a[left..=i].rotate_right(1);
    }
}

/// `gallopLeft`: where `key` goes in the sorted `a[base..base + len]`, before its equals,
/// searching from `hint`.
fn gallop_left<T>(
    key: &T,
    a: &[T],
    base: usize,
    len: usize,
    hint: usize,
    cmp: &dyn Fn(&T, &T) -> Ordering,
) -> usize {
    let (mut last, mut ofs) = (0usize, 1usize);
    if cmp(key, &a[base + hint]) == Ordering::Greater {
        let max = len - hint;
        while ofs < max && cmp(key, &a[base + hint + ofs]) == Ordering::Greater {
            last = ofs;
            ofs = (ofs << 1) + 1;
        }
        ofs = ofs.min(max);
        last += hint;
        ofs += hint;
    } else {
        let max = hint + 1;
        while ofs < max && cmp(key, &a[base + hint - ofs]) != Ordering::Greater {
            last = ofs;
            ofs = (ofs << 1) + 1;
        }
        ofs = ofs.min(max);
        let tmp = last;
        // `hint - ofs` may be -1 in Java; `last + 1` below is what is used.
        last = (hint + 1) - ofs;
        ofs = hint - tmp;
        return bisect_left(key, a, base, last, ofs, cmp);
    }
    bisect_left(key, a, base, last + 1, ofs, cmp)
}

/// The binary search ending `gallopLeft` on `a[base + lo..base + hi]`.
fn bisect_left<T>(
    key: &T,
    a: &[T],
    base: usize,
    mut lo: usize,
    mut hi: usize,
    cmp: &dyn Fn(&T, &T) -> Ordering,
) -> usize {
    while lo < hi {
        let m = lo + (hi - lo) / 2;
        if cmp(key, &a[base + m]) == Ordering::Greater {
            lo = m + 1;
        } else {
            hi = m;
        }
    }
    hi
}

/// `gallopRight`: where `key` goes in the sorted `a[base..base + len]`, after its equals,
/// searching from `hint`.
fn gallop_right<T>(
    key: &T,
    a: &[T],
    base: usize,
    len: usize,
    hint: usize,
    cmp: &dyn Fn(&T, &T) -> Ordering,
) -> usize {
    let (mut last, mut ofs) = (0usize, 1usize);
    if cmp(key, &a[base + hint]) == Ordering::Less {
        let max = hint + 1;
        while ofs < max && cmp(key, &a[base + hint - ofs]) == Ordering::Less {
            last = ofs;
            ofs = (ofs << 1) + 1;
        }
        ofs = ofs.min(max);
        let tmp = last;
        last = (hint + 1) - ofs;
        ofs = hint - tmp;
        return bisect_right(key, a, base, last, ofs, cmp);
    }
    let max = len - hint;
    while ofs < max && cmp(key, &a[base + hint + ofs]) != Ordering::Less {
        last = ofs;
        ofs = (ofs << 1) + 1;
    }
    ofs = ofs.min(max);
    last += hint;
    ofs += hint;
    bisect_right(key, a, base, last + 1, ofs, cmp)
}

/// The binary search ending `gallopRight` on `a[base + lo..base + hi]`.
fn bisect_right<T>(
    key: &T,
    a: &[T],
    base: usize,
    mut lo: usize,
    mut hi: usize,
    cmp: &dyn Fn(&T, &T) -> Ordering,
) -> usize {
    while lo < hi {
        let m = lo + (hi - lo) / 2;
        if cmp(key, &a[base + m]) == Ordering::Less {
            hi = m;
        } else {
            lo = m + 1;
        }
    }
    hi
}

/// The merge state of one sort (`TimSort`'s fields).
struct TimSort<'c, T> {
    /// The comparator.
    cmp: &'c dyn Fn(&T, &T) -> Ordering,
    /// The adaptive galloping threshold (`minGallop`).
    min_gallop: usize,
    /// The pending runs as (base, length) (`runBase`, `runLen`).
    runs: Vec<(usize, usize)>,
}

impl<T: Clone> TimSort<'_, T> {
    /// `mergeCollapse` (OpenJDK 11+): merges until the run lengths satisfy the invariants.
    fn merge_collapse(&mut self, a: &mut [T]) {
        while self.runs.len() > 1 {
            let mut n = self.runs.len() - 2;
            let len = |i: usize| self.runs[i].1;
            if (n > 0 && len(n - 1) <= len(n) + len(n + 1))
                || (n > 1 && len(n - 2) <= len(n) + len(n - 1))
            {
                if len(n - 1) < len(n + 1) {
                    n -= 1;
                }
            } else if len(n) > len(n + 1) {
                break;
            }
            self.merge_at(a, n);
        }
    }

    /// `mergeForceCollapse`: merges all runs left.
    fn merge_force_collapse(&mut self, a: &mut [T]) {
        while self.runs.len() > 1 {
            let mut n = self.runs.len() - 2;
            if n > 0 && self.runs[n - 1].1 < self.runs[n + 1].1 {
                n -= 1;
            }
            self.merge_at(a, n);
        }
    }

    /// `mergeAt`: merges runs `i` and `i + 1`.
    fn merge_at(&mut self, a: &mut [T], i: usize) {
        let (mut base1, mut len1) = self.runs[i];
        let (base2, mut len2) = self.runs[i + 1];
        self.runs[i].1 = len1 + len2;
        self.runs.remove(i + 1);
        let cmp = self.cmp;
        let k = gallop_right(&a[base2], a, base1, len1, 0, cmp);
        base1 += k;
        len1 -= k;
        if len1 == 0 {
            return;
        }
        len2 = gallop_left(&a[base1 + len1 - 1], a, base2, len2, len2 - 1, cmp);
        if len2 == 0 {
            return;
        }
        if len1 <= len2 {
            self.merge_lo(a, base1, len1, base2, len2);
        } else {
            self.merge_hi(a, base1, len1, base2, len2);
        }
    }

    /// `mergeLo`: merges two adjacent runs left to right, the first (shorter) one copied out.
    fn merge_lo(
        &mut self,
        a: &mut [T],
        base1: usize,
        mut len1: usize,
        base2: usize,
        mut len2: usize,
    ) {
        let cmp = self.cmp;
        let tmp: Vec<T> = a[base1..base1 + len1].to_vec();
        let (mut c1, mut c2, mut dest) = (0usize, base2, base1);
        a[dest] = a[c2].clone();
        dest += 1;
        c2 += 1;
        len2 -= 1;
        if len2 == 0 {
            a[dest..dest + len1].clone_from_slice(&tmp[c1..c1 + len1]);
            return;
        }
        if len1 == 1 {
            for j in 0..len2 {
                a[dest + j] = a[c2 + j].clone();
            }
            a[dest + len2] = tmp[c1].clone();
            return;
        }
        let mut min_gallop = self.min_gallop as isize;
        'outer: loop {
            let (mut count1, mut count2) = (0usize, 0usize);
            loop {
                if cmp(&a[c2], &tmp[c1]) == Ordering::Less {
                    a[dest] = a[c2].clone();
                    dest += 1;
                    c2 += 1;
                    count2 += 1;
                    count1 = 0;
                    len2 -= 1;
                    if len2 == 0 {
                        break 'outer;
                    }
                } else {
                    a[dest] = tmp[c1].clone();
                    dest += 1;
                    c1 += 1;
                    count1 += 1;
                    count2 = 0;
                    len1 -= 1;
                    if len1 == 1 {
                        break 'outer;
                    }
                }
                if ((count1 | count2) as isize) >= min_gallop {
                    break;
                }
            }
            loop {
                count1 = gallop_right(&a[c2], &tmp, c1, len1, 0, cmp);
                if count1 != 0 {
                    a[dest..dest + count1].clone_from_slice(&tmp[c1..c1 + count1]);
                    dest += count1;
                    c1 += count1;
                    len1 -= count1;
                    if len1 <= 1 {
                        break 'outer;
                    }
                }
                a[dest] = a[c2].clone();
                dest += 1;
                c2 += 1;
                len2 -= 1;
                if len2 == 0 {
                    break 'outer;
                }
                count2 = gallop_left(&tmp[c1], a, c2, len2, 0, cmp);
                if count2 != 0 {
                    for j in 0..count2 {
                        a[dest + j] = a[c2 + j].clone();
                    }
                    dest += count2;
                    c2 += count2;
                    len2 -= count2;
                    if len2 == 0 {
                        break 'outer;
                    }
                }
                a[dest] = tmp[c1].clone();
                dest += 1;
                c1 += 1;
                len1 -= 1;
                if len1 == 1 {
                    break 'outer;
                }
                min_gallop -= 1;
                if count1 < MIN_GALLOP && count2 < MIN_GALLOP {
                    break;
                }
            }
            min_gallop = min_gallop.max(0) + 2;
        }
        self.min_gallop = min_gallop.max(1) as usize;
        if len1 == 1 {
            for j in 0..len2 {
                a[dest + j] = a[c2 + j].clone();
            }
            a[dest + len2] = tmp[c1].clone();
        } else if len1 > 0 {
            a[dest..dest + len1].clone_from_slice(&tmp[c1..c1 + len1]);
        }
    }

    /// `mergeHi`: merges two adjacent runs right to left, the second (shorter) one copied out.
    /// Cursors are kept one past Java's (Java's may reach -1).
    fn merge_hi(
        &mut self,
        a: &mut [T],
        base1: usize,
        mut len1: usize,
        base2: usize,
        mut len2: usize,
    ) {
        let cmp = self.cmp;
        let tmp: Vec<T> = a[base2..base2 + len2].to_vec();
        // c1, c2 and dest are Java's cursor + 1.
        let (mut c1, mut c2, mut dest) = (base1 + len1, len2, base2 + len2);
        a[dest - 1] = a[c1 - 1].clone();
        dest -= 1;
        c1 -= 1;
        len1 -= 1;
        if len1 == 0 {
            a[dest - len2..dest].clone_from_slice(&tmp[..len2]);
            return;
        }
        if len2 == 1 {
            dest -= len1;
            c1 -= len1;
            for j in (0..len1).rev() {
                a[dest + j] = a[c1 + j].clone();
            }
            a[dest - 1] = tmp[c2 - 1].clone();
            return;
        }
        let mut min_gallop = self.min_gallop as isize;
        'outer: loop {
            let (mut count1, mut count2) = (0usize, 0usize);
            loop {
                if cmp(&tmp[c2 - 1], &a[c1 - 1]) == Ordering::Less {
                    a[dest - 1] = a[c1 - 1].clone();
                    dest -= 1;
                    c1 -= 1;
                    count1 += 1;
                    count2 = 0;
                    len1 -= 1;
                    if len1 == 0 {
                        break 'outer;
                    }
                } else {
                    a[dest - 1] = tmp[c2 - 1].clone();
                    dest -= 1;
                    c2 -= 1;
                    count2 += 1;
                    count1 = 0;
                    len2 -= 1;
                    if len2 == 1 {
                        break 'outer;
                    }
                }
                if ((count1 | count2) as isize) >= min_gallop {
                    break;
                }
            }
            loop {
                count1 = len1 - gallop_right(&tmp[c2 - 1], a, base1, len1, len1 - 1, cmp);
                if count1 != 0 {
                    dest -= count1;
                    c1 -= count1;
                    len1 -= count1;
                    for j in (0..count1).rev() {
                        a[dest + j] = a[c1 + j].clone();
                    }
                    if len1 == 0 {
                        break 'outer;
                    }
                }
                a[dest - 1] = tmp[c2 - 1].clone();
                dest -= 1;
                c2 -= 1;
                len2 -= 1;
                if len2 == 1 {
                    break 'outer;
                }
                count2 = len2 - gallop_left(&a[c1 - 1], &tmp, 0, len2, len2 - 1, cmp);
                if count2 != 0 {
                    dest -= count2;
                    c2 -= count2;
                    len2 -= count2;
                    a[dest..dest + count2].clone_from_slice(&tmp[c2..c2 + count2]);
                    if len2 <= 1 {
                        break 'outer;
                    }
                }
                a[dest - 1] = a[c1 - 1].clone();
                dest -= 1;
                c1 -= 1;
                len1 -= 1;
                if len1 == 0 {
                    break 'outer;
                }
                min_gallop -= 1;
                if count1 < MIN_GALLOP && count2 < MIN_GALLOP {
                    break;
                }
            }
            min_gallop = min_gallop.max(0) + 2;
        }
        self.min_gallop = min_gallop.max(1) as usize;
        if len2 == 1 {
            dest -= len1;
            c1 -= len1;
            for j in (0..len1).rev() {
                a[dest + j] = a[c1 + j].clone();
            }
            a[dest - 1] = tmp[c2 - 1].clone();
        } else if len2 > 0 {
            a[dest - len2..dest].clone_from_slice(&tmp[..len2]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On a consistent comparator the result is a stable sort, for short and long lists.
    #[test]
    fn sorts_stably_like_any_stable_sort() {
        for n in [0usize, 1, 5, 31, 32, 33, 64, 100, 257, 1000] {
            let mut v: Vec<(u32, usize)> = (0..n)
                .map(|i| (((i * 7919 + 13) % 31 % ((i % 5) + 3)) as u32, i))
                .collect();
            let mut expected = v.clone();
            expected.sort_by_key(|p| p.0);
            java_sort(&mut v, &|x: &(u32, usize), y: &(u32, usize)| x.0.cmp(&y.0));
            assert_eq!(v, expected, "n = {n}");
        }
    }
}
