//! Server and load generator in processes of their own, each pinned to a core of its own, as wrk2
//! is run: the benchmark starts itself again under `taskset`, once as the server (`--serve`, whose
//! runtime then has one worker) and once per run as the load generator (`--load …`, one thread
//! sending bare HTTP/1.1 requests). They no longer share tokio workers or a core, so a fixed-rate
//! run's tail is the server's, not the client's scheduling.

use std::process::Stdio;
use std::time::{Duration, Instant};

use hdrhistogram::Histogram;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

use crate::bench_client;

/// The core the server's threads keep; the load generator takes the other.
const SERVER_CORE: &str = "0";
/// The load generator's core.
const LOAD_CORE: &str = "1";

/// What one run in the load process measured (latencies in µs).
pub struct Figures {
    /// Requests answered per second.
    pub per_second: f64,
    /// Median.
    pub p50: u64,
    /// 99th percentile.
    pub p99: u64,
    /// 99.9th percentile.
    pub p999: u64,
}

impl Figures {
    /// "p50 0.41 ms, p99 1.20 ms, p99.9 2.31 ms".
    pub fn latencies(&self) -> String {
        format!(
            "p50 {:.2} ms, p99 {:.2} ms, p99.9 {:.2} ms",
            self.p50 as f64 / 1000.0,
            self.p99 as f64 / 1000.0,
            self.p999 as f64 / 1000.0
        )
    }
}

/// The first argument of the load generator's process (`--load URL RATE SECS`, RATE 0 for full
/// speed).
pub const LOAD_ROLE: &str = "--load";
/// The first argument of the server's process.
pub const SERVE_ROLE: &str = "--serve";

/// The load process's whole life: one run as its arguments say, its figures printed on one line.
pub fn load_process_main(clients: usize) -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(2).collect();
    let [url, rate, secs] = args.as_slice() else { anyhow::bail!("--load URL RATE SECS") };
    let (rate, duration): (u64, Duration) = (rate.parse()?, Duration::from_secs(secs.parse()?));
    // One core: one thread, as wrk2 runs one thread per core it is given.
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    let started = Instant::now();
    let hist = runtime.block_on(async {
        if rate == 0 {
            closed_loops(url, clients, duration).await
        } else {
            fixed_rate(url, rate, duration).await
        }
    })?;
    let per_second = hist.len() as f64 / started.elapsed().as_secs_f64();
    let q = |quantile| hist.value_at_quantile(quantile);
    println!("{per_second} {} {} {}", q(0.5), q(0.99), q(0.999));
    Ok(())
}

/// `clients` connections sending back to back for `duration`; latencies in µs.
async fn closed_loops(url: &str, clients: usize, duration: Duration) -> anyhow::Result<Histogram<u64>> {
    let started = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..clients {
        let mut connection = Connection::open(url).await?;
        tasks.push(tokio::spawn(async move {
            let mut hist = Histogram::<u64>::new(3)?;
            while started.elapsed() < duration {
                let sent = Instant::now();
                connection.get().await?;
                hist.record(sent.elapsed().as_micros() as u64)?;
            }
            anyhow::Ok(hist)
        }));
    }
    merged(tasks).await
}

/// `per_second` over `FIXED_RATE_LANES` connections, each on its own share of the schedule, as
/// `bench_client::get_fixed_rate` sends (a send that waited for its connection counts from its
/// scheduled time).
async fn fixed_rate(url: &str, per_second: u64, duration: Duration) -> anyhow::Result<Histogram<u64>> {
    let lanes = bench_client::FIXED_RATE_LANES;
    let interval = Duration::from_nanos(1_000_000_000 * lanes / per_second.max(1));
    let per_lane = per_second * duration.as_secs() / lanes;
    let mut connections = Vec::new();
    for _ in 0..lanes {
        connections.push(Connection::open(url).await?);
    }
    let start = Instant::now();
    let mut tasks = Vec::new();
    for (lane, mut connection) in connections.into_iter().enumerate() {
        let offset = interval.mul_f64(lane as f64 / lanes as f64);
        tasks.push(tokio::spawn(async move {
            let mut hist = Histogram::<u64>::new(3)?;
            let mut free_at = start;
            for i in 0..per_lane {
                let scheduled = start + offset + interval * u32::try_from(i)?;
                tokio::time::sleep_until(scheduled.into()).await;
                let from = if free_at > scheduled { scheduled } else { Instant::now() };
                connection.get().await?;
                free_at = Instant::now();
                hist.record(from.elapsed().as_micros() as u64)?;
            }
            anyhow::Ok(hist)
        }));
    }
    merged(tasks).await
}

async fn merged(tasks: Vec<tokio::task::JoinHandle<anyhow::Result<Histogram<u64>>>>) -> anyhow::Result<Histogram<u64>> {
    let mut hist = Histogram::<u64>::new(3)?;
    for task in tasks {
        hist.add(task.await??)?;
    }
    Ok(hist)
}

/// One kept-alive HTTP/1.1 connection sending the same bare GET again and again, as wrk does: no
/// pool, no header map, the answer read to its `content-length` and dropped.
struct Connection {
    stream: TcpStream,
    request: Vec<u8>,
    answer: Vec<u8>,
}

impl Connection {
    /// Connects to the host of `url` (`http://host:port/path?query`).
    async fn open(url: &str) -> anyhow::Result<Self> {
        let rest = url.strip_prefix("http://").ok_or_else(|| anyhow::anyhow!("not an http URL: {url}"))?;
        let (host, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
        let stream = TcpStream::connect(host).await?;
        stream.set_nodelay(true)?;
        let request = format!("GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n").into_bytes();
        Ok(Self { stream, request, answer: Vec::with_capacity(64 * 1024) })
    }

    /// Sends the request and reads its whole answer, which must be a 200.
    async fn get(&mut self) -> anyhow::Result<()> {
        self.stream.write_all(&self.request).await?;
        self.answer.clear();
        let (head_end, length) = loop {
            if self.stream.read_buf(&mut self.answer).await? == 0 {
                anyhow::bail!("the server closed the connection");
            }
            if let Some(end) = self.answer.windows(4).position(|w| w == b"\r\n\r\n") {
                break (end + 4, content_length(&self.answer[..end])?);
            }
        };
        anyhow::ensure!(
            self.answer.starts_with(b"HTTP/1.1 200"),
            "{}",
            String::from_utf8_lossy(&self.answer[..head_end])
        );
        while self.answer.len() < head_end + length {
            if self.stream.read_buf(&mut self.answer).await? == 0 {
                anyhow::bail!("the server closed the connection mid-answer");
            }
        }
        Ok(())
    }
}

/// The `content-length` of an answer's head (every answer measured here has one).
fn content_length(head: &[u8]) -> anyhow::Result<usize> {
    let head = std::str::from_utf8(head)?;
    let value = head
        .split("\r\n")
        .find_map(|line| line.split_once(':').filter(|(name, _)| name.eq_ignore_ascii_case("content-length")))
        .ok_or_else(|| anyhow::anyhow!("an answer without content-length: {head}"))?
        .1;
    Ok(value.trim().parse()?)
}

/// The benchmark's server role started again in a process pinned to its core.
pub struct Server {
    /// The app's base URL.
    pub base: String,
    /// The bare route's URL.
    pub bare_url: String,
    child: tokio::process::Child,
}

impl Server {
    /// Starts the process and waits until it serves (it prints its two URLs then).
    pub async fn start() -> anyhow::Result<Self> {
        let mut child = tokio::process::Command::new("taskset")
            .args(["-c", SERVER_CORE])
            .arg(std::env::current_exe()?)
            .arg(SERVE_ROLE)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .kill_on_drop(true)
            .spawn()?;
        let stdout = child.stdout.take().ok_or_else(|| anyhow::anyhow!("no stdout"))?;
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line).await?;
        let Some((base, bare_url)) = line.trim().split_once(' ') else {
            anyhow::bail!("the server process said {line:?}");
        };
        Ok(Self { base: base.to_owned(), bare_url: bare_url.to_owned(), child })
    }

    /// Closes its input and waits for it to end (it removes its database's folder on the way out;
    /// dropped without this, it is killed).
    pub async fn stop(mut self) -> anyhow::Result<()> {
        drop(self.child.stdin.take());
        self.child.wait().await?;
        Ok(())
    }
}

/// Runs the load process on its own core against `url`: `per_second` 0 for full speed.
pub async fn run(url: &str, per_second: u64, duration: Duration) -> anyhow::Result<Figures> {
    let exe = std::env::current_exe()?;
    let output = tokio::process::Command::new("taskset")
        .arg("-c")
        .arg(LOAD_CORE)
        .arg(exe)
        .args([LOAD_ROLE, url, &per_second.to_string(), &duration.as_secs().to_string()])
        .output()
        .await?;
    let text = String::from_utf8_lossy(&output.stdout);
    anyhow::ensure!(output.status.success(), "the load process failed: {}", String::from_utf8_lossy(&output.stderr));
    let fields: Vec<f64> = text.split_whitespace().map(str::parse).collect::<Result<_, _>>()?;
    let [per_second, p50, p99, p999] = fields.as_slice() else { anyhow::bail!("the load process said {text:?}") };
    Ok(Figures { per_second: *per_second, p50: *p50 as u64, p99: *p99 as u64, p999: *p999 as u64 })
}
