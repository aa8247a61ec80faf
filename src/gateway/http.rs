//! Streamable HTTP: rmcp's `StreamableHttpService` mounted on hyper at
//! `/mcp`, with `Host` and `Origin` checks against DNS rebinding.
//!
//! `GET /healthz` answers `ok`; every other path is 404.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;

use bytes::Bytes;
use http_body_util::combinators::BoxBody;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::{TokioExecutor, TokioIo};
use rmcp::transport::streamable_http_server::session::local::{LocalSessionManager, SessionConfig};
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;
use tower_service::Service;

use super::{Gateway, GatewayHandler};

/// A bound HTTP gateway.
pub struct HttpServer {
    listener: TcpListener,
    service: StreamableHttpService<GatewayHandler, LocalSessionManager>,
}

impl HttpServer {
    /// Binds `addr`. The `Host` check accepts the configured hosts plus the
    /// bound address; `Origin` is checked against the configured origins
    /// (none by default: browsers are refused).
    pub async fn bind(
        gw: Arc<Gateway>,
        addr: SocketAddr,
        stop: CancellationToken,
    ) -> std::io::Result<HttpServer> {
        let listener = TcpListener::bind(addr).await?;
        let local = listener.local_addr()?;
        let gcfg = &gw.broker.config().gateway;
        let mut hosts = gcfg.allowed_hosts.clone();
        let bound = local.ip().to_string();
        if !local.ip().is_unspecified() && !hosts.contains(&bound) {
            hosts.push(bound);
        }
        let config = StreamableHttpServerConfig::default()
            .with_allowed_hosts(hosts)
            .with_allowed_origins(gcfg.allowed_origins.clone())
            .enforce_origin_validation()
            .with_cancellation_token(stop);
        let mut sessions = LocalSessionManager::default();
        let mut sc = SessionConfig::default();
        sc.keep_alive = Some(gcfg.session_idle_timeout);
        sessions.session_config = sc;
        let factory = move || Ok(GatewayHandler::new(gw.clone()));
        let service = StreamableHttpService::new(factory, Arc::new(sessions), config);
        Ok(HttpServer { listener, service })
    }

    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Serves until `stop` is cancelled.
    pub async fn run(self, stop: CancellationToken) -> std::io::Result<()> {
        let HttpServer { listener, service } = self;
        loop {
            let (stream, _) = tokio::select! {
                _ = stop.cancelled() => return Ok(()),
                a = listener.accept() => match a {
                    Ok(a) => a,
                    Err(e) => {
                        tracing::warn!(error = %e, "accept failed");
                        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                        continue;
                    }
                },
            };
            let _ = stream.set_nodelay(true);
            let service = service.clone();
            let stop = stop.clone();
            tokio::spawn(async move {
                let svc = hyper::service::service_fn(move |req: Request<Incoming>| {
                    let mut service = service.clone();
                    async move { Ok::<_, Infallible>(route(&mut service, req).await) }
                });
                let builder = hyper_util::server::conn::auto::Builder::new(TokioExecutor::new());
                let conn = builder.serve_connection_with_upgrades(TokioIo::new(stream), svc);
                tokio::pin!(conn);
                tokio::select! {
                    r = conn.as_mut() => {
                        if let Err(e) = r {
                            tracing::debug!(error = %e, "connection ended with an error");
                        }
                    }
                    _ = stop.cancelled() => conn.as_mut().graceful_shutdown(),
                }
            });
        }
    }
}

type Body = BoxBody<Bytes, Infallible>;

fn text(status: StatusCode, body: &'static str) -> Response<Body> {
    let mut r = Response::new(Full::new(Bytes::from_static(body.as_bytes())).boxed());
    *r.status_mut() = status;
    r.headers_mut().insert(
        http::header::CONTENT_TYPE,
        http::HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    r
}

async fn route(
    service: &mut StreamableHttpService<GatewayHandler, LocalSessionManager>,
    req: Request<Incoming>,
) -> Response<Body> {
    match req.uri().path() {
        "/mcp" | "/mcp/" => match service.call(req).await {
            Ok(r) => r,
            Err(never) => match never {},
        },
        "/healthz" => text(StatusCode::OK, "ok\n"),
        _ => text(
            StatusCode::NOT_FOUND,
            "not found: the MCP endpoint is /mcp\n",
        ),
    }
}
