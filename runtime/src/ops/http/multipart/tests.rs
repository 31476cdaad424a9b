use super::*;

/// A field as (name, file name, value) text.
type Field = (String, Option<String>, String);

/// The fields of `body`.
fn fields(body: &str, boundary: &str) -> Result<Vec<Field>, &'static str> {
    let parts = parse(body.as_bytes(), boundary)?;
    Ok(parts
        .into_iter()
        .map(|p| (p.name, p.filename, body[p.start..p.end].to_string()))
        .collect())
}

fn field(name: &str, value: &str) -> Field {
    (name.to_string(), None, value.to_string())
}

fn file(name: &str, filename: &str, value: &str) -> Field {
    (
        name.to_string(),
        Some(filename.to_string()),
        value.to_string(),
    )
}

fn part(headers: &str, value: &str) -> String {
    format!("--XyZ\r\n{headers}\r\n\r\n{value}\r\n")
}

#[test]
fn fields_and_files_with_their_bytes() {
    let body = [
        part("Content-Disposition: form-data; name=\"a\"", "one"),
        part(
            "Content-Disposition: form-data; name=\"f\"; filename=\"x.txt\"\r\nContent-Type: text/plain",
            "line\r\nline2\r\n",
        ),
        part("content-disposition:FORM-DATA;name=\"e\"", ""),
        "--XyZ--\r\n".to_string(),
    ]
    .concat();
    assert_eq!(
        fields(&body, "XyZ").unwrap(),
        vec![
            field("a", "one"),
            file("f", "x.txt", "line\r\nline2\r\n"),
            field("e", "")
        ]
    );
}

#[test]
fn text_around_the_delimiters_is_ignored() {
    let body = format!(
        "preamble\r\n{}--XyZ--epilogue",
        part("Content-Disposition: form-data; name=\"a\"", "x")
    );
    assert_eq!(fields(&body, "XyZ").unwrap(), vec![field("a", "x")]);
    assert_eq!(fields("--XyZ--", "XyZ").unwrap(), vec![]);
    // A boundary inside a value that goes on is not a delimiter.
    let body = part("Content-Disposition: form-data; name=\"a\"", "x\r\n--XyZX") + "--XyZ--";
    assert_eq!(
        fields(&body, "XyZ").unwrap(),
        vec![field("a", "x\r\n--XyZX")]
    );
    // The CRLF before a delimiter is optional, as Bun reads it.
    let body = "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx--XyZ--";
    assert_eq!(fields(body, "XyZ").unwrap(), vec![field("a", "x")]);
}

#[test]
fn lines_ended_by_lf_alone_hold_no_delimiter() {
    let body = "--XyZ\nContent-Disposition: form-data; name=\"a\"\n\nx\n--XyZ--\n";
    assert_eq!(fields(body, "XyZ").unwrap(), vec![]);
}

#[test]
fn parts_that_are_not_named_form_data_are_skipped() {
    let skipped = [
        "Content-Type: text/plain",
        "Content-Disposition: form-data",
        "Content-Disposition: attachment; name=\"a\"",
        "Content-Disposition: form-data ; name=\"a\"",
        "Content-Disposition: form-data; name=\"\"",
    ];
    for headers in skipped {
        let body = part(headers, "v") + "--XyZ--";
        assert_eq!(fields(&body, "XyZ").unwrap(), vec![], "{headers}");
    }
}

#[test]
fn parameters_are_read_as_written() {
    let cases = [
        (
            "form-data; filename=\"b.txt\"; name=\"a\"",
            file("a", "b.txt", "v"),
        ),
        ("form-data; xname=\"z\"; name=\"a\"", field("a", "v")),
        ("form-data; name=\"a;b\"", field("a;b", "v")),
        ("form-data; name=\"q\\\"uote\"", field("q\\\"uote", "v")),
        (
            "form-data; name=\"a\"; filename=\"a%22b.txt\"",
            file("a", "a%22b.txt", "v"),
        ),
        (
            "form-data; name=\"é\"; filename=\"ü.txt\"",
            file("é", "ü.txt", "v"),
        ),
        // An unquoted value runs to the end of the line.
        (
            "form-data; name=bare; filename=x.txt",
            field("bare; filename=x.txt", "v"),
        ),
        (
            "form-data; NAME=bare; filename=\"\"",
            field("bare; filename=", "v"),
        ),
        (
            "form-data; name=\"a\"; filename*=UTF-8''b.txt",
            field("a", "v"),
        ),
    ];
    for (value, expected) in cases {
        let body = part(&format!("Content-Disposition: {value}"), "v") + "--XyZ--";
        assert_eq!(fields(&body, "XyZ").unwrap(), vec![expected], "{value}");
    }
}

#[test]
fn binary_values_are_kept_byte_for_byte() {
    let mut body =
        b"--B\r\nContent-Disposition: form-data; name=\"b\"; filename=\"b.bin\"\r\n\r\n".to_vec();
    let value = [0u8, 255, 13, 10, 45, 45, 88];
    body.extend_from_slice(&value);
    body.extend_from_slice(b"\r\n--B--\r\n");
    let parts = parse(&body, "B").unwrap();
    assert_eq!(&body[parts[0].start..parts[0].end], value);
}

#[test]
fn bodies_that_end_early_fail_with_buns_words() {
    assert_eq!(fields("", "XyZ"), Err(MISSING_FINAL_BOUNDARY));
    let unclosed = part("Content-Disposition: form-data; name=\"a\"", "one");
    assert_eq!(fields(&unclosed, "XyZ"), Err(MISSING_FINAL_BOUNDARY));
    assert_eq!(
        fields(&(unclosed.clone() + "--XyZ--"), "other"),
        Err(MISSING_FINAL_BOUNDARY)
    );
    let headless = "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\nv\r\n--XyZ--";
    assert_eq!(fields(headless, "XyZ"), Err(MISSING_HEADER_END));
}
