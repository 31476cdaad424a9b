//! TypeScript to JavaScript, before boa parses a module.
//!
//! Owns the choice of swc mode: strip-only first, because it replaces type
//! syntax with spaces and so keeps every line and column of the author's file
//! (boa's error positions and `e.stack` then point at the TS source). Only when
//! a file uses syntax that needs code generation (enums, namespaces, parameter
//! properties) does it fall back to swc's transform mode, whose positions move
//! (no source map is applied to those files). Names imported without `type`
//! that are only types are found with the transform pass and blanked in the
//! strip-only output, so those files keep their positions too.
//! It does not parse JavaScript or resolve imports; see `loader.rs`.

use std::io::Write;
use std::path::Path;
use std::sync::{Arc, Mutex};

use swc_common::errors::Handler;
use swc_common::sync::Lrc;
use swc_common::{GLOBALS, Globals, SourceMap};
use swc_ts_fast_strip::{Options, operate};

use crate::transpile_cache::TranspileCache;

/// Returns true for files that go through swc (by extension).
pub(crate) fn is_typescript(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("ts" | "mts" | "cts" | "tsx")
    )
}

/// Strips the types of one TypeScript module, returning JavaScript; through
/// `cache` when there is one.
///
/// The error is a readable multi-line message naming the file and positions.
pub(crate) fn strip_types(
    path: &Path,
    source: String,
    cache: Option<&TranspileCache>,
) -> Result<String, String> {
    strip_through(cache, path, source, true)
}

/// The same for a CommonJS file (`.cts`), which is parsed as a script.
pub(crate) fn strip_types_script(
    path: &Path,
    source: String,
    cache: Option<&TranspileCache>,
) -> Result<String, String> {
    strip_through(cache, path, source, false)
}

fn strip_through(
    cache: Option<&TranspileCache>,
    path: &Path,
    source: String,
    module: bool,
) -> Result<String, String> {
    match cache {
        Some(cache) => cache.get_or_strip(source, module, |source| strip(path, source, module)),
        None => strip(path, source, module),
    }
}

fn strip(path: &Path, source: String, module: bool) -> Result<String, String> {
    match run(path, source.clone(), "strip-only", module) {
        Ok(code) if module && !import_specifiers(&code).is_empty() => {
            // Strip-only keeps `import { Shape } from './types'` when Shape is
            // an interface imported without `type`, and linking would fail on
            // it. Transform mode knows which names are only types and drops
            // them; blank those same names in the strip-only output, which
            // keeps every position.
            let Ok(transformed) = run(path, source, "transform", module) else {
                return Ok(code);
            };
            let kept: Vec<String> = import_specifiers(&transformed)
                .into_iter()
                .map(|(name, _)| name)
                .collect();
            // Same count: nothing was elided (or swc renamed a binding, and
            // then the names cannot be compared); keep the strip-only output.
            if kept.len() >= import_specifiers(&code).len() {
                return Ok(code);
            }
            Ok(blank_specifiers(code, &kept))
        }
        Ok(code) => Ok(code),
        Err(strip_error) if strip_error.contains("not supported in strip-only mode") => {
            // Needs real code generation; positions shift but the module runs.
            run(path, source, "transform", module)
        }
        Err(error) => Err(error),
    }
}

fn run(path: &Path, source: String, mode: &str, module: bool) -> Result<String, String> {
    // Built from JSON so that this crate does not depend on swc's parser and
    // transform crates only to name their config types.
    let options: Options = serde_json::from_value(serde_json::json!({
        "module": module,
        "filename": path.display().to_string(),
        "mode": mode,
        "transform": { "nativeClassProperties": true },
    }))
    .map_err(|e| format!("internal error configuring swc: {e}"))?;
    let diagnostics = SharedBuffer::default();
    let cm: Lrc<SourceMap> = Default::default();
    let handler = Handler::with_emitter_writer(Box::new(diagnostics.clone()), Some(cm.clone()));
    let result = GLOBALS.set(&Globals::new(), || operate(&cm, &handler, source, options));
    match result {
        Ok(output) => Ok(output.code),
        Err(error) => {
            let text = diagnostics.text();
            if text.trim().is_empty() {
                Err(format!("{}: {}", path.display(), error.message))
            } else {
                Err(text.trim_end().to_string())
            }
        }
    }
}

/// Each name bound by an `import { a, b as c } from …` clause, with the byte
/// range of its specifier (between the braces and commas).
fn import_specifiers(code: &str) -> Vec<(String, std::ops::Range<usize>)> {
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(offset) = code[at..].find("import") {
        at += offset + "import".len();
        let Some(open) = code[at..].find('{').map(|i| at + i) else {
            break;
        };
        let head_is_import = code[at..open]
            .chars()
            .all(|c| c.is_alphanumeric() || "_$, \n\t\r".contains(c));
        let Some(close) = code[open..].find('}').map(|i| open + i) else {
            break;
        };
        if !head_is_import || !code[close + 1..].trim_start().starts_with("from") {
            continue;
        }
        let mut start = open + 1;
        for part in code[open + 1..close].split(',') {
            let local = part.split(" as ").last().unwrap_or("").trim();
            if !local.is_empty() && !local.starts_with("type ") {
                found.push((local.to_string(), start..start + part.len()));
            }
            start += part.len() + 1;
        }
        at = close;
    }
    found
}

/// Replaces with spaces each imported specifier not in `kept` (and the comma
/// after it), so that lines and columns stay where they were.
fn blank_specifiers(code: String, kept: &[String]) -> String {
    let mut bytes = code.into_bytes();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    for (name, range) in import_specifiers(&text) {
        if kept.contains(&name) {
            continue;
        }
        let end = if bytes.get(range.end) == Some(&b',') {
            range.end + 1
        } else {
            range.end
        };
        for byte in &mut bytes[range.start..end] {
            if *byte != b'\n' {
                *byte = b' ';
            }
        }
    }
    // Only ASCII bytes inside an import clause were replaced by spaces, and
    // the input was UTF-8, so this cannot fail; keep the text if it somehow does.
    String::from_utf8(bytes).unwrap_or(text)
}

/// A `Write` the swc handler can own (it must be `Send`) while we keep a handle.
#[derive(Clone, Default)]
struct SharedBuffer(Arc<Mutex<Vec<u8>>>);

impl SharedBuffer {
    fn text(&self) -> String {
        let bytes = self.0.lock().map(|b| b.clone()).unwrap_or_default();
        String::from_utf8_lossy(&bytes).into_owned()
    }
}

impl Write for SharedBuffer {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if let Ok(mut inner) = self.0.lock() {
            inner.extend_from_slice(buf);
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strip_only_keeps_positions() {
        let src = "const a: number = 1;\nexport default { n: a as number };\n".to_string();
        let out = strip_types(Path::new("a.ts"), src.clone(), None).unwrap();
        assert_eq!(out.len(), src.len());
        assert_eq!(out.lines().count(), src.lines().count());
        assert!(!out.contains("number"));
    }

    #[test]
    fn enum_falls_back_to_transform() {
        let src = "enum Color { Red, Green }\nexport default Color.Green;\n".to_string();
        let out = strip_types(Path::new("e.ts"), src, None).unwrap();
        assert!(!out.contains("enum"), "{out}");
    }

    #[test]
    fn an_interface_imported_without_type_is_blanked_in_place() {
        let src =
            "import { Shape, area } from './shapes.ts';\nexport default (s: Shape) => area(s);\n"
                .to_string();
        let out = strip_types(Path::new("t.ts"), src.clone(), None).unwrap();
        assert_eq!(out.len(), src.len());
        assert!(
            out.starts_with("import {        area } from './shapes.ts';\n"),
            "{out}"
        );
    }

    #[test]
    fn import_specifiers_reads_named_import_clauses() {
        let code = "import a, { b, c as d } from 'x';\nimport * as ns from 'y';\nimport {e} from \"z\";\nconst s = 'import { no } nothing';";
        let names: Vec<String> = import_specifiers(code)
            .into_iter()
            .map(|(n, _)| n)
            .collect();
        assert_eq!(names, vec!["b", "d", "e"]);
    }

    #[test]
    fn blanking_keeps_the_clause_valid() {
        let code = "import {\n  A,\n  b,\n  C\n} from 'x';".to_string();
        assert_eq!(
            blank_specifiers(code, &["b".into()]),
            "import {\n    \n  b,\n   \n} from 'x';"
        );
    }

    #[test]
    fn syntax_error_names_the_file() {
        let err = strip_types(Path::new("bad.ts"), "let x: = ;".to_string(), None).unwrap_err();
        assert!(err.contains("bad.ts"), "{err}");
    }
}
