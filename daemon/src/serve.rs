//! Accepting connections: HTTP/1 with a header read timeout, a cap on open
//! connections, and a graceful drain. axum's own `serve` has neither the
//! timeout nor the cap, so hyper is driven directly here.

use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, watch};

/// A client must send its request line and headers within this time.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);

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
    let permits = std::sync::Arc::new(Semaphore::new(max_connections));
    loop {
        // Past the cap, new connections wait in the kernel's backlog.
        let permit = tokio::select! {
            permit = permits.clone().acquire_owned() => match permit {
                Ok(permit) => permit,
                Err(_) => break,
            },
            _ = stopped(&mut stop) => break,
        };
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
        let _ = stream.set_nodelay(true);
        let connection = http1_builder()
            .serve_connection(TokioIo::new(stream), TowerToHyperService::new(app.clone()));
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            let _ = connection.await;
            drop(permit);
        });
    }
    // While calls drain, a new connection is still answered: 503 (the
    // router's gate), so a client learns the daemon is going away rather
    // than finding the port closed.
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let connection = http1_builder()
                .keep_alive(false)
                .serve_connection(TokioIo::new(stream), TowerToHyperService::new(app.clone()));
            tokio::spawn(connection);
        }
    });
    tokio::time::timeout(grace, graceful.shutdown())
        .await
        .is_ok()
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
