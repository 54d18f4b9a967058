//! The reference every durable-write benchmark stands beside: a raw loop of one-row inserts, each in
//! its own write transaction on the same database handle, with as many writers as clients.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use hdrhistogram::Histogram;

/// `writers` loops each inserting one row per write transaction for `run_for` on `db`; commits per
/// second and the latency of each commit (µs).
pub async fn raw_commits(db: &store::Db, writers: usize, run_for: Duration) -> anyhow::Result<(f64, Histogram<u64>)> {
    sqlx::query("create table if not exists bench_raw (id bigint primary key, at bigint not null)")
        .execute(db.pool())
        .await?;
    let next = Arc::new(AtomicI64::new(
        sqlx::query_scalar::<_, i64>("select coalesce(max(id), 0) from bench_raw").fetch_one(db.pool()).await?,
    ));
    let started = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..writers {
        let (db, next) = (db.clone(), next.clone());
        tasks.push(tokio::spawn(async move {
            let mut hist = Histogram::<u64>::new(3).expect("histogram");
            while started.elapsed() < run_for {
                let t = Instant::now();
                let mut wtx = db.begin_write().await?;
                sqlx::query("insert into bench_raw (id, at) values ($1, $2)")
                    .bind(next.fetch_add(1, Ordering::Relaxed) + 1)
                    .bind(chrono::Utc::now().timestamp_millis())
                    .execute(&mut *wtx.tx)
                    .await?;
                wtx.commit().await?;
                hist.record(t.elapsed().as_micros() as u64).ok();
            }
            anyhow::Ok(hist)
        }));
    }
    let mut hist = Histogram::<u64>::new(3).expect("histogram");
    for task in tasks {
        hist.add(task.await??).ok();
    }
    Ok((hist.len() as f64 / started.elapsed().as_secs_f64(), hist))
}

/// Throughput against the raw commit rate at the same number of clients; at one client, also the
/// median latency against one raw commit. `baseline` is (clients, commits/s, p50 ms) per count.
pub fn ratio(baseline: &[(usize, f64, f64)], clients: usize, per_s: f64, p50: f64) -> String {
    let (_, raw_per_s, raw_p50) =
        baseline.iter().copied().find(|(c, _, _)| *c == clients).expect("a baseline per client count");
    if clients == 1 {
        format!("{:.2}× rate, p50 {:.2}× raw", per_s / raw_per_s, p50 / raw_p50)
    } else {
        format!("{:.2}×", per_s / raw_per_s)
    }
}
