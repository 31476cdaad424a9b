//! What the model reads for each kind of result and error, and the output
//! size limits.

use crate::common::*;
use runtime::{CallOutcome, Host};

fn call(host: &mut Host, mode: &str) -> CallOutcome {
    host.call(
        "outputs",
        &serde_json::json!({ "mode": mode }).to_string(),
        ctx(),
    )
    .outcome
}

/// The spill line at the end of a limited output: (full size in bytes, path).
fn spill_line(text: &str) -> (usize, std::path::PathBuf) {
    let last = text.lines().last().unwrap();
    let rest = last
        .strip_prefix("[output truncated: ")
        .unwrap_or_else(|| panic!("no spill line: {last}"));
    let (size, rest) = rest.split_once(" bytes, ").unwrap();
    let path = rest
        .split_once(" in full at ")
        .unwrap()
        .1
        .trim_end_matches(']');
    (size.parse().unwrap(), path.into())
}

#[test]
fn results_become_text() {
    on_big_stack(|| {
        let mut host = load_fixture("outputs", test_limits());
        assert_eq!(
            call(&mut host, "string"),
            CallOutcome::Ok("plain text".into())
        );
        assert_eq!(
            call(&mut host, "object"),
            CallOutcome::Ok("{\n  \"a\": 1,\n  \"list\": [\n    true,\n    null\n  ],\n  \"nested\": {\n    \"s\": \"x\"\n  }\n}".into())
        );
        assert_eq!(call(&mut host, "undefined"), CallOutcome::Ok(String::new()));
        assert_eq!(call(&mut host, "number"), CallOutcome::Ok("42".into()));
        assert_eq!(
            call(&mut host, "dated"),
            CallOutcome::Ok("{\n  \"at\": \"1970-01-01T00:00:00.000Z\",\n  \"tags\": {},\n  \"lazy\": \"got\",\n  \"money\": \"1.00 EUR\",\n  \"list\": [\n    1,\n    null,\n    3\n  ]\n}".into())
        );
        let CallOutcome::ToolError(cyclic) = call(&mut host, "cyclic") else {
            panic!()
        };
        assert!(
            cyclic.starts_with("the tool's result cannot be converted to JSON: "),
            "{cyclic}"
        );
    });
}

/// One accessor pair serves every call's `context.signal`, finding the
/// call through `this`: it must read as an own property made per call.
#[test]
fn the_call_context_reads_as_a_plain_object_with_its_own_signal() {
    on_big_stack(|| {
        let mut host = load_fixture("outputs", test_limits());
        for _ in 0..2 {
            let CallOutcome::Ok(text) = call(&mut host, "context") else {
                panic!("the context call failed")
            };
            let seen: serde_json::Value = serde_json::from_str(&text).unwrap();
            assert_eq!(
                seen,
                serde_json::json!({
                    "keys": ["sessionId", "agent", "directory", "env", "signal"],
                    "signal": true,
                    "spread": true,
                    "accessor": ["function", true, true],
                    "inherited": true,
                    "replaced": "replaced",
                })
            );
        }
    });
}

#[test]
fn thrown_values_become_the_error_message() {
    on_big_stack(|| {
        let mut host = load_fixture("outputs", test_limits());
        assert_eq!(
            call(&mut host, "error"),
            CallOutcome::ToolError("the order service is down".into())
        );
        assert_eq!(
            call(&mut host, "string-throw"),
            CallOutcome::ToolError("just a string".into())
        );
        assert_eq!(
            call(&mut host, "object-throw"),
            CallOutcome::ToolError(r#"{"code":42}"#.into())
        );
        assert_eq!(
            call(&mut host, "rejected"),
            CallOutcome::ToolError("out of range".into())
        );
        let CallOutcome::ToolError(type_error) = call(&mut host, "type-error") else {
            panic!()
        };
        assert!(type_error.contains("null"), "{type_error}");
    });
}

/// An error thrown in an fs or child_process callback or a stream's
/// listener, and a rejection nobody handles, fail the call with their
/// message (Bun's process dies of them) instead of a call that never
/// settles; the next call on the host runs as usual.
#[test]
fn errors_nothing_can_catch_fail_the_call_with_their_message() {
    on_big_stack(|| {
        let mut host = load_fixture("outputs", test_limits());
        for (mode, message) in [
            ("fs-callback", "thrown in an fs callback"),
            ("exec-callback", "thrown in an exec callback"),
            ("data-listener", "thrown in a data listener"),
            ("unhandled-rejection", "rejected, never handled"),
        ] {
            assert_eq!(
                call(&mut host, mode),
                CallOutcome::ToolError(message.into()),
                "{mode}"
            );
        }
        assert_eq!(
            call(&mut host, "string"),
            CallOutcome::Ok("plain text".into())
        );
    });
}

#[test]
fn a_3_mb_output_is_spilled_whole_to_a_file() {
    on_big_stack(|| {
        let mut host = load_fixture("outputs", test_limits());
        let outcome = call(&mut host, "big");
        let CallOutcome::Ok(text) = outcome else {
            panic!("{outcome:?}")
        };
        assert!(text.len() <= 50 * 1024, "returned {} bytes", text.len());
        let (size, path) = spill_line(&text);
        assert_eq!(size, 3 * 1024 * 1024);
        let saved = std::fs::read_to_string(&path).unwrap();
        assert_eq!(saved.len(), 3 * 1024 * 1024);
        assert!(saved.bytes().all(|b| b == b'x'));
        assert!(text.starts_with("xxxx"));
        assert!(path.starts_with(std::env::temp_dir()));
        std::fs::remove_file(path).unwrap();
    });
}

#[test]
fn five_thousand_lines_are_spilled() {
    on_big_stack(|| {
        let mut host = load_fixture("outputs", test_limits());
        let CallOutcome::Ok(text) = call(&mut host, "lines") else {
            panic!()
        };
        assert!(
            text.lines().count() <= 2000,
            "{} lines",
            text.lines().count()
        );
        assert!(text.starts_with("line 0\nline 1\n"));
        let (_, path) = spill_line(&text);
        let saved = std::fs::read_to_string(&path).unwrap();
        assert_eq!(saved.lines().count(), 5000);
        assert_eq!(saved.lines().last(), Some("line 4999"));
        std::fs::remove_file(path).unwrap();
    });
}

#[test]
fn bad_arguments_and_unknown_tools_are_errors() {
    on_big_stack(|| {
        let mut host = load_fixture("outputs", test_limits());
        let CallOutcome::ToolError(message) = host.call("outputs", "{not json", ctx()).outcome
        else {
            panic!()
        };
        assert!(
            message.starts_with("the arguments are not valid JSON"),
            "{message}"
        );
        assert_eq!(
            host.call("nope", "{}", ctx()).outcome,
            CallOutcome::ToolError("no tool named nope is loaded".into())
        );
    });
}

/// The arguments a tool receives are what its own `JSON.parse` would build
/// from the same text: numbers at the edges of their range, `-0`, integer
/// keys (which JavaScript orders first), `__proto__` as a plain key, a
/// repeated key (the last wins, in the first one's place), escapes.
#[test]
fn arguments_are_built_as_json_parse_builds_them() {
    const TEXTS: &[&str] = &[
        r#"-0"#,
        r#"[0.1, 1e-7, 5e-324, 2.2250738585072011e-308, 1.7976931348623157e308, 9007199254740993, 12345678901234567890, 123456789012345678901234567890, -2147483649, 2147483648, 1.0, 1E3]"#,
        r#"{"b": 1, "2": "two", "a": [], "1": "one", "4294967295": "not an index", "-1": "text key"}"#,
        r#"{"__proto__": {"polluted": true}, "constructor": null}"#,
        r#"{"k": 1, "other": 2, "k": 3}"#,
        r#"{"s": "line\nbreak \u00e9 \ud83d\ude00 \u0000 \"q\" \/", "t": true, "f": false, "n": null}"#,
        r#"[[[[[[[[[[{"deep": [1, {"x": []}]}]]]]]]]]]]"#,
    ];
    on_big_stack(|| {
        let mut host = load_fixture("args", test_limits());
        for text in TEXTS {
            let parsed: serde_json::Value = serde_json::from_str(text).unwrap();
            let args = serde_json::json!({ "raw": text, "parsed": "PARSED" })
                .to_string()
                .replace(r#""PARSED""#, text);
            let out = host.call("args", &args, ctx()).outcome;
            assert_eq!(out, CallOutcome::Ok(String::new()), "{text} ({parsed})");
        }
        // The comparison sees what a wrong build would change.
        let differing = host.call(
            "args",
            r#"{"raw": "{\"a\": -0, \"b\": [1]}", "parsed": {"a": 0, "b": [1.5]}}"#,
            ctx(),
        );
        assert_eq!(
            differing.outcome,
            CallOutcome::Ok(
                "parsed.a: 0 is not -0\nparsed.b.0: 1.5 is not 1\nrevived.a: 0 is not -0\nrevived.b.0: 1.5 is not 1".into()
            )
        );
        // Texts JSON.parse refuses, refused with the engine's own words.
        let refused = host.call(
            "args",
            &serde_json::json!({
                "raw": "1",
                "parsed": 1,
                "refused": ["{not json", "[1,]", "\"\\ud800\"", "", "1e400"],
            })
            .to_string(),
            ctx(),
        );
        assert_eq!(
            refused.outcome,
            CallOutcome::Ok(
                [
                    "SyntaxError: key must be a string at line 1 column 2",
                    "SyntaxError: trailing comma at line 1 column 4",
                    "SyntaxError: unexpected end of hex escape at line 1 column 8",
                    "SyntaxError: EOF while parsing a value at line 1 column 0",
                    "SyntaxError: number out of range at line 1 column 5",
                ]
                .join("\n")
            )
        );
    });
}

#[test]
fn console_is_captured_per_call() {
    on_big_stack(|| {
        let mut host = load_fixture("basic", test_limits());
        let first = host.call("basic", r#"{"name":"A"}"#, ctx());
        let second = host.call("basic", r#"{"name":"B"}"#, ctx());
        let texts =
            |r: &runtime::CallResult| r.console.iter().map(|l| l.text.clone()).collect::<Vec<_>>();
        assert_eq!(texts(&first), vec!["greeting A { n: 1 }"]);
        assert_eq!(texts(&second), vec!["greeting B { n: 1 }"]);
    });
}

#[test]
fn a_console_flood_is_capped_with_a_note() {
    on_big_stack(|| {
        let mut host = load_fixture("outputs", test_limits());
        let result = host.call("outputs", r#"{"mode":"flood"}"#, ctx());
        assert_eq!(result.outcome, CallOutcome::Ok("flooded".into()));
        assert_eq!(result.console.len(), 10_001);
        assert_eq!(
            result.console.last().unwrap().text,
            "[500 more console lines were dropped: at most 10000 are kept per call]"
        );
        let next = host.call("outputs", r#"{"mode":"string"}"#, ctx());
        assert!(next.console.is_empty());
    });
}
