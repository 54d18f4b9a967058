//! PIN checks (the heart of verify-pin) with argon2id at the configured parameters: how many per
//! second the server sustains and how long a log-in waits at p99 when 16 arrive at once, with the
//! hashing semaphore bounding how many run together.
//! `cargo run --release -p server --example pin_bench -- docs/bench/pin.md`

#[path = "common/machine.rs"]
mod machine;

use std::time::{Duration, Instant};

use hdrhistogram::Histogram;
use server::config::AuthSettings;
use server::features::identity::pin::{Pin, PinHasher};

const CONCURRENT_LOGINS: usize = 16;
const RUN_FOR: Duration = Duration::from_secs(8);

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let out = std::env::args().nth(1).unwrap_or_else(|| "docs/bench/pin.md".into());
    let settings = AuthSettings::default();
    let hasher = PinHasher::new(&settings);
    let pin = Pin::parse("482915").map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let stored = hasher.hash(&pin).await?;
    let started = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..CONCURRENT_LOGINS {
        let (hasher, pin, stored) = (hasher.clone(), pin.clone(), stored.clone());
        tasks.push(tokio::spawn(async move {
            let mut hist = Histogram::<u64>::new(3).expect("histogram");
            while started.elapsed() < RUN_FOR {
                let t = Instant::now();
                assert!(hasher.verify(&pin, &stored).await.expect("verify"));
                hist.record(t.elapsed().as_micros() as u64).ok();
            }
            hist
        }));
    }
    let mut all = Histogram::<u64>::new(3)?;
    for task in tasks {
        all.add(task.await?).ok();
    }
    let per_s = all.len() as f64 / started.elapsed().as_secs_f64();
    let report = format!(
        "## PIN verification (argon2id)\n\n{}\n\n\
         Parameters: argon2id, {} KiB, {} passes, {} lane; at most {} hashes at once (`auth.hashing_concurrency`), so hashing \
         memory stays under {} MiB however many log-ins arrive.\n\n\
         | measure | result |\n|---|---|\n\
         | PIN checks per second, {CONCURRENT_LOGINS} log-ins at once | {per_s:.1} |\n\
         | wait per check including the queue: p50 / p99 / max | {} ms / {} ms / {} ms |\n",
        machine::machine_line(),
        settings.argon2_memory_kib,
        settings.argon2_iterations,
        settings.argon2_parallelism,
        settings.hashing_concurrency,
        settings.argon2_memory_kib as usize * settings.hashing_concurrency / 1024 + 1,
        all.value_at_quantile(0.5) / 1000,
        all.value_at_quantile(0.99) / 1000,
        all.max() / 1000,
    );
    machine::write_report(&out, &report)?;
    Ok(())
}
