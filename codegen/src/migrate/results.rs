//! Functions of a legacy file that build opencode's result object
//! (`function ok(text) { return { output: text, metadata: … } }`), so that
//! `execute`'s `return ok("done")` is cut to its `output` as a literal
//! `return { output, … }` is. Without it the tool would hand the model the
//! whole object as JSON.
//!
//! A function counts only when every `return` of its own body returns such
//! an object literal (an arrow may be the object itself).

use std::collections::HashMap;

use swc_ecma_ast::{
    ArrowExpr, ArrowFunctionBody, Decl, Expr, Function, ModuleDecl, ModuleItem, Pat, Program,
    ReturnStmt, Stmt,
};
use swc_ecma_visit::{Visit, VisitWith};

use checker::module::ast::unwrap;

use super::execute::result_keys;

/// A function that builds the result object: whether it is `async`, and
/// the keys its objects spell out.
#[derive(Debug, Clone)]
pub struct Builder {
    pub is_async: bool,
    pub keys: Vec<String>,
}

pub type Builders = HashMap<String, Builder>;

/// The file's top-level functions that build opencode's result object.
pub fn builders(program: &Program) -> Builders {
    let mut found = Builders::new();
    let mut consider = |name: String, built: Option<Builder>| {
        if let Some(b) = built {
            found.insert(name, b);
        }
    };
    for stmt in top_statements(program) {
        match stmt {
            Decl::Fn(f) => consider(f.ident.sym.to_string(), function(&f.function)),
            Decl::Var(var) => {
                for decl in &var.decls {
                    let (Pat::Ident(name), Some(init)) = (&decl.name, &decl.init) else {
                        continue;
                    };
                    let built = match unwrap(init) {
                        Expr::Fn(f) => function(&f.function),
                        Expr::Arrow(a) => arrow(a),
                        _ => None,
                    };
                    consider(name.id.sym.to_string(), built);
                }
            }
            _ => {}
        }
    }
    found
}

fn top_statements(program: &Program) -> Vec<&Decl> {
    let items: Vec<&Decl> = match program {
        Program::Module(module) => module
            .body
            .iter()
            .filter_map(|item| match item {
                ModuleItem::Stmt(Stmt::Decl(decl)) => Some(decl),
                // An exported helper is still the file's own.
                ModuleItem::ModuleDecl(ModuleDecl::ExportDecl(export)) => Some(&export.decl),
                _ => None,
            })
            .collect(),
        Program::Script(script) => script
            .body
            .iter()
            .filter_map(|stmt| match stmt {
                Stmt::Decl(decl) => Some(decl),
                _ => None,
            })
            .collect(),
    };
    items
}

fn function(f: &Function) -> Option<Builder> {
    let body = f.body.as_ref()?;
    let mut returns = Returns::default();
    body.visit_with(&mut returns);
    all_results(&returns.0).map(|keys| Builder {
        is_async: f.is_async,
        keys,
    })
}

fn arrow(a: &ArrowExpr) -> Option<Builder> {
    let keys = match &*a.body {
        ArrowFunctionBody::Expr(e) => result_keys(e)?,
        ArrowFunctionBody::FunctionBody(b) => {
            let mut returns = Returns::default();
            b.visit_with(&mut returns);
            all_results(&returns.0)?
        }
    };
    Some(Builder {
        is_async: a.is_async,
        keys,
    })
}

/// The keys of every returned object, when each return is a result object.
fn all_results(returns: &[Option<Box<Expr>>]) -> Option<Vec<String>> {
    if returns.is_empty() {
        return None;
    }
    let mut keys: Vec<String> = Vec::new();
    for value in returns {
        for key in result_keys(value.as_deref()?)? {
            if !keys.contains(&key) {
                keys.push(key);
            }
        }
    }
    Some(keys)
}

/// The values of the `return`s of one body, not of the functions nested in it.
#[derive(Default)]
struct Returns(Vec<Option<Box<Expr>>>);

impl Visit for Returns {
    fn visit_return_stmt(&mut self, r: &ReturnStmt) {
        self.0.push(r.arg.clone());
    }
    fn visit_function(&mut self, _: &Function) {}
    fn visit_arrow_expr(&mut self, _: &ArrowExpr) {}
}
