//! The calling thread's CPU time, which the solver bench and the table example measure instead of
//! wall time: on a shared machine the time slices other processes take would otherwise land on
//! whole rounds (a busy sibling hyperthread still slows the thread; that is not filtered out).

use std::time::Duration;

/// CPU time consumed by the calling thread so far.
#[cfg(unix)]
pub fn thread_cpu_time() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec for the duration of the call, and
    // CLOCK_THREAD_CPUTIME_ID is a clock every supported unix provides; on failure `ts` stays zero.
    unsafe {
        libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts);
    }
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// Without a thread CPU clock, wall time since the first call stands in.
#[cfg(not(unix))]
pub fn thread_cpu_time() -> Duration {
    use std::sync::OnceLock;
    use std::time::Instant;
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed()
}
