//! Every hostile value in every spot of a template, run by a real `/bin/sh`
//! (and by bash, which some systems use as `/bin/sh`): the program must
//! receive exactly the literal text and nothing may run.

use std::path::Path;
use std::process::Command;

use super::{Interpolation, Refusal, render};

const HOSTILE: &[&str] = &[
    "`touch pwned`",
    "$(touch pwned)",
    "\"$(touch pwned)\"",
    "'$(touch pwned)'",
    "$HOME",
    "${HOME}",
    "$'\\n'",
    "a; touch pwned",
    "a | touch pwned",
    "a && touch pwned",
    "a || touch pwned",
    "a & touch pwned",
    "a\ntouch pwned",
    "a\n#\ntouch pwned\n",
    "x\"; touch pwned; echo \"",
    "x'; touch pwned; echo '",
    "> pwned",
    "it's",
    "say \"hi\"",
    "'\"'\"",
    "*",
    "?[a]*",
    "{a,b}",
    "~",
    "~root/x",
    "\\",
    "a\\",
    "\\$HOME",
    "#not a comment",
    "",
    " leading and trailing ",
    "a\tb",
    "-n",
    "A=b",
    "!!",
    "ünï ☃",
    "plain_word-1.2:3/4@5%6+7",
];

/// A spot in a template: the literal text around the value, and what the
/// program must receive for a value `x`.
struct Spot {
    name: &'static str,
    before: &'static str,
    after: &'static str,
    expect: fn(&str) -> Vec<String>,
}

fn one(x: &str) -> Vec<String> {
    vec![x.to_string()]
}

fn glued(x: &str) -> Vec<String> {
    vec![format!("pre-{x}-post")]
}

const SPOTS: &[Spot] = &[
    Spot {
        name: "bare",
        before: "",
        after: "",
        expect: one,
    },
    Spot {
        name: "double quotes",
        before: "\"",
        after: "\"",
        expect: one,
    },
    Spot {
        name: "single quotes",
        before: "'",
        after: "'",
        expect: one,
    },
    Spot {
        name: "glued, bare",
        before: "pre-",
        after: "-post",
        expect: glued,
    },
    Spot {
        name: "glued, double",
        before: "\"pre-",
        after: "-post\"",
        expect: glued,
    },
    Spot {
        name: "glued, single",
        before: "'pre-",
        after: "-post'",
        expect: glued,
    },
    Spot {
        name: "after a backslash",
        before: "\\",
        after: "",
        expect: |x| vec![format!("\\{x}")],
    },
    Spot {
        name: "after a backslash in double quotes",
        before: "\"\\",
        after: "\"",
        expect: |x| vec![format!("\\{x}")],
    },
    Spot {
        name: "after a dollar",
        before: "$",
        after: "",
        expect: |x| vec![format!("${x}")],
    },
    Spot {
        name: "after a dollar in double quotes",
        before: "\"$",
        after: "\"",
        expect: |x| vec![format!("${x}")],
    },
    Spot {
        name: "inside $(…) in double quotes",
        before: "\"$(printf '%s' pre-",
        after: "-post)\"",
        expect: glued,
    },
    Spot {
        name: "double quotes inside $(…) inside double quotes",
        before: "\"$(printf '%s' \"pre-",
        after: "-post\")\"",
        expect: glued,
    },
    Spot {
        name: "after a comment sign",
        before: "kept #",
        after: "",
        expect: |_| vec!["kept".to_string()],
    },
];

fn shells() -> Vec<&'static str> {
    let mut shells = vec!["/bin/sh"];
    if Path::new("/bin/bash").exists() {
        shells.push("/bin/bash");
    }
    shells
}

/// Runs the rendered line with `printf '%s\0'` in front, in an empty
/// folder, and returns the arguments printf received and whether anything
/// was created in the folder.
fn run(shell: &str, line: &str) -> (Vec<String>, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let output = Command::new(shell)
        .arg("-c")
        .arg(format!("printf '%s\\0' {line}"))
        .current_dir(dir.path())
        .env("HOME", "/home-of-the-test")
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{shell} failed on {line:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut args: Vec<String> = String::from_utf8(output.stdout)
        .unwrap()
        .split('\0')
        .map(str::to_string)
        .collect();
    assert_eq!(args.pop().as_deref(), Some(""), "printf ends with a NUL");
    let created = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    (args, created)
}

fn text(x: &str) -> Interpolation {
    Interpolation::Text(x.to_string())
}

fn template(before: &str, after: &str) -> Vec<String> {
    vec![before.to_string(), after.to_string()]
}

#[test]
fn hostile_values_reach_the_program_as_literal_text_in_every_spot() {
    for shell in shells() {
        for spot in SPOTS {
            for &value in HOSTILE {
                let line = render(&template(spot.before, spot.after), &[text(value)]).unwrap();
                let (args, created) = run(shell, &line);
                let expected = (spot.expect)(value);
                assert_eq!(
                    args, expected,
                    "{shell}, {}: value {value:?} rendered as {line:?}",
                    spot.name
                );
                assert!(
                    created.is_empty(),
                    "{shell}, {}: value {value:?} ran a command ({line:?})",
                    spot.name
                );
            }
        }
    }
}

#[test]
fn arrays_are_one_word_per_element_bare_and_one_word_in_quotes() {
    let words = Interpolation::Words(vec!["a b".into(), "$(touch pwned)".into(), "".into()]);
    for shell in shells() {
        let bare = render(&template("", ""), std::slice::from_ref(&words)).unwrap();
        assert_eq!(
            run(shell, &bare),
            (
                vec!["a b".into(), "$(touch pwned)".into(), "".into()],
                vec![]
            )
        );
        let quoted = render(&template("\"", "\""), std::slice::from_ref(&words)).unwrap();
        assert_eq!(
            run(shell, &quoted),
            (vec!["a b $(touch pwned) ".into()], vec![])
        );
    }
    let empty = render(&template("x ", " y"), &[Interpolation::Words(vec![])]).unwrap();
    assert_eq!(empty, "x  y");
}

#[test]
fn two_values_glued_together_make_one_word() {
    let parts = vec!["".to_string(), "".to_string(), "".to_string()];
    let line = render(&parts, &[text("a b"), text("'c'")]).unwrap();
    assert_eq!(run("/bin/sh", &line).0, vec!["a b'c'".to_string()]);
}

#[test]
fn raw_values_are_shell_syntax_on_purpose() {
    let line = render(
        &template("a ", " b"),
        &[Interpolation::Raw("\"x y\" 'z'".into())],
    )
    .unwrap();
    assert_eq!(line, "a \"x y\" 'z' b");
    // A raw quote changes the state the next value is written in.
    let parts = vec!["".to_string(), "".to_string(), "\"".to_string()];
    let line = render(
        &parts,
        &[Interpolation::Raw("\"".into()), text("$(touch pwned)")],
    )
    .unwrap();
    assert_eq!(
        run("/bin/sh", &line),
        (vec!["$(touch pwned)".into()], vec![])
    );
}

#[test]
fn plain_values_are_written_as_they_are() {
    assert_eq!(
        render(&template("rg \"", "\" src"), &[text("needle")]).unwrap(),
        "rg \"needle\" src"
    );
    assert_eq!(
        render(&template("ls ", ""), &[text("src/main.rs")]).unwrap(),
        "ls src/main.rs"
    );
    assert_eq!(
        render(&template("x ", ""), &[text("A=b")]).unwrap(),
        "x 'A=b'"
    );
}

#[test]
fn spots_sh_would_parse_again_are_refused() {
    let cases = [
        ("echo `echo ", "`", Refusal::Backquotes),
        ("echo \"`echo ", "`\"", Refusal::Backquotes),
        ("echo ${HOME:-", "}", Refusal::ParameterExpansion),
        ("echo \"${HOME:-", "}\"", Refusal::ParameterExpansion),
        ("echo $((1 + ", "))", Refusal::Arithmetic),
        ("echo $(( (1) + ", "))", Refusal::Arithmetic),
        ("cat <<EOF\n", "\nEOF", Refusal::HereDocument),
    ];
    for (before, after, refusal) in cases {
        assert_eq!(
            render(&template(before, after), &[text("1")]),
            Err(refusal),
            "{before:?}"
        );
    }
}

#[test]
fn spots_after_a_closed_construct_are_ordinary_again() {
    let cases = [
        ("`echo a` ", ""),
        ("${HOME+} ", ""),
        ("$((1 + (2))) ", ""),
        ("'#' \"#\" a#b $# ", ""),
    ];
    for (before, after) in cases {
        let line = render(&template(before, after), &[text("$(touch pwned)")]).unwrap();
        let (args, created) = run("/bin/sh", &line);
        assert_eq!(
            args.last().map(String::as_str),
            Some("$(touch pwned)"),
            "{line:?}"
        );
        assert!(created.is_empty(), "{line:?}");
    }
}

#[test]
fn a_value_in_a_comment_is_dropped_even_with_a_newline() {
    let line = render(&template("true #", "\n"), &[text("\ntouch pwned")]).unwrap();
    assert_eq!(line, "true #\n");
}
