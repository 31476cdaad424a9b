//! Reading one legacy opencode tool file: which `tool({ … })` definitions it
//! exports and under which names, the imports of `@opencode-ai/plugin` and
//! `zod`, and the top-level constants a definition may refer to.
//!
//! opencode names a default export after the file and a named export `x` of
//! `f.ts` as `f_x` (SPEC 8); naming the declared tool is `naming.rs`'s job.
//! Nothing here decides how to rewrite a definition.

use std::collections::HashMap;
use std::ops::Range;

use swc_ecma_ast::{
    CallExpr, Callee, Decl, Expr, ImportSpecifier, ModuleDecl, ModuleExportName, ModuleItem,
    ObjectLit, Pat, Program, Stmt, VarDeclKind,
};

use checker::module::ast::unwrap;
use checker::module::parse::range;

/// The package opencode's `tool` helper comes from.
pub const PLUGIN_PACKAGE: &str = "@opencode-ai/plugin";

/// How a tool leaves its file.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Export {
    Default,
    Named(String),
}

/// One `tool({ … })` definition.
pub struct Definition<'a> {
    pub export: Export,
    /// The `tool(…)` call's span; the object's own for a plain object.
    pub call: Range<usize>,
    /// Its one argument.
    pub object: &'a ObjectLit,
    /// A type-only cast around the call (`tool({…}) as ReturnType<typeof
    /// tool>`): from the call's end to the cast's, dropped with the call.
    pub cast: Option<Range<usize>>,
}

/// `import NAME from "./file.txt"`: Bun reads the file as a string, which
/// the runtime does not; the rewrite inlines the text.
pub struct TextImport {
    /// The whole import declaration.
    pub span: Range<usize>,
    pub local: String,
    pub specifier: String,
}

/// An export that builds a tool some other way (`export default makeTool({…})`,
/// `export const x = opts.build()`): only running it can tell what it is.
pub struct Opaque {
    pub export: Export,
    pub span: Range<usize>,
    pub what: String,
}

/// What a legacy file holds.
pub struct LegacyFile<'a> {
    pub definitions: Vec<Definition<'a>>,
    pub opaque: Vec<Opaque>,
    /// `import … from '@opencode-ai/plugin'` declarations, whole.
    pub plugin_imports: Vec<Range<usize>>,
    /// Local names of `tool`.
    pub tool_names: Vec<String>,
    /// `import { z } from 'zod'` (and default or namespace imports of zod):
    /// the declaration and the local names.
    pub zod_imports: Vec<Range<usize>>,
    pub zod_names: Vec<String>,
    /// Top-level `const` initialisers, for following a name.
    pub consts: HashMap<String, &'a Expr>,
    /// Unexported one-name `const` statements: a schema constant used only
    /// in `args` goes away with it.
    pub local_consts: Vec<(String, Range<usize>)>,
    /// Whether the file has a default export of any kind.
    pub has_default_export: bool,
    /// Top-level declarations of a local stand-in for `tool` (an identity
    /// function, with `schema` attached): removed with the plugin import.
    pub shims: Vec<Range<usize>>,
    pub text_imports: Vec<TextImport>,
    top_level: bool,
}

impl LegacyFile<'_> {
    /// A file that defines or builds tools, or imports opencode's helper.
    pub fn is_tool_file(&self) -> bool {
        !self.definitions.is_empty() || !self.opaque.is_empty() || !self.plugin_imports.is_empty()
    }
}

/// A specifier that names opencode's plugin package: the package itself, a
/// subpath, or a path into its installed files (a side-effect import of its
/// `.d.ts`, written for the editor's types). None of them is wanted after
/// the rewrite.
pub fn is_plugin_source(source: &str) -> bool {
    source == PLUGIN_PACKAGE
        || source.starts_with("@opencode-ai/plugin/")
        || source.contains("/node_modules/@opencode-ai/plugin/")
        || source.starts_with("node_modules/@opencode-ai/plugin/")
}

/// A side-effect import of a declaration file: types only, nothing to load.
pub fn is_declaration_source(source: &str) -> bool {
    source.ends_with(".d.ts") || source.ends_with(".d.mts") || source.ends_with(".d.cts")
}

/// Extensions Bun imports as a string by default.
fn is_text_source(source: &str) -> bool {
    (source.starts_with("./") || source.starts_with("../")) && source.ends_with(".txt")
}

/// `d` itself, or `{ ...d, schema: … }`: the definition handed back with
/// nothing of opencode's three keys changed.
fn hands_back(expr: &Expr, param: &str) -> bool {
    use swc_ecma_ast::{Prop, PropOrSpread};
    match unwrap(expr) {
        Expr::Ident(i) => i.sym == param,
        Expr::Object(object) => {
            let spreads_first = matches!(object.props.first(), Some(PropOrSpread::Spread(s)) if matches!(unwrap(&s.expr), Expr::Ident(i) if i.sym == param));
            spreads_first
                && object.props[1..].iter().all(|p| match p {
                    PropOrSpread::Prop(p) => match &**p {
                        Prop::KeyValue(kv) => super::schema::prop_name(&kv.key).is_some_and(|k| {
                            !matches!(k.as_str(), "description" | "args" | "execute")
                        }),
                        _ => false,
                    },
                    PropOrSpread::Spread(_) => false,
                })
        }
        _ => false,
    }
}

/// `(d) => d`, `function (d) { return d }`, `(d) => ({ ...d, schema })`,
/// with types or not.
fn is_identity(expr: &Expr) -> bool {
    use swc_ecma_ast::ArrowFunctionBody;
    let returns = |param: &str, body: &[Stmt]| matches!(body, [Stmt::Return(r)] if r.arg.as_deref().is_some_and(|e| hands_back(e, param)));
    match unwrap(expr) {
        Expr::Arrow(a) => {
            let [Pat::Ident(p)] = a.params.as_slice() else {
                return false;
            };
            match &*a.body {
                ArrowFunctionBody::Expr(e) => hands_back(e, &p.id.sym),
                ArrowFunctionBody::FunctionBody(b) => returns(&p.id.sym, &b.stmts),
            }
        }
        Expr::Fn(f) => identity_function(&f.function),
        _ => false,
    }
}

fn identity_function(function: &swc_ecma_ast::Function) -> bool {
    let [param] = function.params.as_slice() else {
        return false;
    };
    let Pat::Ident(p) = &param.pat else {
        return false;
    };
    function.body.as_ref().is_some_and(|b| {
        matches!(b.stmts.as_slice(), [Stmt::Return(r)] if r.arg.as_deref().is_some_and(|e| hands_back(e, &p.id.sym)))
    })
}

/// A local stand-in for opencode's `tool`: an identity function, bare or
/// with `schema` attached by `Object.assign(identity, { schema: z })`.
fn is_shim(expr: &Expr) -> bool {
    if is_identity(expr) {
        return true;
    }
    let Expr::Call(call) = unwrap(expr) else {
        return false;
    };
    let Callee::Expr(callee) = &call.callee else {
        return false;
    };
    let is_assign = matches!(unwrap(callee), Expr::Member(m)
        if matches!(&*m.obj, Expr::Ident(o) if o.sym == "Object")
        && matches!(&m.prop, swc_ecma_ast::MemberProp::Ident(p) if p.sym == "assign"));
    is_assign
        && call.args.len() == 2
        && call.args.iter().all(|a| a.spread.is_none())
        && is_identity(&call.args[0].expr)
        && matches!(unwrap(&call.args[1].expr), Expr::Object(_))
}

/// Whether `program` exports a stand-in for opencode's `tool` under that
/// name (`export const tool = Object.assign((input) => input, { schema: z })`,
/// `export function tool(input) { return input }`).
pub fn exports_shim(program: &Program) -> bool {
    let Program::Module(module) = program else {
        return false;
    };
    module.body.iter().any(|item| {
        let ModuleItem::ModuleDecl(ModuleDecl::ExportDecl(export)) = item else {
            return false;
        };
        match &export.decl {
            Decl::Fn(f) => f.ident.sym == "tool" && identity_function(&f.function),
            Decl::Var(var) => var.decls.iter().any(|d| {
                matches!(&d.name, Pat::Ident(n) if n.id.sym == "tool")
                    && d.init.as_deref().is_some_and(is_shim)
            }),
            _ => false,
        }
    })
}

/// Reads the file; `top_level` is a file opencode loads as tools (at the
/// top of its folder), where a default export built by any call is a tool.
/// `shim_sources` are the relative imports whose `tool` is a stand-in for
/// opencode's (see [`exports_shim`]): they go as the plugin's import does.
pub fn read<'a>(program: &'a Program, top_level: bool, shim_sources: &[String]) -> LegacyFile<'a> {
    let mut file = LegacyFile {
        definitions: Vec::new(),
        opaque: Vec::new(),
        plugin_imports: Vec::new(),
        tool_names: Vec::new(),
        zod_imports: Vec::new(),
        zod_names: Vec::new(),
        consts: HashMap::new(),
        local_consts: Vec::new(),
        has_default_export: false,
        shims: Vec::new(),
        text_imports: Vec::new(),
        top_level,
    };
    let Program::Module(module) = program else {
        return file;
    };
    for item in &module.body {
        match item {
            ModuleItem::ModuleDecl(ModuleDecl::Import(import)) => {
                let source = import.src.value.to_atom_lossy();
                let locals = import.specifiers.iter().map(|s| match s {
                    ImportSpecifier::Named(n) => (
                        n.imported.as_ref().map_or_else(
                            || n.local.sym.to_string(),
                            |i| match i {
                                ModuleExportName::Ident(i) => i.sym.to_string(),
                                ModuleExportName::Str(s) => {
                                    s.value.to_atom_lossy().as_str().to_string()
                                }
                            },
                        ),
                        n.local.sym.to_string(),
                    ),
                    ImportSpecifier::Default(d) => ("default".into(), d.local.sym.to_string()),
                    ImportSpecifier::Namespace(n) => ("*".into(), n.local.sym.to_string()),
                });
                let source = source.as_str();
                if is_text_source(source)
                    && let [ImportSpecifier::Default(d)] = import.specifiers.as_slice()
                {
                    file.text_imports.push(TextImport {
                        span: range(import.span),
                        local: d.local.sym.to_string(),
                        specifier: source.to_string(),
                    });
                } else if is_plugin_source(source)
                    || (import.specifiers.is_empty() && is_declaration_source(source))
                    || shim_sources.iter().any(|s| s == source)
                {
                    file.plugin_imports.push(range(import.span));
                    file.tool_names.extend(
                        locals
                            .filter(|(imported, _)| imported == "tool")
                            .map(|(_, local)| local),
                    );
                } else if source == "zod" || source.starts_with("zod/") {
                    file.zod_imports.push(range(import.span));
                    file.zod_names.extend(locals.map(|(_, local)| local));
                }
            }
            ModuleItem::Stmt(Stmt::Decl(Decl::Fn(f))) if identity_function(&f.function) => {
                file.tool_names.push(f.ident.sym.to_string());
                file.shims.push(range(f.function.span));
            }
            ModuleItem::Stmt(Stmt::Decl(Decl::Var(var))) if var.kind == VarDeclKind::Const => {
                if let [d] = var.decls.as_slice()
                    && let Pat::Ident(name) = &d.name
                    && d.init.as_deref().is_some_and(is_shim)
                {
                    file.tool_names.push(name.id.sym.to_string());
                    file.shims.push(range(var.span));
                    continue;
                }
                if let [d] = var.decls.as_slice()
                    && let Pat::Ident(name) = &d.name
                {
                    file.local_consts
                        .push((name.id.sym.to_string(), range(var.span)));
                }
                for d in &var.decls {
                    if let (Pat::Ident(name), Some(init)) = (&d.name, &d.init) {
                        file.consts.insert(name.id.sym.to_string(), init);
                    }
                }
            }
            ModuleItem::ModuleDecl(ModuleDecl::ExportDecl(export)) => {
                if let Decl::Var(var) = &export.decl {
                    for d in &var.decls {
                        if let (Pat::Ident(name), Some(init)) = (&d.name, &d.init)
                            && var.kind == VarDeclKind::Const
                        {
                            file.consts.insert(name.id.sym.to_string(), init);
                        }
                    }
                }
            }
            _ => {}
        }
    }
    // A second pass: the names above are needed to recognise `tool(…)`.
    for item in &module.body {
        let ModuleItem::ModuleDecl(decl) = item else {
            continue;
        };
        match decl {
            ModuleDecl::ExportDefaultExpr(e) => {
                file.has_default_export = true;
                file.classify(Export::Default, &e.expr);
            }
            ModuleDecl::ExportDefaultDecl(_) => file.has_default_export = true,
            ModuleDecl::ExportDecl(export) => {
                if let Decl::Var(var) = &export.decl {
                    for d in &var.decls {
                        if let (Pat::Ident(name), Some(init)) = (&d.name, &d.init) {
                            file.classify(Export::Named(name.id.sym.to_string()), init);
                        }
                    }
                }
            }
            ModuleDecl::ExportNamed(named) if named.src.is_none() => {
                for spec in &named.specifiers {
                    let swc_ecma_ast::ExportSpecifier::Named(n) = spec else {
                        continue;
                    };
                    let name_of = |n: &ModuleExportName| match n {
                        ModuleExportName::Ident(i) => i.sym.to_string(),
                        ModuleExportName::Str(s) => s.value.to_atom_lossy().as_str().to_string(),
                    };
                    let local = name_of(&n.orig);
                    let exported = n.exported.as_ref().map_or_else(|| local.clone(), name_of);
                    let export = if exported == "default" {
                        file.has_default_export = true;
                        Export::Default
                    } else {
                        Export::Named(exported)
                    };
                    if let Some(init) = file.consts.get(local.as_str()).copied() {
                        file.classify(export, init);
                    }
                }
            }
            _ => {}
        }
    }
    file
}

impl<'a> LegacyFile<'a> {
    /// Records what an exported value is: a `tool(…)` call (directly or
    /// through a constant), another call (a factory), or anything else (a
    /// helper export, left alone).
    fn classify(&mut self, export: Export, written: &'a Expr) {
        let cast_end = type_cast_end(written);
        let mut expr = unwrap(written);
        for _ in 0..8 {
            let Expr::Ident(name) = expr else { break };
            match self.consts.get(name.sym.as_str()) {
                Some(init) => expr = unwrap(init),
                None => break,
            }
        }
        // opencode takes any export shaped as a definition, built by
        // `tool()` or written as the object itself.
        if let Expr::Object(object) = expr
            && self.top_level
            && is_definition_object(object)
        {
            self.definitions.push(Definition {
                export,
                call: range(object.span),
                object,
                cast: None,
            });
            return;
        }
        let Expr::Call(call) = expr else { return };
        if self.is_tool_call(call) {
            match call
                .args
                .first()
                .map(|a| (a.spread.is_some(), unwrap(&a.expr)))
            {
                Some((false, Expr::Object(object))) if call.args.len() == 1 => {
                    let cast = cast_end
                        .map(|end| range(call.span).end..end)
                        .filter(|c| !c.is_empty());
                    self.definitions.push(Definition {
                        export,
                        call: range(call.span),
                        object,
                        cast,
                    });
                }
                _ => self.opaque.push(Opaque {
                    export,
                    span: range(call.span),
                    what: "`tool(…)` called with something other than an object literal".into(),
                }),
            }
            return;
        }
        // A call in a file that never mentions opencode is a helper's value,
        // unless it is a default export built from an object, as factories are.
        let object_argument = call
            .args
            .first()
            .is_some_and(|a| matches!(unwrap(&a.expr), Expr::Object(_)));
        // In a file opencode loads, a default export built by a call is
        // the tool, whatever builds it (`export default fetchTool("…")`).
        let loaded_default = export == Export::Default && self.top_level;
        if self.plugin_imports.is_empty()
            && !(export == Export::Default && object_argument)
            && !loaded_default
        {
            return;
        }
        // A named export of a call is a factory-built tool only when it is
        // built from an object (`export const x = make({…})`); a value such
        // as `export const Args = tool.schema.object(…)` is not a tool.
        if export != Export::Default && !object_argument {
            return;
        }
        self.opaque.push(Opaque {
            export,
            span: range(call.span),
            what: format!("built by a call (`{}(…)`)", callee_text(call)),
        });
    }

    pub fn is_tool_call(&self, call: &CallExpr) -> bool {
        matches!(&call.callee, Callee::Expr(e) if matches!(unwrap(e), Expr::Ident(i) if self.tool_names.iter().any(|t| t == i.sym.as_str())))
    }
}

/// `{ description, args: { … }, execute }`: a definition without `tool()`.
/// `args` must be a shape (an object literal), as opencode wraps it in
/// `z.object(…)` itself.
fn is_definition_object(object: &ObjectLit) -> bool {
    use swc_ecma_ast::{Prop, PropOrSpread};
    let mut keys: Vec<String> = Vec::new();
    let mut args_shape = false;
    for p in &object.props {
        let PropOrSpread::Prop(p) = p else { continue };
        let key = match &**p {
            Prop::KeyValue(kv) => {
                let key = super::schema::prop_name(&kv.key);
                if key.as_deref() == Some("args") && matches!(unwrap(&kv.value), Expr::Object(_)) {
                    args_shape = true;
                }
                key
            }
            Prop::Method(m) => super::schema::prop_name(&m.key),
            Prop::Shorthand(i) => Some(i.sym.to_string()),
            _ => None,
        };
        keys.extend(key);
    }
    let has = |name: &str| keys.iter().any(|k| k == name);
    has("description") && has("execute") && args_shape
}

/// The end of a TypeScript cast written straight around a `tool(…)` call
/// (`tool({…}) as X`, `satisfies X`), which only types read.
fn type_cast_end(expr: &Expr) -> Option<usize> {
    let mut end = None;
    let mut at = expr;
    loop {
        at = match at {
            Expr::TsAs(e) => {
                end.get_or_insert(range(e.span).end);
                &e.expr
            }
            Expr::TsSatisfies(e) => {
                end.get_or_insert(range(e.span).end);
                &e.expr
            }
            Expr::Call(_) => return end,
            _ => return None,
        };
    }
}

fn callee_text(call: &CallExpr) -> String {
    match &call.callee {
        Callee::Expr(e) => match unwrap(e) {
            Expr::Ident(i) => i.sym.to_string(),
            Expr::Member(m) => match &m.prop {
                swc_ecma_ast::MemberProp::Ident(p) => format!("….{}", p.sym),
                _ => "…".into(),
            },
            _ => "…".into(),
        },
        _ => "…".into(),
    }
}
