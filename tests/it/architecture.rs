//! The invariants of ARCHITECTURE.md, checked against the resolved
//! dependency graph (`cargo metadata`) and the libraries' source.
//!
//! [`PACKAGES`] is the one table: every workspace member has a line saying
//! what it must never depend on, directly or through another crate, and
//! whether it may print. A new crate needs one line here.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use cargo_metadata::{DependencyKind, Metadata, MetadataCommand, PackageId};
use syn::visit::Visit;

struct Rule {
    package: &'static str,
    /// Crates it must never reach through normal dependencies. A name also
    /// covers its family: `boa` forbids `boa_engine`, `tokio` `tokio-util`.
    never: &'static [&'static str],
    /// Only the binary (and the workspace's own chores) may write to stdout
    /// or stderr; a library returns values and lets its caller decide.
    prints: bool,
}

const PACKAGES: &[Rule] = &[
    Rule {
        package: "beeuni",
        never: &["xtask"],
        prints: true,
    },
    Rule {
        package: "beeuni-checker",
        never: &[
            "clap",
            "tokio",
            "boa",
            "askama",
            "beeuni-runtime",
            "beeuni-codegen",
            "xtask",
        ],
        prints: false,
    },
    Rule {
        package: "beeuni-codegen",
        never: &["tokio", "boa", "clap", "beeuni-runtime", "xtask"],
        prints: false,
    },
    Rule {
        package: "beeuni-runtime",
        // No HTTP server in the boa host: that is the daemon's (reqwest, for
        // `fetch`, brings hyper's client, so hyper itself is allowed).
        never: &[
            "askama",
            "clap",
            "beeuni-codegen",
            "beeuni-daemon",
            "axum",
            "xtask",
        ],
        prints: false,
    },
    Rule {
        package: "beeuni-daemon",
        never: &["askama", "clap", "beeuni-codegen", "xtask"],
        prints: false,
    },
    Rule {
        package: "xtask",
        never: &[],
        prints: true,
    },
    Rule {
        package: "beeuni-test-support",
        // It only shares helpers between tests (and the faults bench); it
        // prints one thing, a test's skip, past the harness's capture.
        never: &[],
        prints: true,
    },
];

fn metadata() -> &'static Metadata {
    static METADATA: OnceLock<Metadata> = OnceLock::new();
    METADATA.get_or_init(|| {
        MetadataCommand::new()
            .manifest_path(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"))
            .exec()
            .expect("cargo metadata runs on the workspace")
    })
}

fn rule(package: &str) -> Option<&'static Rule> {
    PACKAGES.iter().find(|r| r.package == package)
}

#[test]
fn every_workspace_crate_has_a_line_in_the_table() {
    let metadata = metadata();
    let members: BTreeSet<String> = metadata
        .workspace_packages()
        .iter()
        .map(|p| p.name.to_string())
        .collect();
    let listed: BTreeSet<String> = PACKAGES.iter().map(|r| r.package.to_string()).collect();
    assert_eq!(
        members, listed,
        "tests/it/architecture.rs lists each workspace crate once (add the new one to PACKAGES)"
    );
}

/// A dependency's version is written once, in the root's
/// `[workspace.dependencies]`; each crate names it with `workspace = true`
/// and adds only its own features, so two crates cannot drift apart.
#[test]
fn every_dependency_version_is_declared_once_for_the_workspace() {
    let mut written_here = Vec::new();
    for package in metadata().workspace_packages() {
        let manifest = std::fs::read_to_string(&package.manifest_path).unwrap();
        let mut section = "";
        for (index, line) in manifest.lines().enumerate() {
            let line = line.trim();
            if line.starts_with('[') {
                section = line;
                continue;
            }
            let in_dependencies = matches!(
                section,
                "[dependencies]" | "[dev-dependencies]" | "[build-dependencies]"
            );
            if !in_dependencies || line.is_empty() || line.starts_with('#') {
                continue;
            }
            if !line.contains("workspace = true") && !line.contains(".workspace = true") {
                written_here.push(format!("{}:{}: {line}", package.manifest_path, index + 1));
            }
        }
    }
    assert!(
        written_here.is_empty(),
        "declare these in [workspace.dependencies] and use `workspace = true`:\n{}",
        written_here.join("\n")
    );
}

/// ARCHITECTURE.md's table of test files names every one there is.
#[test]
fn every_test_file_is_listed_in_the_architecture() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let architecture = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let mut unlisted = Vec::new();
    for dir in [
        "tests",
        "tests/it",
        "checker/tests",
        "codegen/tests",
        "codegen/tests/it",
        "daemon/tests",
        "runtime/tests",
        "runtime/tests/it",
    ] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "rs") {
                let name = format!("{dir}/{}", path.file_name().unwrap().to_string_lossy());
                if !architecture.contains(&format!("| `{name}` |")) {
                    unlisted.push(name);
                }
            }
        }
    }
    assert!(
        unlisted.is_empty(),
        "add these to ARCHITECTURE.md's \"Every test file\": {unlisted:?}"
    );
}

/// Names of every package `id` reaches through normal dependencies; build
/// scripts' and tests' dependencies are not part of what the crate ships.
fn reachable(metadata: &Metadata, id: &PackageId) -> BTreeSet<String> {
    let resolve = metadata.resolve.as_ref().expect("a resolved graph");
    let nodes: HashMap<&PackageId, _> = resolve.nodes.iter().map(|n| (&n.id, n)).collect();
    let names: HashMap<&PackageId, &str> = metadata
        .packages
        .iter()
        .map(|p| (&p.id, p.name.as_str()))
        .collect();
    let mut seen: BTreeSet<&PackageId> = BTreeSet::new();
    let mut stack = vec![id];
    while let Some(next) = stack.pop() {
        for dep in &nodes[next].deps {
            let normal = dep
                .dep_kinds
                .iter()
                .any(|k| k.kind == DependencyKind::Normal);
            if normal && seen.insert(&dep.pkg) {
                stack.push(&dep.pkg);
            }
        }
    }
    seen.into_iter().map(|id| names[id].to_string()).collect()
}

fn in_family(name: &str, family: &str) -> bool {
    name == family
        || name
            .strip_prefix(family)
            .is_some_and(|rest| rest.starts_with('_') || rest.starts_with('-'))
}

#[test]
fn no_crate_reaches_what_it_must_never_depend_on() {
    let metadata = metadata();
    let mut broken = Vec::new();
    for package in metadata.workspace_packages() {
        let Some(rule) = rule(&package.name) else {
            continue;
        };
        let reached = reachable(metadata, &package.id);
        assert!(
            !reached.is_empty() || rule.never.is_empty(),
            "{} has dependencies to check",
            rule.package
        );
        for name in &reached {
            if let Some(family) = rule.never.iter().find(|f| in_family(name, f)) {
                broken.push(format!("{} reaches {name} ({family})", rule.package));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "dependency invariants of ARCHITECTURE.md broken: {broken:#?}"
    );
}

#[test]
fn the_graph_is_seen_through_other_crates() {
    // The binary reaches boa only through the runtime: the check follows
    // the graph rather than reading one manifest.
    let metadata = metadata();
    let beeuni = metadata
        .workspace_packages()
        .into_iter()
        .find(|p| p.name.as_str() == "beeuni")
        .unwrap();
    let reached = reachable(metadata, &beeuni.id);
    assert!(reached.contains("boa_engine"), "{reached:?}");
    assert!(reached.contains("beeuni-checker"), "{reached:?}");
}

/// Where a library's source prints: `print!`-family and `dbg!` macros, and
/// calls of `stdout()`/`stderr()`, outside `#[cfg(test)]` and `#[test]` items.
#[derive(Default)]
struct Prints {
    found: Vec<String>,
}

const PRINT_MACROS: [&str; 5] = ["print", "println", "eprint", "eprintln", "dbg"];
const STREAMS: [&str; 2] = ["stdout", "stderr"];

fn is_test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|attr| {
        attr.path().is_ident("test")
            || (attr.path().is_ident("cfg")
                && attr
                    .meta
                    .require_list()
                    .is_ok_and(|list| list.tokens.to_string() == "test"))
    })
}

impl Prints {
    /// Macro arguments are tokens, not syntax: look for `name!` and
    /// `stdout(` in them, however deeply nested.
    fn tokens(&mut self, tokens: proc_macro2::TokenStream) {
        use proc_macro2::{Delimiter, TokenTree};
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        for (i, tree) in trees.iter().enumerate() {
            match tree {
                TokenTree::Group(group) => self.tokens(group.stream()),
                TokenTree::Ident(ident) => {
                    let name = ident.to_string();
                    let next = trees.get(i + 1);
                    let after_dot =
                        i > 0 && matches!(&trees[i - 1], TokenTree::Punct(p) if p.as_char() == '.');
                    let bang = matches!(next, Some(TokenTree::Punct(p)) if p.as_char() == '!');
                    let call = matches!(next, Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis);
                    if bang && PRINT_MACROS.contains(&name.as_str()) {
                        self.found.push(format!("{name}!"));
                    } else if call && !after_dot && STREAMS.contains(&name.as_str()) {
                        self.found.push(format!("{name}()"));
                    }
                }
                _ => {}
            }
        }
    }
}

impl<'ast> Visit<'ast> for Prints {
    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        if !is_test_only(&item.attrs) {
            syn::visit::visit_item_mod(self, item);
        }
    }

    fn visit_item_fn(&mut self, item: &'ast syn::ItemFn) {
        if !is_test_only(&item.attrs) {
            syn::visit::visit_item_fn(self, item);
        }
    }

    fn visit_item_impl(&mut self, item: &'ast syn::ItemImpl) {
        if !is_test_only(&item.attrs) {
            syn::visit::visit_item_impl(self, item);
        }
    }

    fn visit_impl_item_fn(&mut self, item: &'ast syn::ImplItemFn) {
        if !is_test_only(&item.attrs) {
            syn::visit::visit_impl_item_fn(self, item);
        }
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        if let Some(last) = mac.path.segments.last() {
            let name = last.ident.to_string();
            if PRINT_MACROS.contains(&name.as_str()) {
                self.found.push(format!("{name}!"));
            }
        }
        self.tokens(mac.tokens.clone());
    }

    fn visit_expr_call(&mut self, call: &'ast syn::ExprCall) {
        if let syn::Expr::Path(path) = &*call.func
            && let Some(last) = path.path.segments.last()
            && STREAMS.contains(&last.ident.to_string().as_str())
        {
            self.found.push(format!("{}()", last.ident));
        }
        syn::visit::visit_expr_call(self, call);
    }
}

fn prints_in(source: &str) -> Vec<String> {
    let file = syn::parse_file(source).expect("the source parses");
    let mut prints = Prints::default();
    prints.visit_file(&file);
    prints.found
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn only_the_binary_and_xtask_print() {
    let metadata = metadata();
    let mut scanned = 0;
    let mut found = Vec::new();
    for package in metadata.workspace_packages() {
        if rule(&package.name).is_none_or(|r| r.prints) {
            continue;
        }
        for target in package.targets.iter().filter(|t| t.is_lib()) {
            let src = target.src_path.parent().unwrap();
            let mut files = Vec::new();
            rust_files(src.as_std_path(), &mut files);
            for file in files {
                let source = std::fs::read_to_string(&file).unwrap();
                scanned += 1;
                for what in prints_in(&source) {
                    found.push(format!("{}: {what}", file.display()));
                }
            }
        }
    }
    assert!(scanned > 50, "only {scanned} library files found");
    assert!(found.is_empty(), "libraries that print: {found:#?}");
}

#[test]
fn the_print_scan_sees_prints_and_skips_tests() {
    let source = r#"
        fn a() { println!("x"); }
        fn b() { let _ = format!("{}", std::dbg!(1)); }
        fn c() { use std::io::Write; let _ = writeln!(std::io::stderr(), "x"); }
        fn d() { let _ = std::io::stdout(); }
        fn e(c: &mut std::process::Command) { c.stderr(std::process::Stdio::null()); }
        #[cfg(test)]
        mod tests { fn f() { eprintln!("x"); } }
        #[test]
        fn g() { print!("x"); }
        struct S;
        impl S { #[cfg(test)] fn h() { eprint!("x"); } }
    "#;
    assert_eq!(
        prints_in(source),
        ["println!", "dbg!", "stderr()", "stdout()"]
    );
}
