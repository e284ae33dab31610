//! The accept loop. axum's own `serve` waits for a request's headers as
//! long as a client likes to send them; this one gives a connection
//! [`HEADER_TIMEOUT`] to send them and holds at most [`MAX_CONNECTIONS`]
//! at once, so slow or idle clients cannot starve the others.

use std::{future::Future, sync::Arc, time::Duration};

use axum::Router;
use hyper_util::{
    rt::{TokioIo, TokioTimer},
    server::graceful::GracefulShutdown,
    service::TowerToHyperService,
};
use tokio::{net::TcpListener, sync::Semaphore};

/// How long a client has to send a request's headers.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(5);
/// Connections held open at once; more wait in the listen queue.
pub const MAX_CONNECTIONS: usize = 4096;
/// Headers a request may carry before hyper refuses it on its own.
const MAX_HEADERS: usize = 1000;
/// How long requests in progress may take to finish at shutdown.
const DRAIN: Duration = Duration::from_secs(10);

/// Serves `app` on `listener` until `stop` completes, then lets the
/// connections in progress finish (for at most [`DRAIN`]).
pub async fn accept(listener: TcpListener, app: Router, stop: impl Future<Output = ()>) {
    let mut http = hyper::server::conn::http1::Builder::new();
    // hyper answers headers past its buffer (about 400 KiB) or past
    // MAX_HEADERS with a bare 431; below that, the router's own limit
    // (crate::MAX_HEADER_BYTES) answers with the JSON problem shape.
    http.timer(TokioTimer::new())
        .header_read_timeout(HEADER_TIMEOUT)
        .max_headers(MAX_HEADERS);
    let slots = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let graceful = GracefulShutdown::new();
    let mut stop = std::pin::pin!(stop);
    loop {
        let slot = tokio::select! {
            slot = slots.clone().acquire_owned() => slot.expect("the semaphore is never closed"),
            () = &mut stop => break,
        };
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                // Out of descriptors, or a connection reset before it was
                // taken: wait a little rather than spin, then go on.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        let _ = stream.set_nodelay(true);
        let connection =
            http.serve_connection(TokioIo::new(stream), TowerToHyperService::new(app.clone()));
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            // A client that goes away mid-request is its own business.
            let _ = connection.await;
            drop(slot);
        });
    }
    drop(listener);
    let _ = tokio::time::timeout(DRAIN, graceful.shutdown()).await;
}
