//! node:net's client sockets: a TCP connection on the loop's tokio runtime,
//! read a chunk at a time and written in order, for the database, cache and
//! mail clients (pg, redis, SMTP) that speak their protocol over
//! `net.Socket`. A tool connects out; it does not listen (node:net's
//! servers throw, as node:http's do).
//!
//! `netConnect(host, port)` (or `netConnectPath(path)` for a Unix-domain
//! socket) resolves the name and connects, and answers
//! `[handle, localAddress, localPort, remoteAddress, family]`, or fails with
//! Node's `getaddrinfo ENOTFOUND host` or `connect ECONNREFUSED ip:port`
//! errors (code, errno, syscall, address/port or hostname). Then
//! `netRead(handle)` gives the next chunk (null at the end), `netWrite`
//! resolves when the bytes are written, `netEnd` shuts the writing side
//! and `netClose` drops the socket.

use std::cell::RefCell;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::rc::Rc;

use boa_engine::{Context, JsError, JsResult, JsString, JsValue};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::net::{TcpStream, UnixStream};

use super::{arg, array, bytes_arg, bytes_value, describe_io_error, string_arg, system_error};

const CHUNK: usize = 64 * 1024;

#[derive(Default)]
pub(crate) struct Sockets {
    next: u32,
    read: HashMap<u32, Box<dyn AsyncRead + Unpin>>,
    write: HashMap<u32, Box<dyn AsyncWrite + Unpin>>,
    /// Closed while a read held its half: the read drops it when it ends.
    closed: std::collections::HashSet<u32>,
}

fn sockets(context: &mut Context) -> Rc<RefCell<Sockets>> {
    super::op_state::<RefCell<Sockets>>(context)
}

/// Node's `getaddrinfo ENOTFOUND host`, with the DNS error's fields.
fn not_found(host: &str, context: &mut Context) -> JsError {
    let error = system_error(
        format!("getaddrinfo ENOTFOUND {host}"),
        "ENOTFOUND",
        -3008,
        "getaddrinfo",
        None,
        context,
    );
    if let Some(object) = error.as_opaque().and_then(JsValue::as_object) {
        let _ = object.create_data_property_or_throw(
            JsString::from("hostname"),
            JsString::from(host),
            context,
        );
    }
    error
}

/// Node's `connect ECONNREFUSED 127.0.0.1:1`, with `address` and `port`.
fn connect_error(error: &std::io::Error, address: SocketAddr, context: &mut Context) -> JsError {
    let (code, errno, _) = describe_io_error(error);
    let ip = address.ip().to_string();
    let error = system_error(
        format!("connect {code} {ip}:{}", address.port()),
        &code,
        -errno,
        "connect",
        None,
        context,
    );
    if let Some(object) = error.as_opaque().and_then(JsValue::as_object) {
        let _ = object.create_data_property_or_throw(
            JsString::from("address"),
            JsString::from(ip),
            context,
        );
        let _ = object.create_data_property_or_throw(
            JsString::from("port"),
            JsValue::from(address.port()),
            context,
        );
    }
    error
}

pub(super) async fn net_connect(
    _: &JsValue,
    args: &[JsValue],
    context: &RefCell<&mut Context>,
) -> JsResult<JsValue> {
    let (host, port) = {
        let context = &mut context.borrow_mut();
        let host = string_arg(args, 0, context)?;
        let port = arg(args, 1).to_u32(context)?;
        (host, u16::try_from(port).unwrap_or(0))
    };
    let addresses: Vec<SocketAddr> = match tokio::net::lookup_host((host.as_str(), port)).await {
        Ok(found) => found.collect(),
        Err(_) => Vec::new(),
    };
    // IPv4 first, as Node's default `verbatim` order gives for most hosts.
    let mut addresses = addresses;
    addresses.sort_by_key(|address| !address.is_ipv4());
    let Some(&first) = addresses.first() else {
        return Err(not_found(&host, &mut context.borrow_mut()));
    };
    let mut last = None;
    for address in &addresses {
        match TcpStream::connect(address).await {
            Ok(stream) => {
                let _ = stream.set_nodelay(true);
                let local = stream.local_addr().ok();
                let (read, write) = stream.into_split();
                let context = &mut context.borrow_mut();
                let handle = keep(context, Box::new(read), Box::new(write));
                let family = if address.is_ipv4() { "IPv4" } else { "IPv6" };
                let values = vec![
                    JsValue::from(handle),
                    JsString::from(local.map(|l| l.ip().to_string()).unwrap_or_default()).into(),
                    JsValue::from(local.map_or(0, |l| l.port())),
                    JsString::from(address.ip().to_string()).into(),
                    JsString::from(family).into(),
                ];
                return Ok(array(values, context));
            }
            Err(error) => last = Some((error, *address)),
        }
    }
    let (error, address) =
        last.unwrap_or_else(|| (std::io::ErrorKind::ConnectionRefused.into(), first));
    Err(connect_error(&error, address, &mut context.borrow_mut()))
}

/// Keeps a connection's two halves under a new handle.
fn keep(
    context: &mut Context,
    read: Box<dyn AsyncRead + Unpin>,
    write: Box<dyn AsyncWrite + Unpin>,
) -> u32 {
    let sockets = sockets(context);
    let mut sockets = sockets.borrow_mut();
    sockets.next += 1;
    let handle = sockets.next;
    sockets.read.insert(handle, read);
    sockets.write.insert(handle, write);
    handle
}

/// `netConnectPath(path)`: a Unix-domain socket (a desktop app's or a
/// daemon's), answered as `netConnect` answers; Node's `connect ENOENT
/// path` when nothing listens there.
pub(super) async fn net_connect_path(
    _: &JsValue,
    args: &[JsValue],
    context: &RefCell<&mut Context>,
) -> JsResult<JsValue> {
    let path = string_arg(args, 0, &mut context.borrow_mut())?;
    match UnixStream::connect(&path).await {
        Ok(stream) => {
            let (read, write) = stream.into_split();
            let context = &mut context.borrow_mut();
            let handle = keep(context, Box::new(read), Box::new(write));
            Ok(array(vec![JsValue::from(handle)], context))
        }
        Err(error) => {
            let (code, errno, _) = describe_io_error(&error);
            let context = &mut context.borrow_mut();
            let error = system_error(
                format!("connect {code} {path}"),
                &code,
                -errno,
                "connect",
                None,
                context,
            );
            if let Some(object) = error.as_opaque().and_then(JsValue::as_object) {
                let _ = object.create_data_property_or_throw(
                    JsString::from("address"),
                    JsString::from(path.as_str()),
                    context,
                );
            }
            Err(error)
        }
    }
}

fn handle_of(args: &[JsValue], context: &mut Context) -> JsResult<u32> {
    arg(args, 0).to_u32(context)
}

pub(super) async fn net_read(
    _: &JsValue,
    args: &[JsValue],
    context: &RefCell<&mut Context>,
) -> JsResult<JsValue> {
    let (sockets, handle) = {
        let context = &mut context.borrow_mut();
        (sockets(context), handle_of(args, context)?)
    };
    // Taken for the read and given back after it, so that the RefCell is
    // not borrowed across the await.
    let Some(mut read) = sockets.borrow_mut().read.remove(&handle) else {
        return Ok(JsValue::null());
    };
    let mut buffer = vec![0; CHUNK];
    let outcome = read.read(&mut buffer).await;
    let context = &mut context.borrow_mut();
    match outcome {
        Ok(0) => Ok(JsValue::null()),
        Ok(n) => {
            let mut all = sockets.borrow_mut();
            if !all.closed.remove(&handle) {
                all.read.insert(handle, read);
            }
            drop(all);
            bytes_value(&buffer[..n], context)
        }
        Err(error) => Err(super::io_error(&error, "read", "", context)),
    }
}

pub(super) async fn net_write(
    _: &JsValue,
    args: &[JsValue],
    context: &RefCell<&mut Context>,
) -> JsResult<JsValue> {
    let (sockets, handle, bytes) = {
        let context = &mut context.borrow_mut();
        let handle = handle_of(args, context)?;
        let bytes = bytes_arg(args, 1, context)?.unwrap_or_default();
        (sockets(context), handle, bytes)
    };
    let Some(mut write) = sockets.borrow_mut().write.remove(&handle) else {
        let error = std::io::Error::from(std::io::ErrorKind::BrokenPipe);
        return Err(super::io_error(
            &error,
            "write",
            "",
            &mut context.borrow_mut(),
        ));
    };
    let outcome = write.write_all(&bytes).await;
    sockets.borrow_mut().write.insert(handle, write);
    outcome.map_err(|error| super::io_error(&error, "write", "", &mut context.borrow_mut()))?;
    Ok(JsValue::undefined())
}

/// `netEnd(handle)`: no more writes (the peer reads its end of file).
pub(super) async fn net_end(
    _: &JsValue,
    args: &[JsValue],
    context: &RefCell<&mut Context>,
) -> JsResult<JsValue> {
    let (sockets, handle) = {
        let context = &mut context.borrow_mut();
        (sockets(context), handle_of(args, context)?)
    };
    let write = sockets.borrow_mut().write.remove(&handle);
    if let Some(mut write) = write {
        let _ = write.shutdown().await;
    }
    Ok(JsValue::undefined())
}

/// `netClose(handle)`: drops both halves, closing the connection.
pub(super) fn net_close(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let handle = handle_of(args, context)?;
    let sockets = sockets(context);
    let mut sockets = sockets.borrow_mut();
    if sockets.read.remove(&handle).is_none() {
        sockets.closed.insert(handle);
    }
    sockets.write.remove(&handle);
    Ok(JsValue::undefined())
}
