//! Building and running the application: connect and migrate the database, bind the listener
//! (reporting the real port, so tests can use port 0), start background jobs, shut down gracefully.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use domain::clock::ms;
use domain::{Clock, SystemClock};
use store::{Db, DbOptions};
use tokio::net::TcpListener;
use tokio::task::JoinHandle;

use crate::config::Settings;
use crate::features::identity::services::IdentityServices;
use crate::features::live::{self, Hub};
use crate::features::maintenance::{self, Maintenance};
use crate::features::markets::{self, Feed, Markets};
use crate::features::perps::{self, PerpService};
use crate::features::trading::TradingService;
use crate::features::us_stocks::{self, UsStockService};
use crate::features::wallet::services::WalletServices;
use crate::features::web_shell::Shell;
use crate::middleware::metrics::recorder_handle;
use crate::middleware::rate_limit::AddressLimiter;
use crate::state::{AppState, AppStateInner};

/// Idempotency keys are kept this long.
const IDEMPOTENCY_KEY_TTL_MS: i64 = ms::DAY;

/// A built application, bound to its port and ready to serve.
pub struct Application {
    listener: TcpListener,
    state: AppState,
}

impl Application {
    /// Connects the database, runs migrations and binds the listener.
    pub async fn build(settings: Settings) -> anyhow::Result<Self> {
        Self::build_with_clock(settings, Arc::new(SystemClock)).await
    }

    /// [`Application::build`] with the clock every part reads (tests pin the time with it).
    pub async fn build_with_clock(settings: Settings, clock: Arc<dyn Clock>) -> anyhow::Result<Self> {
        let options = DbOptions {
            max_connections: settings.database.max_connections,
            acquire_timeout_ms: settings.database.acquire_timeout_ms,
        };
        let db = Db::connect(&settings.database.url, &options).await.context("connecting to the database")?;
        db.migrate().await.context("running migrations")?;
        let state = state_with_clock(settings, db, clock).await?;
        let listener = TcpListener::bind(&state.settings.http.addr)
            .await
            .with_context(|| format!("binding {}", state.settings.http.addr))?;
        Ok(Self { listener, state })
    }

    /// The port actually bound.
    pub fn port(&self) -> u16 {
        self.listener.local_addr().map_or(0, |a| a.port())
    }

    /// The shared state (tests reach the database through it).
    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Serves until `shutdown` completes, then drains in-flight requests for the grace period.
    pub async fn run_until_stopped(self, shutdown: impl Future<Output = ()> + Send + 'static) -> anyhow::Result<()> {
        let Application { listener, state } = self;
        let jobs = spawn_jobs(&state);
        let router = crate::router::build(state.clone());
        let stop = Arc::new(tokio::sync::Notify::new());
        let stop_server = stop.clone();
        let server = tokio::spawn(async move {
            axum::serve(listener, router.into_make_service_with_connect_info::<SocketAddr>())
                .with_graceful_shutdown(async move { stop_server.notified().await })
                .await
        });
        tracing::info!(addr = %state.settings.http.addr, backend = state.db.backend().name(), "serving");
        shutdown.await;
        tracing::info!("shutting down");
        stop.notify_one();
        let grace = Duration::from_millis(state.settings.http.shutdown_grace_ms);
        if tokio::time::timeout(grace, server).await.is_err() {
            tracing::warn!("in-flight requests did not finish within the grace period");
        }
        for job in jobs {
            job.abort();
        }
        state.db.close().await;
        Ok(())
    }
}

/// The state of an application over an already migrated database.
pub async fn state_for(settings: Settings, db: Db) -> anyhow::Result<AppState> {
    state_with_clock(settings, db, Arc::new(SystemClock)).await
}

/// [`state_for`] with the clock every part reads.
pub async fn state_with_clock(settings: Settings, db: Db, clock: Arc<dyn Clock>) -> anyhow::Result<AppState> {
    // First: a part that makes its metric handles once (the book owners' batch timers) gets noop
    // handles when no recorder is installed yet.
    let metrics = recorder_handle();
    let maintenance =
        Maintenance::load(&db, settings.maintenance.enabled, settings.maintenance.retry_after_secs, clock.now_ms())
            .await?;
    let identity = IdentityServices::build(&settings, &db, clock.as_ref()).await?;
    let wallet = WalletServices::build(&settings, &db, &clock).await?;
    let hub = Hub::new(live::Limits::from(&settings.markets));
    let markets = Markets::load(&db, &settings.markets, hub.clone(), clock.clone()).await?;
    let trading = TradingService::start(&db, &markets, &hub, settings.trading.clone()).await?;
    let session_shift = if settings.sandbox() && settings.us_stocks.sandbox_regular_session {
        us_stocks::service::shift_into_regular_session(clock.now())
    } else {
        chrono::Duration::zero()
    };
    let us_stocks = UsStockService::new(
        &markets.catalogue().us_stocks,
        markets.sim().clone(),
        settings.us_stocks.clone(),
        session_shift,
    );
    let usdt_idr = markets.catalogue().usdt_idr()?;
    let perps = PerpService::new(&markets.catalogue().perps, markets.sim().clone(), usdt_idr, settings.perps.clone());
    Ok(AppState::new(AppStateInner {
        clock,
        hub,
        markets,
        trading,
        us_stocks,
        perps,
        identity,
        wallet,
        shell: Arc::new(Shell::new(&settings)),
        limiter: AddressLimiter::new(&settings.rate_limit),
        entry_budgets: Arc::new(crate::api::entry_budget::EntryBudgets::new(&settings.rate_limit)),
        metrics,
        settings: Arc::new(settings),
        maintenance,
        idempotency: store::idempotency::Writer::spawn(db.clone()),
        writes: store::group::GroupWriter::spawn(db.clone()),
        db,
    }))
}

#[expect(clippy::too_many_lines, reason = "one block per job; to become a job table")]
fn spawn_jobs(state: &AppState) -> Vec<JoinHandle<()>> {
    let refresh = {
        let state = state.clone();
        every(maintenance::REFRESH_INTERVAL, move || {
            let state = state.clone();
            async move {
                if let Err(e) = state.maintenance.refresh(&state.db).await {
                    tracing::warn!(error = %e, "could not refresh maintenance state");
                }
            }
        })
    };
    let limiter = {
        let (limiter, budgets) = (state.limiter.clone(), state.entry_budgets.clone());
        every(Duration::from_secs(60), move || {
            limiter.forget_idle();
            budgets.forget_idle();
            async {}
        })
    };
    let purge = {
        let (db, clock) = (state.db.clone(), state.clock.clone());
        every(Duration::from_secs(3600), move || {
            let (db, now) = (db.clone(), clock.now_ms());
            async move {
                match store::idempotency::purge_older_than(&db, now - IDEMPOTENCY_KEY_TTL_MS).await {
                    Ok(n) if n > 0 => tracing::info!(deleted = n, "purged old idempotency keys"),
                    Ok(_) => {}
                    Err(e) => tracing::warn!(error = %e, "could not purge idempotency keys"),
                }
            }
        })
    };
    let expire_topups = {
        let state = state.clone();
        every(Duration::from_secs(30), move || {
            let state = state.clone();
            async move {
                match crate::features::wallet::expire_unpaid(&state).await {
                    Ok(n) if n > 0 => tracing::info!(expired = n, "expired unpaid top-ups"),
                    Ok(_) => {}
                    Err(e) => tracing::warn!(error = %e, "could not expire top-ups"),
                }
            }
        })
    };
    let disburse = {
        let state = state.clone();
        every(Duration::from_millis(state.settings.cashout.disburse_interval_ms.max(10)), move || {
            let state = state.clone();
            async move {
                match crate::features::wallet::disburse_due(&state).await {
                    Ok(n) if n > 0 => tracing::info!(ended = n, "cash-outs disbursed or failed"),
                    Ok(_) => {}
                    Err(e) => tracing::warn!(error = ?e.code, "could not run cash-out disbursement"),
                }
            }
        })
    };
    // Hourly: each closed Jakarta day is accrued once per user (the database decides), so the
    // first run after midnight or after downtime credits it and every other run finds nothing.
    let usd_interest = {
        let state = state.clone();
        every(Duration::from_secs(3600), move || {
            let state = state.clone();
            async move {
                match crate::features::wallet::accrue_usd_interest(&state).await {
                    Ok(n) if n > 0 => tracing::info!(users = n, "accrued USD interest"),
                    Ok(_) => {}
                    Err(e) => tracing::warn!(error = %e, "could not accrue USD interest"),
                }
            }
        })
    };
    // Every second: verification decisions that came due are applied and pushed to the user.
    let verifications = {
        let state = state.clone();
        every(Duration::from_secs(1), move || {
            let state = state.clone();
            async move {
                match crate::features::identity::apply_due_verifications(&state).await {
                    Ok(n) if n > 0 => tracing::info!(applied = n, "identity verification decisions applied"),
                    Ok(_) => {}
                    Err(e) => tracing::warn!(error = %e, "could not apply verification decisions"),
                }
            }
        })
    };
    let retention = {
        let state = state.clone();
        every(Duration::from_secs(state.settings.retention.interval_secs.max(1)), move || {
            let state = state.clone();
            async move {
                match crate::features::retention::purge_expired(&state).await {
                    Ok(purged) if !purged.is_empty() => tracing::info!(?purged, "purged rows past their retention"),
                    Ok(_) => {}
                    Err(e) => tracing::warn!(error = %e, "could not purge rows past their retention"),
                }
            }
        })
    };
    let mut jobs = vec![refresh, limiter, purge, retention, expire_topups, disburse, usd_interest, verifications];
    jobs.extend(reconcile_jobs(state));
    jobs.extend(market_jobs(state));
    jobs.extend(us_stock_jobs(state));
    jobs.extend(perp_jobs(state));
    jobs
}

/// The reconciliations of outside providers' callbacks that can be lost (payments, identity
/// verification); the sandboxes' are delivered in-process and need none.
fn reconcile_jobs(state: &AppState) -> Vec<JoinHandle<()>> {
    let mut jobs = Vec::new();
    if state.settings.providers.payments != crate::config::production::PaymentProvider::Sandbox {
        let state = state.clone();
        jobs.push(every(Duration::from_secs(60), move || {
            let state = state.clone();
            async move {
                match crate::features::wallet::reconcile_pending(&state).await {
                    Ok(n) if n > 0 => tracing::info!(settled = n, "top-ups reconciled with the gateway"),
                    Ok(_) => {}
                    Err(e) => tracing::warn!(error = %e, "could not reconcile top-ups"),
                }
            }
        }));
    }
    if state.settings.providers.kyc != crate::config::production::KycProvider::Sandbox {
        let state = state.clone();
        jobs.push(every(Duration::from_secs(60), move || {
            let state = state.clone();
            async move {
                match crate::features::identity::reconcile_verifications(&state).await {
                    Ok(n) if n > 0 => tracing::info!(applied = n, "verifications reconciled with the provider"),
                    Ok(_) => {}
                    Err(e) => tracing::warn!(error = %e, "could not reconcile verifications"),
                }
            }
        }));
    }
    jobs
}

/// The markets' jobs: flags refresh, the live feed every second, and the daily-cache warm-up.
fn market_jobs(state: &AppState) -> Vec<JoinHandle<()>> {
    let refresh = {
        let state = state.clone();
        every(markets::REFRESH_INTERVAL, move || {
            let state = state.clone();
            async move {
                if let Err(e) = state.markets.refresh(&state.db).await {
                    tracing::warn!(error = %e, "could not refresh trading flags");
                }
                state.hub.prune();
            }
        })
    };
    let feed = {
        let (markets, hub) = (state.markets.clone(), state.hub.clone());
        let feed = Arc::new(std::sync::Mutex::new(Feed::default()));
        every(Duration::from_secs(1), move || {
            let (markets, hub, feed) = (markets.clone(), hub.clone(), feed.clone());
            async move {
                // Simulator work is CPU-bound; the async workers stay free for I/O.
                let step = move || feed.lock().unwrap_or_else(std::sync::PoisonError::into_inner).step(&markets, &hub);
                let _ = tokio::task::spawn_blocking(step).await;
            }
        })
    };
    let mut jobs = vec![refresh, feed];
    if state.settings.markets.warm_caches {
        let markets = state.markets.clone();
        jobs.push(tokio::spawn(async move {
            tokio::time::sleep(markets::WARM_DELAY).await;
            // One instrument per blocking task: shutting down waits for one at most.
            for symbol in markets::service::WARM_SYMBOLS {
                let markets = markets.clone();
                let _ = tokio::task::spawn_blocking(move || markets.warm_cache(symbol)).await;
            }
        }));
    }
    jobs
}

/// The US-stock jobs: the venue's steps (sending, answering, filling, expiring orders).
fn us_stock_jobs(state: &AppState) -> Vec<JoinHandle<()>> {
    let venue = {
        let state = state.clone();
        every(Duration::from_millis(state.settings.us_stocks.venue_step_ms.max(10)), move || {
            let state = state.clone();
            async move {
                if let Err(e) = us_stocks::drive_venue(&state).await {
                    tracing::warn!(error = %e, "US venue pass failed");
                }
            }
        })
    };
    let closeout = {
        let state = state.clone();
        every(Duration::from_secs(1), move || {
            let state = state.clone();
            async move {
                if let Err(e) = us_stocks::close_intraday(&state).await {
                    tracing::warn!(error = %e, "intraday close pass failed");
                }
                if let Err(e) = us_stocks::check_margins(&state).await {
                    tracing::warn!(error = %e, "margin pass failed");
                }
            }
        })
    };
    // Every minute: what came due since (each date and action once, whatever runs again).
    let daily = {
        let state = state.clone();
        every(Duration::from_secs(60), move || {
            let state = state.clone();
            async move {
                if let Err(e) = us_stocks::apply_corporate_actions(&state).await {
                    tracing::warn!(error = %e, "corporate actions pass failed");
                }
                if let Err(e) = us_stocks::accrue_margin_interest(&state).await {
                    tracing::warn!(error = %e, "margin interest pass failed");
                }
            }
        })
    };
    vec![venue, closeout, daily]
}

/// The perpetuals jobs: the venue pass, the risk check (protections and liquidations) and funding.
fn perp_jobs(state: &AppState) -> Vec<JoinHandle<()>> {
    let settings = state.settings.perps.clone();
    let venue = {
        let state = state.clone();
        every(Duration::from_millis(settings.venue_step_ms.max(10)), move || {
            let state = state.clone();
            async move {
                if let Err(e) = perps::perps(&state).drive().await {
                    tracing::warn!(error = %e, "perp venue pass failed");
                }
            }
        })
    };
    let risk = {
        let state = state.clone();
        every(Duration::from_millis(settings.risk_check_ms.max(10)), move || {
            let state = state.clone();
            async move {
                if let Err(e) = perps::perps(&state).check_risk().await {
                    tracing::warn!(error = %e, "perp risk pass failed");
                }
            }
        })
    };
    let funding = {
        let state = state.clone();
        every(Duration::from_millis(settings.funding_check_ms.max(10)), move || {
            let state = state.clone();
            async move {
                if let Err(e) = perps::perps(&state).settle_funding().await {
                    tracing::warn!(error = %e, "perp funding pass failed");
                }
            }
        })
    };
    vec![venue, risk, funding]
}

/// Runs `job` every `period` (first after one period) until aborted.
fn every<F, Fut>(period: Duration, mut job: F) -> JoinHandle<()>
where
    F: FnMut() -> Fut + Send + 'static,
    Fut: Future<Output = ()> + Send + 'static,
{
    tokio::spawn(async move {
        let mut ticker = tokio::time::interval(period);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        ticker.tick().await;
        loop {
            ticker.tick().await;
            job().await;
        }
    })
}

/// Completes on SIGINT or SIGTERM.
pub async fn shutdown_signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {},
        () = terminate => {},
    }
}
