//! The process's own stdin and stdout as async streams, for `sluice serve`
//! and the demo servers.
//!
//! `tokio::io::stdin()` and `stdout()` do every read and every write on a
//! blocking-pool thread: each message crossing the gateway costs two thread
//! hand-offs (futex wake-ups) per direction. When an MCP client spawns
//! Sluice, stdin and stdout are pipes (most clients) or Unix sockets
//! (libuv's, so Node's): both can be registered with tokio's reactor
//! instead. Anything else (a terminal, a regular file) falls back to
//! tokio's blocking streams.
//!
//! Registering a descriptor sets `O_NONBLOCK` on its open file description,
//! which the process that handed it over may share. [`Stdio`] puts the
//! original flags back when it is dropped, so a parent that reads or writes
//! the same pipe after Sluice exits sees it as it left it.
//!
//! Must never: read or write the descriptors other than through the streams
//! it returns, or leave a descriptor non-blocking after it is dropped.

use std::fs::File;
use std::io;
use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
use std::os::unix::fs::FileTypeExt;

use nix::fcntl::{FcntlArg, OFlag, fcntl};
use tokio::io::{AsyncRead, AsyncWrite};

/// Reader half of the process's stdin.
pub type Reader = Box<dyn AsyncRead + Send + Unpin>;
/// Writer half of the process's stdout.
pub type Writer = Box<dyn AsyncWrite + Send + Unpin>;

/// stdin and stdout as async streams, and the guard that restores the
/// descriptors' flags.
pub struct Stdio {
    pub reader: Reader,
    pub writer: Writer,
    /// Keep it alive for as long as the streams are in use.
    pub guard: RestoreFlags,
}

/// Puts stdin's and stdout's original file status flags back when dropped.
/// Each entry is a duplicate of the descriptor: it shares the open file
/// description, whose flags are what is restored.
pub struct RestoreFlags(Vec<(OwnedFd, OFlag)>);

/// What kind of descriptor stdin or stdout is.
#[derive(Debug, PartialEq, Eq)]
enum Kind {
    Pipe,
    UnixSocket,
    Other,
}

fn kind(fd: BorrowedFd<'_>) -> Kind {
    let Ok(owned) = fd.try_clone_to_owned() else {
        return Kind::Other;
    };
    let file = File::from(owned);
    match file.metadata().map(|m| m.file_type()) {
        Ok(t) if t.is_fifo() => Kind::Pipe,
        Ok(t) if t.is_socket() => {
            // A TCP socket (inetd-style) is not one: local_addr fails on it.
            let s = std::os::unix::net::UnixStream::from(OwnedFd::from(file));
            if s.local_addr().is_ok() {
                Kind::UnixSocket
            } else {
                Kind::Other
            }
        }
        _ => Kind::Other,
    }
}

impl Stdio {
    /// stdin and stdout, registered with the current tokio runtime where
    /// they can be. Must be called from within a runtime.
    pub fn open() -> Stdio {
        let mut restore = Vec::new();
        let reader = Self::reader(&mut restore).unwrap_or_else(|e| {
            tracing::debug!(error = %e, "stdin stays on tokio's blocking stream");
            Box::new(tokio::io::stdin())
        });
        let writer = Self::writer(&mut restore).unwrap_or_else(|e| {
            tracing::debug!(error = %e, "stdout stays on tokio's blocking stream");
            Box::new(tokio::io::stdout())
        });
        Stdio {
            reader,
            writer,
            guard: RestoreFlags(restore),
        }
    }

    fn remember(fd: BorrowedFd<'_>, restore: &mut Vec<(OwnedFd, OFlag)>) -> io::Result<()> {
        let flags = fcntl(fd, FcntlArg::F_GETFL).map_err(io::Error::from)?;
        restore.push((fd.try_clone_to_owned()?, OFlag::from_bits_truncate(flags)));
        Ok(())
    }

    fn reader(restore: &mut Vec<(OwnedFd, OFlag)>) -> io::Result<Reader> {
        let stdin = io::stdin();
        Ok(match Self::register(stdin.as_fd(), restore)? {
            Registered::Pipe(fd) => Box::new(tokio::net::unix::pipe::Receiver::from_owned_fd(fd)?),
            Registered::Socket(s) => Box::new(s),
        })
    }

    fn writer(restore: &mut Vec<(OwnedFd, OFlag)>) -> io::Result<Writer> {
        let stdout = io::stdout();
        Ok(match Self::register(stdout.as_fd(), restore)? {
            Registered::Pipe(fd) => Box::new(tokio::net::unix::pipe::Sender::from_owned_fd(fd)?),
            Registered::Socket(s) => Box::new(s),
        })
    }

    /// A duplicate of `fd` ready for the reactor, its flags remembered.
    fn register(fd: BorrowedFd<'_>, restore: &mut Vec<(OwnedFd, OFlag)>) -> io::Result<Registered> {
        let kind = kind(fd);
        if kind == Kind::Other {
            return Err(io::Error::other("not a pipe or a Unix socket"));
        }
        Self::remember(fd, restore)?;
        let dup = fd.try_clone_to_owned()?;
        Ok(match kind {
            Kind::UnixSocket => {
                let s = std::os::unix::net::UnixStream::from(dup);
                s.set_nonblocking(true)?;
                Registered::Socket(tokio::net::UnixStream::from_std(s)?)
            }
            _ => Registered::Pipe(dup),
        })
    }
}

enum Registered {
    /// Made non-blocking by tokio's pipe constructors.
    Pipe(OwnedFd),
    Socket(tokio::net::UnixStream),
}

impl Drop for RestoreFlags {
    fn drop(&mut self) {
        for (fd, flags) in &self.0 {
            if let Err(e) = fcntl(fd, FcntlArg::F_SETFL(*flags)) {
                tracing::debug!(error = %e, "could not restore a descriptor's flags");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_of_descriptors() {
        let (r, w) = std::io::pipe().unwrap();
        assert_eq!(kind(r.as_fd()), Kind::Pipe);
        assert_eq!(kind(w.as_fd()), Kind::Pipe);
        let (a, _b) = std::os::unix::net::UnixStream::pair().unwrap();
        assert_eq!(kind(a.as_fd()), Kind::UnixSocket);
        let f = tempfile::tempfile().unwrap();
        assert_eq!(kind(f.as_fd()), Kind::Other);
    }
}
