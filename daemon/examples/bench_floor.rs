//! The floor of `cargo xtask bench daemon`: an axum server on the daemon's
//! own HTTP stack that answers every `POST /beeuni/tools/{name}` with a fixed
//! body, so the bench can tell the cost of HTTP from the cost of a call.
//! Prints `floor listening on http://ADDR` when ready.

use axum::Router;
use axum::routing::post;

fn main() -> std::io::Result<()> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(async {
            let app = Router::new().route(
                "/beeuni/tools/{name}",
                post(|| async {
                    (
                        [(axum::http::header::CONTENT_TYPE, "application/json")],
                        r#"{"output":"fixed"}"#,
                    )
                }),
            );
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
            println!("floor listening on http://{}", listener.local_addr()?);
            axum::serve(listener, app).await
        })
}
