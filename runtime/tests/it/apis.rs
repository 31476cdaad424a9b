//! One fixture tool per API family; each calls the real API and the test
//! checks what it saw.

use crate::common::*;
use serde_json::json;

#[test]
fn node_fs_reads_writes_and_lists_in_a_tempdir() {
    on_big_stack(|| {
        let dir = tempfile::tempdir().unwrap();
        let mut host = load_fixture("fs", test_limits());
        let out = call_json(&mut host, "fs", json!({ "dir": dir.path() }));
        assert_eq!(out["text"], "hello world");
        assert_eq!(out["isBuffer"], true);
        assert_eq!(out["length"], 11);
        assert_eq!(out["size"], 11);
        assert_eq!(out["isFile"], true);
        assert_eq!(out["renamed"], true);
        assert_eq!(out["sync"], json!({ "ok": true }));
        assert_eq!(out["log"], "one\ntwo\n");
        assert_eq!(
            out["listing"],
            json!(["a:dir", "log.txt:file", "sync.json:file"])
        );
        assert_eq!(
            out["recursive"],
            json!(["a", "a/b", "a/b/y.txt", "log.txt", "sync.json"])
        );
        assert_eq!(out["missing"], "ENOENT");
        assert_eq!(out["missingSync"], "ENOENT");
        assert_eq!(out["statSyncDir"], true);
        assert_eq!(out["after"], json!(["log.txt", "made"]));
        assert_eq!(out["callback"], "one\ntwo\n");
    });
}

/// Tools test `err.code`: an error the OS names keeps its name and number.
#[test]
fn node_fs_errors_carry_the_os_error_code() {
    on_big_stack(|| {
        let dir = tempfile::tempdir().unwrap();
        let looped = dir.path().join("loop");
        std::os::unix::fs::symlink(&looped, &looped).unwrap();
        // 40 on Linux, 62 on macOS: whatever this OS says for the same open.
        let errno = std::fs::File::open(&looped)
            .unwrap_err()
            .raw_os_error()
            .unwrap();
        let mut host = load_fixture("fs", test_limits());
        let out = call_json(
            &mut host,
            "fs",
            json!({ "dir": dir.path(), "loop": looped }),
        );
        assert_eq!(
            out,
            json!({
                "code": "ELOOP",
                "errno": -errno,
                "syscall": "open",
                "message": format!("ELOOP: too many symbolic links encountered, open '{}'", looped.display()),
            })
        );
    });
}

#[test]
fn child_process_runs_real_commands() {
    on_big_stack(|| {
        let mut host = load_fixture("child_process", test_limits());
        let out = call_json(&mut host, "child_process", json!({}));
        assert_eq!(out["a"], json!({ "stdout": "hello\n", "stderr": "oops\n" }));
        assert_eq!(out["b"], "x-y");
        assert_eq!(out["sync"], "sync\n");
        assert_eq!(out["syncBuffer"], "buf");
        assert_eq!(out["input"], "piped in");
        assert_eq!(out["spawnSync"], json!({ "status": 3, "stdout": "out\n" }));
        assert_eq!(out["spawned"], json!({ "out": "streamed\n", "code": 2 }));
        assert_eq!(out["failed"]["code"], 5);
        assert_eq!(out["syncFailed"], json!({ "status": 7, "stderr": "bad\n" }));
        assert_eq!(out["aborted"], json!({ "result": "failed", "fast": true }));
        assert_eq!(out["cwdIsProject"], true);
        assert_eq!(out["env"], "from-env");
    });
}

#[test]
fn bun_shell_spawn_file_write_env_which() {
    on_big_stack(|| {
        let dir = tempfile::tempdir().unwrap();
        let real_dir = dir.path().canonicalize().unwrap();
        let mut host = load_fixture("bun", test_limits());
        let result = host.call("bun", &json!({ "dir": real_dir }).to_string(), ctx());
        let runtime::CallOutcome::Ok(text) = &result.outcome else {
            panic!("{:?}", result.outcome)
        };
        let out: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(out["echoed"], "it's; rm -rf / $(whoami) `id`");
        assert_eq!(out["json"], json!({ "a": [1, 2] }));
        assert_eq!(
            out["quiet"],
            json!({ "exitCode": 0, "stdout": "quiet-output" })
        );
        assert_eq!(
            out["failing"],
            json!({ "exitCode": 4, "stderr": "err-text" })
        );
        assert_eq!(
            out["thrown"],
            json!({ "exitCode": 9, "name": "ShellError" })
        );
        assert_eq!(out["inDir"], real_dir.display().to_string());
        assert_eq!(out["many"], "a b,c,");
        assert_eq!(out["exited"], 6);
        assert_eq!(out["spawnedOut"], "spawned");
        assert_eq!(
            out["sync"],
            json!({ "exitCode": 0, "stdout": "sync", "success": true })
        );
        assert_eq!(out["written"], 14);
        assert_eq!(out["text"], "written by bun");
        assert_eq!(out["exists"], true);
        assert_eq!(out["missing"], false);
        assert_eq!(out["json2"], json!({ "k": "v" }));
        assert_eq!(out["size"], 14);
        assert_eq!(out["env"], "box-value");
        assert!(
            out["which"].as_str().unwrap().ends_with("/sh"),
            "{}",
            out["which"]
        );
        assert_eq!(out["whichMissing"], serde_json::Value::Null);
        assert_eq!(out["sameEnv"], true);
        // `.quiet()` output stays out of the console; the rest is captured there.
        assert!(
            !result
                .console
                .iter()
                .any(|l| l.text.contains("quiet-output"))
        );
    });
}

#[test]
fn fetch_against_a_local_server() {
    on_big_stack(|| {
        let base = start_server();
        let mut host = load_fixture("fetch", test_limits());
        let out = call_json(&mut host, "fetch", json!({ "base": base }));
        assert_eq!(out["json"], json!({ "ok": true, "token": "abc" }));
        assert_eq!(out["echo"]["method"], "POST");
        assert_eq!(out["echo"]["body"], r#"{"hello":"world"}"#);
        assert_eq!(out["echo"]["contentType"], "application/json");
        assert_eq!(out["bytesEcho"]["method"], "PUT");
        assert_eq!(out["bytesEcho"]["bytes"], json!([1, 2, 3, 250]));
        assert_eq!(out["binary"], json!([0, 1, 2, 255]));
        assert_eq!(
            out["redirected"],
            json!({ "status": 200, "redirected": true, "url": true })
        );
        assert_eq!(out["manual"], json!({ "status": 302, "location": "/json" }));
        assert_eq!(
            out["missing"],
            json!({ "status": 404, "ok": false, "text": "not here" })
        );
        assert_eq!(out["viaRequest"]["method"], "PATCH");
        assert_eq!(out["viaRequest"]["body"], "via request");
        assert_eq!(out["aborted"], "AbortError");
        assert_eq!(out["timedOut"], "TimeoutError");
        assert_eq!(out["refused"], "TypeError");
        assert_eq!(
            out["made"],
            json!({ "status": 201, "type": "application/json", "body": { "a": 1 } })
        );
        assert_eq!(out["contentType"], "application/json");
        assert_eq!(out["streamed"], json!({ "ok": true, "token": null }));
        assert_eq!(out["bodyIsStream"], true);
        assert_eq!(out["viaStream"], "in pieces");
    });
}

#[test]
fn process_env_has_no_secrets_and_exit_is_refused() {
    on_big_stack(|| {
        let mut host = load_fixture("process", test_limits());
        let out = call_json(&mut host, "process", json!({}));
        assert_eq!(out["boxVar"], "box-value");
        assert_eq!(out["secretInProcessEnv"], serde_json::Value::Null);
        assert_eq!(out["secretInContext"], "secret-1");
        assert_eq!(out["cwd"], fixture("process").display().to_string());
        assert_eq!(out["platform"], "linux");
        assert_eq!(out["argvIsArray"], true);
        assert!(
            out["exit"]
                .as_str()
                .unwrap()
                .contains("process.exit(1) is not allowed"),
            "{}",
            out["exit"]
        );
        assert_eq!(out["hrtime"], true);
        assert_eq!(out["nextTick"], "function");
    });
}

#[test]
fn crypto_and_buffer() {
    on_big_stack(|| {
        let mut host = load_fixture("crypto_buffer", test_limits());
        let out = call_json(&mut host, "crypto_buffer", json!({}));
        assert_eq!(out["md5"], "900150983cd24fb0d6963f7d28e17f72");
        assert_eq!(out["sha1"], "a9993e364706816aba3e25717850c26c9cd0d89d");
        assert_eq!(
            out["sha256"],
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(
            out["sha512b64"],
            "3a81oZNherrMQXNJriBBMRLm+k6JqX6iCp7u5ktV05ohkpkqJ0/BqDa6PCOj/uu9RU1EI2Q86A4qmslPpUyknw=="
        );
        assert_eq!(
            out["hmac"],
            "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8"
        );
        assert_eq!(out["randomBytes"], 16);
        assert_eq!(out["uuid"], true);
        assert_eq!(out["webUuid"], 36);
        assert_eq!(
            out["subtle"],
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(out["randomValues"], 8);
        assert_eq!(out["utf8Length"], 13);
        assert_eq!(out["byteLength"], 6);
        assert_eq!(out["base64"], "aMOpbGxvIHfDtnJsZA==");
        assert_eq!(out["fromBase64"], "héllo wörld");
        assert_eq!(out["hex"], "6869");
        assert_eq!(out["fromHex"], "hi");
        assert_eq!(out["concat"], "abcd");
        assert_eq!(out["slice"], "hwörld");
        assert_eq!(out["sameBuffer"], true);
        assert_eq!(out["btoa"], "aGVsbG8=");
        assert_eq!(out["atob"], "hello");
        assert_eq!(out["json"], r#"{"type":"Buffer","data":[1,2]}"#);
        assert_eq!(out["equals"], true);
    });
}

#[test]
fn web_globals() {
    on_big_stack(|| {
        let mut host = load_fixture("web", test_limits());
        let out = call_json(&mut host, "web", json!({}));
        assert_eq!(out["href"], "https://example.com/a/b?x=1&y=two&z=a+b#frag");
        assert_eq!(out["host"], "example.com");
        assert_eq!(out["pathname"], "/a/b");
        assert_eq!(out["x"], "1");
        assert_eq!(out["params"], "q=hello+world&n=1&n=2");
        assert_eq!(out["all"], json!(["1", "2"]));
        assert_eq!(out["encoded"], json!([226, 130, 172]));
        assert_eq!(out["decoded"], "€");
        assert_eq!(out["timeoutAborted"], true);
        assert_eq!(out["timeoutReason"], "TimeoutError");
        assert_eq!(out["anyAborted"], true);
        assert_eq!(out["anyReason"], "why");
        assert_eq!(out["heard"], 1);
        assert_eq!(out["pre"], json!([true, "done"]));
        assert_eq!(out["clone"]["a"], json!([1, { "b": 2 }]));
        assert_eq!(out["clone"]["d"], "1970-01-01T00:00:00.000Z");
        assert_eq!(out["waitedEnough"], true);
        assert_eq!(out["ticks"], 3);
        assert_eq!(out["cleared"], "cleared");
        assert_eq!(out["micro"], json!(["micro"]));
    });
}

#[test]
fn util_events_os_url_path() {
    on_big_stack(|| {
        let mut host = load_fixture("util_events", test_limits());
        let out = call_json(&mut host, "util_events", json!({}));
        assert_eq!(out["seen"], json!(["on:1", "once:1", "on:2"]));
        assert_eq!(out["later"], "value");
        assert_eq!(out["count"], 1);
        assert_eq!(out["format"], r#"cart has 3 items: {"a":1}"#);
        assert_eq!(out["inspect"], "{ a: [ 1, 2 ], s: 'x', n: null }");
        assert_eq!(out["nested"], "{ a: { b: { c: [Object] } } }");
        assert_eq!(out["promisified"], "slept");
        assert_eq!(out["tmpdir"], "string");
        assert_eq!(out["eol"], "\n");
        assert_eq!(out["platform"], "linux");
        assert_eq!(out["fileURLToPath"], "/tmp/a b.txt");
        assert_eq!(out["pathToFileURL"], "file:///tmp/a%20b.txt");
        let p = &out["path"];
        assert_eq!(p["join"], "/a/c/d.txt");
        assert_eq!(p["resolve"], "/x/z");
        assert_eq!(p["relative"], "../../d");
        assert_eq!(p["basename"], "file.tar");
        assert_eq!(p["extname"], ".ts");
        assert_eq!(p["dirname"], "/a/b");
        assert_eq!(
            p["parse"],
            json!({ "root": "/", "dir": "/home/u", "base": "file.txt", "ext": ".txt", "name": "file" })
        );
        assert_eq!(p["normalize"], "/a/c");
        assert_eq!(p["isAbsolute"], json!([true, false]));
    });
}

#[test]
fn lazily_loaded_globals_behave_like_plain_ones_on_every_call() {
    on_big_stack(|| {
        let mut host = load_fixture("lazy_globals", test_limits());
        let expected = json!({
            "constructed": [false, "2", "1", "6869", 2, true],
            "listed": true,
            "enumerableConfigurable": true,
            "sameProcess": true,
            "samePath": true,
            "sameUrl": true,
            "signal": true,
            "immediate": true,
            "url": [true, false, "{\"u\":\"https://x.test/a?q=1\"}", ["1", "2"], "file:///tmp/a%20b"],
            "streams": [true, true, true, true, "utf-8"],
            "uptime": true,
            "replacedSignal": true,
        });
        // Twice: the second call runs call sites that already ran, once the
        // globals they read are loaded.
        assert_eq!(call_json(&mut host, "lazy_globals", json!({})), expected);
        assert_eq!(call_json(&mut host, "lazy_globals", json!({})), expected);
    });
}

/// A model chooses `value`; whatever it holds, and wherever the template puts
/// it, the program receives it as literal text and nothing else runs.
#[test]
fn bun_shell_passes_hostile_values_as_literal_text() {
    const HOSTILE: &[&str] = &[
        "`touch pwned`",
        "$(touch pwned)",
        "$HOME",
        "a; touch pwned",
        "a | touch pwned",
        "a && touch pwned",
        "a\ntouch pwned",
        "it's \"quoted\"",
        "x\"; touch pwned; echo \"",
        "*",
        "~",
        "",
    ];
    on_big_stack(|| {
        let mut host = load_fixture("bun_shell", test_limits());
        for value in HOSTILE {
            let dir = tempfile::tempdir().unwrap();
            let out = call_json(
                &mut host,
                "bun_shell",
                json!({ "value": value, "dir": dir.path() }),
            );
            let glued = format!("pre-{value}-post");
            assert_eq!(
                out["spots"],
                json!({
                    "bare": [value],
                    "double": [value],
                    "single": [value],
                    "gluedBare": [glued],
                    "gluedDouble": [glued],
                    "gluedSingle": [glued],
                    "substitution": [glued],
                    "list": [value, "second"],
                    "escaped": [value],
                    "backquoted": ["`echo", format!("{value}`")],
                }),
                "value {value:?}"
            );
            assert_eq!(
                out["refused"],
                "TypeError: Bun.$: an interpolated value inside a $((…)) arithmetic expansion cannot be passed to /bin/sh as literal text"
            );
            assert_eq!(out["created"], json!([]), "value {value:?} ran a command");
        }
    });
}
