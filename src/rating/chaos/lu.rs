//! Dense LU factorisation with partial pivoting, for the stiff integrator's Schur complement
//! ([`super::rosenbrock`]): row-major `n × n` matrices, factorised in place.

/// LU factorisation with partial pivoting of the `n × n` row-major `a`, in place; false when a
/// pivot is zero or not finite. The same code runs with AVX2 where the processor has it: the same
/// operations in the same order (no fused multiply-add), so the same bits either way.
pub fn lu_factorise(a: &mut [f64], perm: &mut [usize], n: usize) -> bool {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2 (checked just above).
        return unsafe { lu_factorise_avx2(a, perm, n) };
    }
    lu_kernel(a, perm, n)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn lu_factorise_avx2(a: &mut [f64], perm: &mut [usize], n: usize) -> bool {
    lu_kernel(a, perm, n)
}

#[inline(always)]
fn lu_kernel(a: &mut [f64], perm: &mut [usize], n: usize) -> bool {
    for (i, p) in perm.iter_mut().enumerate() {
        *p = i;
    }
    for k in 0..n {
        let mut p = k;
        let mut best = a[k * n + k].abs();
        for i in k + 1..n {
            let v = a[i * n + k].abs();
            if v > best {
                best = v;
                p = i;
            }
        }
        if best == 0.0 || !best.is_finite() {
            return false;
        }
        if p != k {
            for j in 0..n {
                a.swap(k * n + j, p * n + j);
            }
            perm.swap(k, p);
        }
        let (top, bottom) = a.split_at_mut((k + 1) * n);
        let pivot_row = &top[k * n..(k + 1) * n];
        let inv = 1.0 / pivot_row[k];
        for row in bottom.chunks_exact_mut(n) {
            let f = row[k] * inv;
            row[k] = f;
            if f != 0.0 {
                for (x, &u) in row[k + 1..].iter_mut().zip(&pivot_row[k + 1..]) {
                    *x -= f * u;
                }
            }
        }
    }
    true
}

/// Solves `LU x = P b` in place (`x` holds `b` on entry).
pub fn lu_solve(lu: &[f64], perm: &[usize], n: usize, x: &mut [f64]) {
    let b: Vec<f64> = perm.iter().map(|&p| x[p]).collect();
    x.copy_from_slice(&b);
    for i in 0..n {
        x[i] -= dot(&lu[i * n..i * n + i], &x[..i]);
    }
    for i in (0..n).rev() {
        let acc = x[i] - dot(&lu[i * n + i + 1..(i + 1) * n], &x[i + 1..]);
        x[i] = acc / lu[i * n + i];
    }
}

/// `Σ a_j b_j` in four interleaved sums (so that it vectorises), added in a fixed order.
fn dot(a: &[f64], b: &[f64]) -> f64 {
    let mut acc = [0.0f64; 4];
    let (a4, a_rest) = a.split_at(a.len() / 4 * 4);
    let (b4, b_rest) = b.split_at(a4.len());
    for (x, y) in a4.chunks_exact(4).zip(b4.chunks_exact(4)) {
        for k in 0..4 {
            acc[k] += x[k] * y[k];
        }
    }
    let mut sum = (acc[0] + acc[1]) + (acc[2] + acc[3]);
    for (x, y) in a_rest.iter().zip(b_rest) {
        sum += x * y;
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pivoted_solve_recovers_the_vector() {
        // A matrix whose first pivot is zero, so that rows must be swapped.
        let n = 5;
        let m: Vec<f64> = (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                if r == 0 && c == 0 {
                    0.0
                } else {
                    ((r * 7 + c * 3) % 11) as f64 - 5.0 + if r == c { 9.0 } else { 0.0 }
                }
            })
            .collect();
        let x: Vec<f64> = (0..n).map(|i| i as f64 - 1.5).collect();
        let mut b: Vec<f64> = (0..n)
            .map(|r| (0..n).map(|c| m[r * n + c] * x[c]).sum())
            .collect();
        let (mut lu, mut perm) = (m.clone(), vec![0; n]);
        assert!(lu_factorise(&mut lu, &mut perm, n));
        lu_solve(&lu, &perm, n, &mut b);
        for (a, e) in b.iter().zip(&x) {
            assert!((a - e).abs() < 1e-12, "{b:?} vs {x:?}");
        }
        // A singular matrix is refused.
        let mut zero = vec![0.0; n * n];
        assert!(!lu_factorise(&mut zero, &mut perm, n));
    }
}
