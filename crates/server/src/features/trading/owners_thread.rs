//! The book owners' own thread (issue 12). An owner runs its batches one at a time, so every wait
//! in a batch (BEGIN, the accounts read, the write, COMMIT) is time every queued order waits too.
//! On the server's runtime each of those wake-ups queues behind the HTTP tasks that are ready, and
//! the database's answer is noticed only when a busy worker next looks at its sockets. Here the
//! owners have a runtime of their own on one thread, with connections of their own
//! ([`store::Db::own_pool`]): the thread sleeps on just those sockets and wakes the moment an answer
//! comes. One thread serves every owner of the process; the owners of a test binary's many apps
//! share it, each ending when its app's queues close.

use std::sync::OnceLock;

use tokio::runtime::{Builder, Handle};

/// The owners' runtime, started on first use.
pub fn handle() -> Handle {
    static HANDLE: OnceLock<Handle> = OnceLock::new();
    HANDLE
        .get_or_init(|| {
            let runtime = Builder::new_current_thread()
                .enable_all()
                .thread_name("book-owners")
                .build()
                .expect("the book owners' runtime starts");
            let handle = runtime.handle().clone();
            std::thread::Builder::new()
                .name("book-owners".into())
                .spawn(move || runtime.block_on(std::future::pending::<()>()))
                .expect("the book owners' thread starts");
            handle
        })
        .clone()
}
