//! `sluice sandbox-worker`: one run of code in a process of its own.
//!
//! Start: build the engine (on a thread with a large stack) while the main
//! thread waits for the run request. Then, before the code is looked at,
//! lower the resource limits and install the seccomp filter on every
//! thread; hand the code to the engine thread; relay the parent's replies
//! to it. The engine thread writes its requests and the final report to
//! stdout and the process exits. Nothing is printed anywhere else: the panic
//! hook is silent and the parent discards stderr.

use std::io::BufRead;
use std::process::ExitCode;
use std::sync::mpsc;

use super::confine;
use super::engine::{self, Inbound};
use super::protocol::{Done, FromWorker, ToWorker, WorkerLimits};

/// The engine thread's stack. Boa's parser and native built-ins recurse on
/// it; RLIMIT_DATA is raised by this much so that the heap keeps the full
/// memory limit.
pub const ENGINE_STACK: usize = 64 << 20;

enum Job {
    Run {
        code: String,
        servers: std::collections::BTreeMap<String, Vec<String>>,
        limits: WorkerLimits,
    },
    Refused(String),
}

/// The worker's `main`. Exits the process when the run ends.
pub fn main() -> ExitCode {
    if std::env::var_os("SLUICE_WORKER_PANICS").is_none() {
        std::panic::set_hook(Box::new(|_| {}));
    }
    let (tx, rx) = mpsc::channel::<Inbound>();
    let (job_tx, job_rx) = mpsc::sync_channel::<Job>(1);
    let spawned = std::thread::Builder::new()
        .name("sandbox-engine".into())
        .stack_size(ENGINE_STACK)
        .spawn(move || engine_thread(&job_rx, rx));
    if spawned.is_err() {
        return ExitCode::from(70);
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut line = String::new();
    let mut started = false;
    loop {
        line.clear();
        match input.read_line(&mut line) {
            Ok(0) | Err(_) => {
                // No more replies can come. The engine ends the process when
                // it has nothing left to run (or the CPU limit does).
                let _ = tx.send(Inbound::Closed);
                if !started {
                    std::process::exit(0);
                }
                loop {
                    std::thread::park();
                }
            }
            Ok(_) => {}
        }
        let Ok(msg) = serde_json::from_str::<ToWorker>(&line) else {
            std::process::exit(2);
        };
        match msg {
            ToWorker::Run {
                code,
                servers,
                limits,
            } if !started => {
                started = true;
                let job = match confine::confine(&limits, ENGINE_STACK as u64) {
                    Ok(()) => Job::Run {
                        code,
                        servers,
                        limits,
                    },
                    Err(e) => Job::Refused(e),
                };
                if job_tx.send(job).is_err() {
                    std::process::exit(70);
                }
            }
            ToWorker::Reply { id, result } if started => {
                if tx.send(Inbound::Reply(id, result)).is_err() {
                    std::process::exit(0);
                }
            }
            _ => std::process::exit(2),
        }
    }
}

fn engine_thread(jobs: &mpsc::Receiver<Job>, inbox: mpsc::Receiver<Inbound>) {
    let built = engine::new_context();
    let Ok(job) = jobs.recv() else {
        std::process::exit(0);
    };
    let done = match (job, built) {
        (Job::Refused(why), _) => Done {
            error: Some(format!(
                "the sandbox could not confine its worker, so the code did not run: {why}"
            )),
            ..Done::default()
        },
        (_, Err(_)) => Done {
            error: Some("the sandbox engine could not start".into()),
            panicked: true,
            ..Done::default()
        },
        (
            Job::Run {
                code,
                servers,
                limits,
            },
            Ok((ctx, prelude)),
        ) => {
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                engine::run(ctx, &prelude, inbox, &code, servers, limits)
            }));
            r.unwrap_or_else(|_| Done {
                error: Some("the JavaScript engine failed (a panic in the engine)".into()),
                panicked: true,
                ..Done::default()
            })
        }
    };
    engine::send(&FromWorker::Done(done));
    std::process::exit(0);
}

/// `sluice sandbox-worker --self-test`: confines itself with the default
/// limits, then tries what the filter must refuse, and prints one JSON
/// object: each attempt and whether it was `denied`.
pub fn self_test() -> ExitCode {
    let limits = super::Limits::default().worker();
    // A thread made before the filter, like the engine thread.
    let (tx, rx) = mpsc::channel::<()>();
    let t = std::thread::spawn(move || {
        let _ = rx.recv();
        std::fs::File::open("/etc/hostname").is_err()
    });
    if let Err(e) = confine::confine(&limits, ENGINE_STACK as u64) {
        println!("{}", serde_json::json!({ "confine": e }));
        return ExitCode::from(1);
    }
    let denied = |r: bool| if r { "denied" } else { "allowed" };
    let mut report = serde_json::Map::new();
    let mut put = |k: &str, v: bool| {
        report.insert(k.into(), denied(v).into());
    };
    put("open", std::fs::File::open("/etc/hostname").is_err());
    put(
        "create",
        std::fs::File::create("/tmp/sluice-sandbox-self-test").is_err(),
    );
    put("read_dir", std::fs::read_dir("/").is_err());
    put("stat", std::fs::metadata("/etc/hostname").is_err());
    put(
        "tcp",
        std::net::TcpStream::connect(("127.0.0.1", 9)).is_err()
            && std::net::TcpListener::bind(("127.0.0.1", 0)).is_err(),
    );
    put("udp", std::net::UdpSocket::bind(("127.0.0.1", 0)).is_err());
    put(
        "exec",
        std::process::Command::new("/bin/sh")
            .arg("-c")
            .arg("true")
            .status()
            .is_err(),
    );
    put("thread", std::thread::Builder::new().spawn(|| ()).is_err());
    let _ = tx.send(());
    put("open_other_thread", t.join().unwrap_or(false));
    println!("{}", serde_json::Value::Object(report));
    ExitCode::SUCCESS
}
