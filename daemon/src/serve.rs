//! Accepting connections: HTTP/1 with a header read timeout, a cap on open
//! connections, and a graceful drain. axum's own `serve` has neither the
//! timeout nor the cap, so hyper is driven directly here.
//!
//! The cap must not let clients without the token starve the harness: a
//! connection is *trusted* once a request on it has passed the token check
//! (the router's gate marks it, through the [`Trust`] each request
//! carries), and until then it is *untrusted*. At the cap, a new connection
//! closes the oldest untrusted one and takes its slot; only when every slot
//! is held by a trusted connection does a new one wait (one accepted past
//! the cap, the rest in the kernel's backlog, as before). So silent or unauthenticated connections, however
//! many, hold a slot only until enough newer connections arrive, and at
//! most [`HEADER_READ_TIMEOUT`] in any case.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::{Notify, Semaphore, watch};

/// A client must send its request line and headers within this time.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);

/// Whether a connection has carried a request with the right token. Every
/// request carries its connection's `Trust` as an extension; the gate calls
/// [`Trust::grant`] once the token matched.
#[derive(Debug, Clone, Default)]
pub struct Trust(Arc<AtomicBool>);

impl Trust {
    pub fn grant(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    fn granted(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// An open connection as the accept loop sees it.
struct Open {
    trust: Trust,
    close: Arc<Notify>,
}

/// The open connections, oldest first, so the oldest untrusted one is found
/// and closed when a new connection needs its slot.
#[derive(Default)]
struct Connections {
    open: Mutex<VecDeque<(u64, Open)>>,
}

impl Connections {
    fn add(&self, id: u64, open: Open) {
        self.lock().push_back((id, open));
    }

    fn remove(&self, id: u64) {
        self.lock().retain(|(i, _)| *i != id);
    }

    /// Asks the oldest untrusted connection to close; whether there was one.
    fn close_oldest_untrusted(&self) -> bool {
        let mut open = self.lock();
        let Some(at) = open.iter().position(|(_, o)| !o.trust.granted()) else {
            return false;
        };
        if let Some((_, victim)) = open.remove(at) {
            // `notify_one` keeps the wake-up if the task is not waiting yet.
            victim.close.notify_one();
        }
        true
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, VecDeque<(u64, Open)>> {
        self.open.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Serves `app` until `stop` turns true, then lets open requests finish for
/// at most `grace`; returns whether they all did.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    max_connections: usize,
    mut stop: watch::Receiver<bool>,
    grace: Duration,
) -> bool {
    let graceful = GracefulShutdown::new();
    let permits = Arc::new(Semaphore::new(max_connections.max(1)));
    let connections = Arc::new(Connections::default());
    let mut next_id = 0u64;
    loop {
        // Below the cap a slot is taken before accepting; at the cap the
        // connection is accepted first, since only a connection that really
        // waits should make an untrusted one give way.
        let free = permits.clone().try_acquire_owned().ok();
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(e) => {
                    // Out of file descriptors and the like: wait, do not spin.
                    tracing::warn!("[daemon] accept failed: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = stopped(&mut stop) => break,
        };
        let free = free.or_else(|| permits.clone().try_acquire_owned().ok());
        let permit = match free {
            Some(permit) => permit,
            None => {
                // With every slot trusted, this one connection waits past
                // the cap until a trusted connection closes.
                connections.close_oldest_untrusted();
                tokio::select! {
                    permit = permits.clone().acquire_owned() => match permit {
                        Ok(permit) => permit,
                        Err(_) => break,
                    },
                    _ = stopped(&mut stop) => break,
                }
            }
        };
        let _ = stream.set_nodelay(true);
        let trust = Trust::default();
        let close = Arc::new(Notify::new());
        next_id += 1;
        let id = next_id;
        connections.add(
            id,
            Open {
                trust: trust.clone(),
                close: close.clone(),
            },
        );
        let connection = http1_builder().serve_connection(
            TokioIo::new(stream),
            WithTrust {
                service: TowerToHyperService::new(app.clone()),
                trust,
            },
        );
        let connection = graceful.watch(connection);
        let connections = connections.clone();
        tokio::spawn(async move {
            tokio::select! {
                _ = connection => {}
                // Dropping the connection closes its socket.
                () = close.notified() => {}
            }
            connections.remove(id);
            drop(permit);
        });
    }
    // While calls drain, a new connection is still answered: 503 (the
    // router's gate), so a client learns the daemon is going away rather
    // than finding the port closed.
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let connection = http1_builder().keep_alive(false).serve_connection(
                TokioIo::new(stream),
                WithTrust {
                    service: TowerToHyperService::new(app.clone()),
                    trust: Trust::default(),
                },
            );
            tokio::spawn(connection);
        }
    });
    tokio::time::timeout(grace, graceful.shutdown())
        .await
        .is_ok()
}

/// A service with its connection's [`Trust`] added to every request.
#[derive(Clone)]
struct WithTrust<S> {
    service: S,
    trust: Trust,
}

impl<S> hyper::service::Service<hyper::Request<hyper::body::Incoming>> for WithTrust<S>
where
    S: hyper::service::Service<hyper::Request<hyper::body::Incoming>>,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = S::Future;

    fn call(&self, mut request: hyper::Request<hyper::body::Incoming>) -> Self::Future {
        request.extensions_mut().insert(self.trust.clone());
        self.service.call(request)
    }
}

fn http1_builder() -> hyper::server::conn::http1::Builder {
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(HEADER_READ_TIMEOUT);
    builder
}

async fn stopped(stop: &mut watch::Receiver<bool>) {
    let _ = stop.wait_for(|stop| *stop).await;
}
