//! `node:url`'s `domainToASCII` and `domainToUnicode`: a domain read as the
//! WHATWG `hostname` setter reads it (percent-decoded, IDNA-mapped, IPv4
//! numbers normalized; a port, credentials or a forbidden code point make
//! it fail), as Node and Bun both answer: `''` when it fails. And
//! `node:punycode`'s `encode`/`decode` (RFC 3492, the `idna` crate's).

use boa_engine::{Context, JsResult, JsString, JsValue};

use super::string_arg;

/// The host the `hostname` setter makes of `domain`, or `None`.
fn host_of(domain: &str) -> Option<String> {
    // Two bases, so a domain the setter refuses (it then leaves the host as
    // it was) is told from one that reads as the base's own host.
    let set = |base: &str| {
        let mut url = url::Url::parse(base).ok()?;
        url::quirks::set_hostname(&mut url, domain).ok()?;
        url.host_str().map(str::to_owned)
    };
    let (a, b) = (set("ws://a")?, set("ws://b")?);
    (a == b).then_some(a)
}

/// `domainToASCII(domain)`.
pub(super) fn domain_to_ascii(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let domain = string_arg(args, 0, context)?;
    let host = host_of(&domain).unwrap_or_default();
    Ok(JsString::from(host.as_str()).into())
}

/// `domainToUnicode(domain)`: the same host, its labels decoded from
/// Punycode.
pub(super) fn domain_to_unicode(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let domain = string_arg(args, 0, context)?;
    let host = host_of(&domain)
        .map(|host| idna::domain_to_unicode(&host).0)
        .unwrap_or_default();
    Ok(JsString::from(host.as_str()).into())
}

/// `punycodeEncode(text)` → its Punycode, or `undefined` when it cannot be
/// encoded (the module throws then).
pub(super) fn punycode_encode(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let text = string_arg(args, 0, context)?;
    Ok(
        idna::punycode::encode_str(&text).map_or(JsValue::undefined(), |code| {
            JsString::from(code.as_str()).into()
        }),
    )
}

/// `punycodeDecode(code)` → the text, or `undefined` for invalid input.
pub(super) fn punycode_decode(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    let code = string_arg(args, 0, context)?;
    Ok(
        idna::punycode::decode_to_string(&code).map_or(JsValue::undefined(), |text| {
            JsString::from(text.as_str()).into()
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::host_of;

    /// Node 24's and Bun 1.4.5's answers (they agree on every one).
    #[test]
    fn domains_read_as_the_hostname_setter_reads_them() {
        for (domain, ascii, unicode) in [
            ("EXAMPLE.com", "example.com", "example.com"),
            ("español.com", "xn--espaol-zwa.com", "español.com"),
            ("xn--n3h.net", "xn--n3h.net", "☃.net"),
            ("ß.de", "xn--zca.de", "ß.de"),
            ("ex%41mple.com", "example.com", "example.com"),
            ("0x7f.1", "127.0.0.1", "127.0.0.1"),
            ("[::1]", "[::1]", "[::1]"),
            ("a/b", "a", "a"),
            ("a\tb", "ab", "ab"),
            ("a", "a", "a"),
            ("b", "b", "b"),
            ("a:80", "", ""),
            ("a@b", "", ""),
            ("a b.com", "", ""),
            ("www.xn--k-nfa.org", "", ""),
            ("1.2.3.256", "", ""),
            ("", "", ""),
        ] {
            let host = host_of(domain);
            assert_eq!(host.clone().unwrap_or_default(), ascii, "{domain:?}");
            let decoded = host
                .map(|h| idna::domain_to_unicode(&h).0)
                .unwrap_or_default();
            assert_eq!(decoded, unicode, "{domain:?}");
        }
    }
}
