//! Reads asked at the same moment share one statement (issue 12).

#![allow(clippy::unwrap_used)] // A test that cannot unwrap has failed, which is what a panic reports.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use store::reads::SharedReads;

/// The first read runs at once in its caller's task; the reads asked while it runs queue behind it
/// and are answered by one call of the read function, each with its own row, in its own order.
#[tokio::test]
async fn reads_asked_while_one_runs_share_the_next_read_and_each_gets_its_own_row() {
    let calls = Arc::new(AtomicUsize::new(0));
    let counted = calls.clone();
    let reads = SharedReads::spawn(move |keys: Vec<u32>| {
        counted.fetch_add(1, Ordering::SeqCst);
        async move {
            // A read that takes a moment, so later asks arrive while it runs.
            tokio::task::yield_now().await;
            Ok(keys.into_iter().map(|k| (k % 3 != 0).then_some(k * 10)).collect())
        }
    });
    // On this one-thread runtime the reading task cannot run before the test's task yields, so every
    // ask but the first is queued when it does.
    let answers = futures::future::join_all((1..=12u32).map(|k| reads.get(k))).await;
    let answers: Vec<Option<u32>> = answers.into_iter().map(Result::unwrap).collect();
    let expected: Vec<Option<u32>> = (1..=12u32).map(|k| (k % 3 != 0).then_some(k * 10)).collect();
    assert_eq!(answers, expected);
    assert_eq!(reads.largest_batch(), 11, "the queued asks shared one read");
    assert_eq!(calls.load(Ordering::SeqCst), 2);
}
