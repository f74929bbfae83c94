//! CPU clocks, where the operating system tells them (`None` elsewhere): cube-and-conquer
//! measures CPU rather than wall time, because on a shared machine wall time says more
//! about the neighbours than about the cube.
//!
//! - [`thread_cpu`]: the calling thread (Linux: `/proc/thread-self/schedstat`).
//! - [`process_cpu`]: the process's live threads (Linux: `/proc/self/task/*/schedstat`).
//! - [`with_children`]: the process and every child it has waited for (`getrusage`,
//!   `RUSAGE_SELF` + `RUSAGE_CHILDREN`, user + system; Unix): what a run costs when an
//!   external SAT solver does the work in a child process.

use std::time::Duration;

/// CPU time of the calling thread, where Linux tells it (first field of
/// `/proc/thread-self/schedstat`: nanoseconds on the CPU).
pub fn thread_cpu() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

/// CPU time of the whole process: the sum over its threads of `/proc/self/task/*/schedstat`.
pub fn process_cpu() -> Option<Duration> {
    let mut nanos = 0u64;
    for task in std::fs::read_dir("/proc/self/task").ok()? {
        let path = task.ok()?.path().join("schedstat");
        // A thread that ended since the listing counts for nothing.
        if let Ok(text) = std::fs::read_to_string(path) {
            nanos += text.split_whitespace().next()?.parse::<u64>().ok()?;
        }
    }
    Some(Duration::from_nanos(nanos))
}

/// User + system CPU of the process (all its threads, ended ones too) and of the children
/// it has waited for.
#[cfg(unix)]
pub fn with_children() -> Option<Duration> {
    fn usage(who: libc::c_int) -> Option<Duration> {
        // SAFETY: `getrusage` writes one `rusage` into the zeroed value it is given and
        // reads nothing else; `who` is one of the two constants it documents.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        if unsafe { libc::getrusage(who, &mut usage) } != 0 {
            return None;
        }
        let time = |t: libc::timeval| {
            Duration::from_secs(t.tv_sec.try_into().unwrap_or(0))
                + Duration::from_micros(t.tv_usec.try_into().unwrap_or(0))
        };
        Some(time(usage.ru_utime) + time(usage.ru_stime))
    }
    Some(usage(libc::RUSAGE_SELF)? + usage(libc::RUSAGE_CHILDREN)?)
}

/// Not measured off Unix.
#[cfg(not(unix))]
pub fn with_children() -> Option<Duration> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Burning CPU moves the clocks, and the process's clock is at least the thread's.
    #[test]
    fn clocks_advance_with_work() {
        let Some(before) = with_children() else {
            return;
        };
        // A fixed amount of work, not of wall time: on a loaded machine the thread may
        // wait for a core.
        let mut x = 0u64;
        for _ in 0..50_000_000 {
            x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
        }
        let after = with_children().expect("measured before");
        assert!(after > before, "{before:?} then {after:?}");
        if let (Some(thread), Some(process)) = (thread_cpu(), process_cpu()) {
            assert!(process >= thread, "process {process:?}, thread {thread:?}");
        }
    }
}
