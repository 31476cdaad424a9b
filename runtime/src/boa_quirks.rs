//! Rewrites of JavaScript that Node and Bun run but boa 0.22 cannot, applied
//! to a file's text before boa parses it.
//!
//! Each rewrite is a few text edits at positions swc's parser finds, so the
//! rest of the file keeps its bytes and every line keeps its number (error
//! positions still point at the package's own lines). A file that needs no
//! rewrite is not parsed by swc at all: each rewrite has a cheap textual
//! test first, or runs only after boa refused the file.

use std::path::Path;

use checker::diagnostics::{Edit, edit};
use checker::module::parse::{Language, parse, range};
use checker::module::regex;
use swc_common::Spanned;
use swc_ecma_ast::{
    CallExpr, Callee, Class, ClassMember, Decl, DefaultDecl, Expr, FnExpr, ModuleDecl, PropName,
    Regex, Stmt, VarDecl, VarDeclKind,
};
use swc_ecma_visit::{Visit, VisitWith};

/// The rewrites tried once boa has refused a file, in turn, each over the
/// last one's result; `None` when none changes anything.
pub(crate) fn after_refusal(code: &str, path: &Path, commonjs: bool) -> Option<String> {
    let calls = async_calls(code, path, commonjs);
    let code_now = calls.as_deref().unwrap_or(code);
    let classes = unicode_sets_classes(code_now, path, commonjs).or(calls);
    let code_now = classes.as_deref().unwrap_or(code);
    comma_first_declarations(code_now, path, commonjs).or(classes)
}

/// boa 0.22 refuses a `let` or `const` declaration whose next declarator
/// begins a new line with its comma (`let a = 1\n  , b = 2`, "unexpected
/// token ','"), the comma-first style that ejs compiles every template into
/// and some packages are written in; `var` it takes. Each such comma moves
/// to the end of the declarator before it, on that line (its own place
/// becomes a space), so every line keeps its number.
pub(crate) fn comma_first_declarations(code: &str, path: &Path, commonjs: bool) -> Option<String> {
    struct Declarations<'a>(&'a str, Vec<Edit>);
    impl Visit for Declarations<'_> {
        fn visit_var_decl(&mut self, n: &VarDecl) {
            if n.kind != VarDeclKind::Var {
                for pair in n.decls.windows(2) {
                    let end = range(pair[0].span).end;
                    let next = range(pair[1].span).start;
                    if let Some(between) = self.0.get(end..next)
                        && let Some(comma) = comma_outside_comments(between)
                        && between[..comma].contains(['\n', '\r', '\u{2028}', '\u{2029}'])
                    {
                        self.1.push(Edit::replace(end..end, ","));
                        self.1
                            .push(Edit::replace(end + comma..end + comma + 1, " "));
                    }
                }
            }
            n.visit_children_with(self);
        }
    }
    if !(code.contains("let") || code.contains("const")) {
        return None;
    }
    let program = parse(code, path, Language::JavaScript, commonjs).ok()?;
    let mut declarations = Declarations(code, Vec::new());
    program.visit_with(&mut declarations);
    apply(code, declarations.1)
}

/// Where the first comma of `text` (what lies between two declarators:
/// blanks, comments and one comma) is, outside its comments.
fn comma_outside_comments(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match (bytes[i], bytes.get(i + 1)) {
            (b',', _) => return Some(i),
            (b'/', Some(b'/')) => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            (b'/', Some(b'*')) => {
                i += 2;
                while i < bytes.len() && !bytes[i..].starts_with(b"*/") {
                    i += 1;
                }
                i += 2;
            }
            _ => i += 1,
        }
    }
    None
}

/// A function body given to `Function` (or `AsyncFunction`, …) with the
/// rewrites of [`after_refusal`], for one boa refused: `None` when none
/// applies. The body is parsed inside a function, where `return` is allowed
/// (an async function's `await` is not: its body is left as it is).
pub(crate) fn function_body_after_refusal(body: &str) -> Option<String> {
    const BEFORE: &str = "(function anonymous() {\n";
    const AFTER: &str = "\n})";
    let wrapped = format!("{BEFORE}{body}{AFTER}");
    let fixed = after_refusal(&wrapped, Path::new("anonymous.js"), true)?;
    fixed
        .strip_prefix(BEFORE)
        .and_then(|f| f.strip_suffix(AFTER))
        .map(str::to_owned)
}

/// regress 0.12 (the engine boa compiles literals with) refuses two
/// different punctuators side by side in a `v`-flag class (`[,=]`), which
/// Node and Bun accept; jsonpath-plus's tokenizer has eight such pairs, and
/// the whole package failed to load. Each such literal's pattern is
/// rewritten by the checker's [`regex::unicode_sets_pattern`] (the same
/// characters, escaped), which `validate` applies too before it compiles.
fn unicode_sets_classes(code: &str, path: &Path, commonjs: bool) -> Option<String> {
    struct Literals<'a>(&'a str, Vec<Edit>);
    impl Visit for Literals<'_> {
        fn visit_regex(&mut self, n: &Regex) {
            let at = range(n.span);
            // `/pattern/flags`: the pattern as written, between the slashes.
            let Some(pattern) = at
                .end
                .checked_sub(n.flags.len() + 1)
                .and_then(|end| self.0.get(at.start + 1..end))
            else {
                return;
            };
            if let Some(fixed) = regex::unicode_sets_pattern(pattern, &n.flags) {
                let start = at.start + 1;
                self.1
                    .push(Edit::replace(start..start + pattern.len(), fixed));
            }
        }
    }
    if !code.contains('[') {
        return None;
    }
    let program = parse(code, path, Language::JavaScript, commonjs).ok()?;
    let mut literals = Literals(code, Vec::new());
    program.visit_with(&mut literals);
    apply(code, literals.1)
}

/// boa 0.22 reads `async(` as the head of an async arrow function even when
/// no `=>` follows, so a call of a function named `async` (asynckit's
/// `async(callback)`) is a syntax error. `(0, async)(…)` calls the same
/// function with the same `this` (none). Tried only after boa refused the
/// file (its message depends on the arguments), so other files cost nothing;
/// `None` when the file calls no `async`.
pub(crate) fn async_calls(code: &str, path: &Path, commonjs: bool) -> Option<String> {
    struct Calls(Vec<Edit>);
    impl Visit for Calls {
        fn visit_call_expr(&mut self, call: &CallExpr) {
            if let Callee::Expr(callee) = &call.callee
                && let Expr::Ident(name) = &**callee
                && &*name.sym == "async"
            {
                let at = range(name.span);
                self.0.push(Edit::replace(at.start..at.start, "(0, "));
                self.0.push(Edit::replace(at.end..at.end, ")"));
            }
            call.visit_children_with(self);
        }
    }
    let program = parse(code, path, Language::JavaScript, commonjs).ok()?;
    let mut calls = Calls(Vec::new());
    program.visit_with(&mut calls);
    apply(code, calls.0)
}

/// boa 0.22's bytecode compiler panics ("binding must exist", or an index out
/// of bounds) on a function expression that declares a binding (a `var`, a
/// parameter it assigns) inside the computed key of a class method or
/// accessor. TypeScript emits exactly that for classes with private methods:
/// `[(_X_m = function _X_m() { var _a; … }, Symbol.asyncIterator)]() {…}`
/// (the openai SDK). Each such named function expression is moved into a
/// `const` just before the class statement, on the same line, and the key
/// names the constant: creating a function has no side effects, so
/// evaluating it earlier changes nothing, and a named function expression
/// keeps its own name. Anonymous functions and arrows are left alone (their
/// name would change); only class declarations are rewritten, since a class
/// expression has no statement to put the constant before.
pub(crate) fn hoist_key_functions(code: &str, path: &Path, commonjs: bool) -> Option<String> {
    // TypeScript's helpers open the key with `[(`; other code almost never
    // puts a function in a method's key.
    if !(code.contains("[(") && code.contains("class") && code.contains("function")) {
        return None;
    }
    let program = parse(code, path, Language::JavaScript, commonjs).ok()?;
    let mut hoist = Hoist {
        code,
        edits: Vec::new(),
        count: 0,
    };
    program.visit_with(&mut hoist);
    apply(code, hoist.edits)
}

struct Hoist<'a> {
    code: &'a str,
    edits: Vec<Edit>,
    count: usize,
}

impl Hoist<'_> {
    /// Rewrites the method keys of `class`, a statement that starts at `start`.
    fn class(&mut self, class: &Class, start: usize) {
        let mut found = KeyFunctions(Vec::new());
        for member in &class.body {
            let key = match member {
                ClassMember::Method(method) => &method.key,
                _ => continue,
            };
            if let PropName::Computed(computed) = key {
                found.expr(&computed.expr);
            }
        }
        let mut constants = String::new();
        for function in found.0 {
            let at = range(function.span());
            let name = format!("__beeuni_key_fn{}", self.count);
            self.count += 1;
            constants.push_str(&format!("const {name} = {}; ", &self.code[at.clone()]));
            self.edits.push(Edit::replace(at, name));
        }
        if !constants.is_empty() {
            self.edits.push(Edit::replace(start..start, constants));
        }
    }
}

impl Visit for Hoist<'_> {
    fn visit_stmt(&mut self, stmt: &Stmt) {
        if let Stmt::Decl(Decl::Class(decl)) = stmt {
            self.class(&decl.class, range(stmt.span()).start);
        }
        stmt.visit_children_with(self);
    }

    fn visit_module_decl(&mut self, decl: &ModuleDecl) {
        match decl {
            ModuleDecl::ExportDecl(export) => {
                if let Decl::Class(class) = &export.decl {
                    self.class(&class.class, range(export.span).start);
                }
            }
            ModuleDecl::ExportDefaultDecl(export) => {
                if let DefaultDecl::Class(class) = &export.decl {
                    self.class(&class.class, range(export.span).start);
                }
            }
            _ => {}
        }
        decl.visit_children_with(self);
    }
}

/// The outermost named function expressions of a key; a function inside one
/// moves with it.
struct KeyFunctions<'a>(Vec<&'a FnExpr>);

impl<'a> KeyFunctions<'a> {
    fn expr(&mut self, expr: &'a Expr) {
        match expr {
            Expr::Fn(function) if function.ident.is_some() => self.0.push(function),
            Expr::Seq(seq) => seq.exprs.iter().for_each(|e| self.expr(e)),
            Expr::Paren(paren) => self.expr(&paren.expr),
            Expr::Assign(assign) => self.expr(&assign.right),
            _ => {}
        }
    }
}

/// `code` with `edits` applied, or `None` when there are none or they
/// overlap (a class statement inside a function that moves): the file then
/// loads as it is, and fails as it would have.
fn apply(code: &str, edits: Vec<Edit>) -> Option<String> {
    if edits.is_empty() {
        return None;
    }
    edit::apply(code, &edits).ok()
}
