//! What the worker does to itself before it reads any code: lower its
//! resource limits (nix's safe `setrlimit`) and install a seccomp filter
//! (seccompiler, which also sets `no_new_privs`) on every thread. No
//! `unsafe` here: both crates wrap the system calls.
//!
//! The filter is a deny list answered with `EPERM`, so an attempt fails
//! like any refused system call instead of killing the worker: sockets of
//! every kind, opening, creating, renaming or removing files, looking at
//! paths (`stat`, `access`, `readlink`, directory listings), `exec`,
//! `fork`/`clone` (no new threads or processes after this point), `ptrace`
//! and the other process-inspection calls, `kill` (of another process; the
//! abort path uses `tgkill` on itself), namespaces, mounts, `bpf`,
//! `io_uring`, `perf_event_open`, `userfaultfd`, keyrings. What remains is
//! what the engine needs: memory, futexes, reading stdin, writing stdout,
//! clocks, `getrandom`, exiting.

use super::protocol::WorkerLimits;

/// Lowers a limit (never raises it: an unprivileged process could not).
fn lower(res: nix::sys::resource::Resource, want: u64) -> Result<(), String> {
    use nix::sys::resource::{getrlimit, setrlimit};
    let (soft, hard) = getrlimit(res).map_err(|e| format!("getrlimit {res:?}: {e}"))?;
    let new_hard = hard.min(want);
    let new_soft = soft.min(new_hard);
    setrlimit(res, new_soft.min(want), new_hard).map_err(|e| format!("setrlimit {res:?}: {e}"))
}

/// Applies the limits and the filter to the whole worker process.
/// `stack_bytes` is the engine thread's stack, which RLIMIT_DATA counts.
pub(crate) fn confine(l: &WorkerLimits, stack_bytes: u64) -> Result<(), String> {
    use nix::sys::resource::Resource;
    lower(
        Resource::RLIMIT_DATA,
        l.memory_bytes.saturating_add(stack_bytes),
    )?;
    // SIGXCPU at the soft limit; the parent kills at the wall deadline anyway.
    {
        use nix::sys::resource::{getrlimit, setrlimit};
        let (_, hard) =
            getrlimit(Resource::RLIMIT_CPU).map_err(|e| format!("getrlimit RLIMIT_CPU: {e}"))?;
        let soft = l.cpu_seconds.max(1).min(hard);
        let hard = soft.saturating_add(1).min(hard);
        setrlimit(Resource::RLIMIT_CPU, soft, hard)
            .map_err(|e| format!("setrlimit RLIMIT_CPU: {e}"))?;
    }
    lower(Resource::RLIMIT_CORE, 0)?;
    lower(Resource::RLIMIT_NOFILE, 8)?;
    #[cfg(any(target_os = "linux", target_os = "android"))]
    lower(Resource::RLIMIT_NPROC, 0)?;
    seccomp::install()
}

#[cfg(target_os = "linux")]
mod seccomp {
    use std::collections::BTreeMap;

    use seccompiler::{BpfProgram, SeccompAction, SeccompFilter, SeccompRule};

    #[cfg(target_arch = "x86_64")]
    const ARCH_ONLY: &[i64] = &[
        libc::SYS_open,
        libc::SYS_creat,
        libc::SYS_stat,
        libc::SYS_lstat,
        libc::SYS_access,
        libc::SYS_readlink,
        libc::SYS_fork,
        libc::SYS_vfork,
        libc::SYS_link,
        libc::SYS_unlink,
        libc::SYS_rename,
        libc::SYS_mkdir,
        libc::SYS_rmdir,
        libc::SYS_symlink,
        libc::SYS_chmod,
        libc::SYS_chown,
        libc::SYS_lchown,
        libc::SYS_getdents,
        libc::SYS_mknod,
        libc::SYS_inotify_init,
        libc::SYS_uselib,
    ];
    #[cfg(not(target_arch = "x86_64"))]
    const ARCH_ONLY: &[i64] = &[];

    const DENIED: &[i64] = &[
        // Networking and IPC endpoints.
        libc::SYS_socket,
        libc::SYS_socketpair,
        libc::SYS_connect,
        libc::SYS_bind,
        libc::SYS_listen,
        libc::SYS_accept,
        libc::SYS_accept4,
        libc::SYS_sendto,
        libc::SYS_sendmsg,
        libc::SYS_sendmmsg,
        libc::SYS_recvfrom,
        libc::SYS_recvmsg,
        libc::SYS_recvmmsg,
        // Files and paths.
        libc::SYS_openat,
        libc::SYS_openat2,
        libc::SYS_open_by_handle_at,
        libc::SYS_name_to_handle_at,
        libc::SYS_newfstatat,
        libc::SYS_statx,
        libc::SYS_faccessat,
        libc::SYS_faccessat2,
        libc::SYS_readlinkat,
        libc::SYS_getdents64,
        libc::SYS_statfs,
        libc::SYS_linkat,
        libc::SYS_unlinkat,
        libc::SYS_renameat,
        libc::SYS_renameat2,
        libc::SYS_mkdirat,
        libc::SYS_symlinkat,
        libc::SYS_mknodat,
        libc::SYS_fchmodat,
        libc::SYS_fchownat,
        libc::SYS_truncate,
        libc::SYS_chdir,
        libc::SYS_fchdir,
        libc::SYS_chroot,
        libc::SYS_inotify_init1,
        libc::SYS_fanotify_init,
        // Programs and processes.
        libc::SYS_execve,
        libc::SYS_execveat,
        libc::SYS_clone,
        libc::SYS_clone3,
        libc::SYS_ptrace,
        libc::SYS_process_vm_readv,
        libc::SYS_process_vm_writev,
        libc::SYS_pidfd_open,
        libc::SYS_pidfd_getfd,
        libc::SYS_kill,
        // Kernel surfaces a sandbox has no business with.
        libc::SYS_mount,
        libc::SYS_umount2,
        libc::SYS_pivot_root,
        libc::SYS_setns,
        libc::SYS_unshare,
        libc::SYS_bpf,
        libc::SYS_perf_event_open,
        libc::SYS_userfaultfd,
        libc::SYS_io_uring_setup,
        libc::SYS_io_uring_enter,
        libc::SYS_io_uring_register,
        libc::SYS_keyctl,
        libc::SYS_add_key,
        libc::SYS_request_key,
        libc::SYS_personality,
    ];

    pub(super) fn install() -> Result<(), String> {
        let arch = std::env::consts::ARCH.try_into().map_err(|_| {
            format!(
                "seccomp: unsupported architecture {}",
                std::env::consts::ARCH
            )
        })?;
        let rules: BTreeMap<i64, Vec<SeccompRule>> = DENIED
            .iter()
            .chain(ARCH_ONLY)
            .map(|&n| (n, Vec::new()))
            .collect();
        let filter = SeccompFilter::new(
            rules,
            SeccompAction::Allow,
            SeccompAction::Errno(libc::EPERM as u32),
            arch,
        )
        .map_err(|e| format!("seccomp filter: {e}"))?;
        let prog: BpfProgram = filter
            .try_into()
            .map_err(|e| format!("seccomp program: {e:?}"))?;
        seccompiler::apply_filter_all_threads(&prog).map_err(|e| format!("seccomp: {e}"))
    }
}

#[cfg(not(target_os = "linux"))]
mod seccomp {
    /// Fail closed: without a filter the worker does not run code.
    pub(super) fn install() -> Result<(), String> {
        Err("no system-call filter on this platform: code mode needs Linux".into())
    }
}
