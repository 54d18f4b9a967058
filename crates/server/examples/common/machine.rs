//! The line every benchmark section starts with: date, cores, CPU and load, so figures taken on a
//! busy machine are read as such.

/// "Measured DATE on N cores (CPU), load average L at the start, …".
pub fn machine_line() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let load = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split(' ').next().map(str::to_string))
        .unwrap_or_default();
    format!(
        "Measured {} on {cores} cores ({cpu}), load average {load} at the start, release build, client and server in one process.",
        chrono::Utc::now().format("%Y-%m-%d")
    )
}

/// Prints the section and writes it to `out`, creating its folder.
#[allow(dead_code, reason = "a benchmark may only print")]
pub fn write_report(out: &str, report: &str) -> anyhow::Result<()> {
    println!("{report}");
    if let Some(parent) = std::path::Path::new(out).parent() {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::write(out, report)?;
    Ok(())
}
