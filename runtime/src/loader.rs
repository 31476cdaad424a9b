//! The module loader: every `import` a tool makes goes through here.
//!
//! Owns resolution (oxc_resolver with the conditions `import`, `module`,
//! `default` and the `.js` → `.ts` alias), reading files, stripping
//! TypeScript, Bun's data loaders (JSON, text, TOML, YAML, chosen by the
//! extension or a `with { type }` attribute), wrapping CommonJS files as ES modules, and the
//! synthetic `node:*` and `bun` modules built from the prelude's objects. It
//! never falls back to boa's default loader, so a tool reads nothing it did
//! not import. It does not run modules; `host.rs` links and evaluates them.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use boa_engine::module::{ModuleLoader, Referrer, SyntheticModuleInitializer};
use boa_engine::property::PropertyKey;
use boa_engine::{
    Context, JsError, JsObject, JsResult, JsString, JsValue, Module, Source, js_string,
};
use oxc_resolver::{ModuleType, ResolveError};

use checker::module::imports::builtins::{
    is_bun_module, is_bun_replaced_package, is_node_builtin_bare, not_provided_message,
};
use checker::module::imports::resolver_options::resolve_in;

use crate::boa_quirks;
use crate::js_value::error;
use crate::state::HostState;
use crate::transpile;

pub(crate) struct ToolLoader {
    state: Rc<HostState>,
    /// Keyed by kind too: one file imported as code and `with { type: "text" }`
    /// is two modules, as in Bun.
    modules: RefCell<HashMap<(PathBuf, FileKind), Module>>,
    builtins: RefCell<HashMap<String, Module>>,
    /// Files whose module is being made: a CommonJS file runs while its
    /// importer's graph loads, and a `require()` of that importer from it
    /// would load a second copy of the file (boa asserts against that).
    making: RefCell<std::collections::HashSet<(PathBuf, FileKind)>>,
    /// `vm.SourceTextModule`s: what each one's imports were linked to, and
    /// the function that fills its `import.meta`. They live as long as the
    /// host, as the modules a tool imports do.
    vm_modules: RefCell<HashMap<Module, VmModule>>,
}

/// What `node:vm` decided for one of its modules.
#[derive(Default)]
pub(crate) struct VmModule {
    pub(crate) links: HashMap<JsString, Module>,
    pub(crate) meta: Option<JsObject>,
    /// `importModuleDynamically`: `(specifier) => promise of a module handle`.
    pub(crate) dynamic: Option<JsObject>,
}

/// How a `node:vm` module's import is answered.
enum VmRequest {
    Linked(Module),
    Dynamic(JsObject),
    Missing,
}

/// How a resolved file is evaluated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum FileKind {
    Esm,
    CommonJs,
    Json,
    /// Bun's `text` loader: the file's text is the default export.
    Text,
    /// Bun's `toml` and `yaml` loaders: the parsed document is the default
    /// export and its top-level keys are named exports.
    Toml,
    Yaml,
}

impl FileKind {
    /// The name `require` and `host.resolve` use for the kind.
    pub(crate) fn name(self) -> &'static str {
        match self {
            FileKind::Esm => "esm",
            FileKind::CommonJs => "commonjs",
            FileKind::Json => "json",
            FileKind::Text => "text",
            FileKind::Toml => "toml",
            FileKind::Yaml => "yaml",
        }
    }

    /// The kind an import attribute `with { type }` asks for. Bun honours
    /// `text`, `json`, `toml` and `yaml` whatever the extension; any other
    /// type is refused, as the standard says.
    fn of_attribute(value: &str) -> Option<FileKind> {
        match value {
            "text" => Some(FileKind::Text),
            "json" => Some(FileKind::Json),
            "toml" => Some(FileKind::Toml),
            "yaml" => Some(FileKind::Yaml),
            _ => None,
        }
    }
}

/// What a specifier names.
pub(crate) enum Target {
    Builtin(String),
    File(PathBuf, FileKind),
}

impl ToolLoader {
    pub(crate) fn new(state: Rc<HostState>) -> Self {
        ToolLoader {
            state,
            modules: RefCell::default(),
            builtins: RefCell::default(),
            making: RefCell::default(),
            vm_modules: RefCell::default(),
        }
    }

    /// Loads (or returns the cached) module for a file.
    pub(crate) fn load_file(
        &self,
        path: &Path,
        kind: FileKind,
        context: &mut Context,
    ) -> JsResult<Module> {
        let key = (path.to_path_buf(), kind);
        if let Some(module) = self.modules.borrow().get(&key) {
            return Ok(module.clone());
        }
        let module = match kind {
            FileKind::Text => {
                let text = read(path, &self.state)?;
                synthetic(JsValue::from(JsString::from(text.as_str())), None, context)?
            }
            FileKind::Toml | FileKind::Yaml => {
                let text = JsValue::from(JsString::from(read(path, &self.state)?.as_str()));
                let parse = if kind == FileKind::Toml {
                    crate::ops::data_formats::toml_parse
                } else {
                    crate::ops::data_formats::yaml_parse
                };
                let value = parse(&JsValue::undefined(), &[text], context).map_err(|e| {
                    error(format!(
                        "{}: {}",
                        display(path, &self.state),
                        message_of(&e)
                    ))
                })?;
                synthetic(value, None, context)?
            }
            FileKind::Json => {
                let text = read(path, &self.state)?;
                Module::parse_json(JsString::from(text.as_str()), context).map_err(|e| {
                    error(format!(
                        "{}: invalid JSON: {}",
                        display(path, &self.state),
                        message_of(&e)
                    ))
                })?
            }
            FileKind::Esm => {
                let mut code = read(path, &self.state)?;
                if transpile::is_typescript(path) {
                    code = transpile::strip_types(path, code, self.state.transpile_cache.as_ref())
                        .map_err(error)?;
                }
                if let Some(fixed) = boa_quirks::hoist_key_functions(&code, path, false) {
                    code = fixed;
                }
                // boa 0.22 reports "abrupt end" for a module whose last
                // statement is an export list without its semicolon (axios's
                // index.js); an empty statement after it is harmless.
                code.push_str("\n;");
                let parse = |code: &str, context: &mut Context| {
                    Module::parse(
                        Source::from_bytes(code.as_bytes()).with_path(path),
                        None,
                        context,
                    )
                };
                parse(&code, context)
                    .or_else(|e| match boa_quirks::after_refusal(&code, path, false) {
                        Some(fixed) => parse(&fixed, context).map_err(|_| e),
                        None => Err(e),
                    })
                    .map_err(|e| {
                        error(format!(
                            "{}: {}",
                            display(path, &self.state),
                            message_of(&e)
                        ))
                    })?
            }
            FileKind::CommonJs => {
                if !self.making.borrow_mut().insert(key.clone()) {
                    return Err(require_cycle(path, &self.state, context));
                }
                let exports = self.internal("loadCommonJs", context).and_then(|load| {
                    load.call(
                        &JsValue::undefined(),
                        &[JsValue::from(JsString::from(
                            path.to_string_lossy().as_ref(),
                        ))],
                        context,
                    )
                });
                self.making.borrow_mut().remove(&key);
                synthetic(exports?, Some(path.to_path_buf()), context)?
            }
        };
        self.modules.borrow_mut().insert(key, module.clone());
        Ok(module)
    }

    /// The synthetic module for `node:NAME` or `bun`.
    fn load_builtin(&self, name: &str, context: &mut Context) -> JsResult<Module> {
        if let Some(module) = self.builtins.borrow().get(name) {
            return Ok(module.clone());
        }
        // Refused here rather than in the prelude, so that the error names
        // no place inside the runtime's own JS.
        if crate::prelude::builtin_unit(name).is_none() {
            return Err(error(not_provided_message(name)));
        }
        let exports = self.internal("builtin", context)?.call(
            &JsValue::undefined(),
            &[JsValue::from(JsString::from(name))],
            context,
        )?;
        let module = synthetic(exports, None, context)?;
        self.builtins
            .borrow_mut()
            .insert(name.to_string(), module.clone());
        Ok(module)
    }

    fn internal(&self, name: &str, context: &mut Context) -> JsResult<JsObject> {
        let internals = self
            .state
            .builtins
            .borrow()
            .clone()
            .ok_or_else(|| error("the runtime prelude did not load"))?;
        internals
            .get(JsString::from(name), context)?
            .as_object()
            .ok_or_else(|| error(format!("the runtime prelude has no `{name}`")))
    }
}

impl ToolLoader {
    /// Records what a `node:vm` module's imports are linked to.
    pub(crate) fn vm_link(&self, module: &Module, links: HashMap<JsString, Module>) {
        self.vm_modules
            .borrow_mut()
            .entry(module.clone())
            .or_default()
            .links = links;
    }

    /// Records the function that fills a `node:vm` module's `import.meta`.
    pub(crate) fn vm_meta(&self, module: &Module, meta: JsObject) {
        self.vm_modules
            .borrow_mut()
            .entry(module.clone())
            .or_default()
            .meta = Some(meta);
    }

    /// Records a `node:vm` module's `importModuleDynamically`.
    pub(crate) fn vm_dynamic(&self, module: &Module, dynamic: JsObject) {
        self.vm_modules
            .borrow_mut()
            .entry(module.clone())
            .or_default()
            .dynamic = Some(dynamic);
    }

    /// How a `node:vm` module's import is answered; `None` when `referrer`
    /// is not one of node:vm's. Its static imports are all linked before it
    /// loads, so one that is not is an `import()`.
    fn vm_request(&self, referrer: &Referrer, specifier: &JsString) -> Option<VmRequest> {
        // Code node:vm compiles (a `Script`, `compileFunction`) runs from
        // the prelude's vm.js, and has no callback to import with.
        if referrer.path() == Some(Path::new("beeuni:prelude/node/vm.js")) {
            return Some(VmRequest::Missing);
        }
        let Referrer::Module(module) = referrer else {
            return None;
        };
        let modules = self.vm_modules.borrow();
        let vm = modules.get(module)?;
        Some(match (vm.links.get(specifier), &vm.dynamic) {
            (Some(linked), _) => VmRequest::Linked(linked.clone()),
            (None, Some(dynamic)) => VmRequest::Dynamic(dynamic.clone()),
            (None, None) => VmRequest::Missing,
        })
    }

    async fn vm_import(
        request: VmRequest,
        specifier: &JsString,
        context: &RefCell<&mut Context>,
    ) -> JsResult<Module> {
        match request {
            VmRequest::Linked(module) => Ok(module),
            VmRequest::Missing => {
                let context = &mut context.borrow_mut();
                let object = boa_engine::JsNativeError::typ()
                    .with_message("A dynamic import callback was not specified.")
                    .into_opaque(context);
                // A fresh error object: defining a data property cannot fail.
                let _ = object.create_data_property_or_throw(
                    js_string!("code"),
                    js_string!("ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING"),
                    context,
                );
                Err(JsError::from_opaque(object.into()))
            }
            VmRequest::Dynamic(dynamic) => {
                let future = {
                    let context = &mut context.borrow_mut();
                    let answer = dynamic.call(
                        &JsValue::undefined(),
                        &[JsValue::from(specifier.clone())],
                        context,
                    )?;
                    boa_engine::object::builtins::JsPromise::resolve(answer, context)?
                        .into_js_future(context)?
                };
                let handle = future.await?;
                crate::ops::vm_module_of(&handle)
            }
        }
    }
}

impl ModuleLoader for ToolLoader {
    async fn load_imported_module(
        self: Rc<Self>,
        referrer: Referrer,
        request: boa_engine::module::ModuleRequest,
        context: &RefCell<&mut Context>,
    ) -> JsResult<Module> {
        if let Some(answer) = self.vm_request(&referrer, request.specifier()) {
            return Self::vm_import(answer, request.specifier(), context).await;
        }
        let specifier = request.specifier().to_std_string_escaped();
        let from = referrer.path().map(Path::to_path_buf);
        let base = from
            .as_deref()
            .and_then(Path::parent)
            .map_or_else(|| self.state.project_dir.clone(), Path::to_path_buf);
        let asked = match request.get_attribute("type") {
            Some(value) => {
                let value = value.to_std_string_escaped();
                Some(FileKind::of_attribute(&value).ok_or_else(|| {
                    error(format!(
                        "Unsupported import attribute type \"{value}\" for '{specifier}'"
                    ))
                })?)
            }
            None => None,
        };
        match resolve(
            &self.state,
            &specifier,
            &base,
            from.as_deref(),
            Mode::Import,
        )? {
            Target::Builtin(name) => self.load_builtin(&name, &mut context.borrow_mut()),
            Target::File(path, kind) => {
                self.load_file(&path, asked.unwrap_or(kind), &mut context.borrow_mut())
            }
        }
    }

    /// `import.meta`: `url`, `filename`, `dirname` as in Node, `path` and
    /// `dir` as in Bun, and `main` (a tool module is never the entry point).
    fn init_import_meta(
        self: Rc<Self>,
        import_meta: &JsObject,
        module: &Module,
        context: &mut Context,
    ) {
        let meta = self
            .vm_modules
            .borrow()
            .get(module)
            .and_then(|vm| vm.meta.clone());
        if let Some(meta) = meta {
            // An error the function throws is the module's to report, as
            // Node reports it: at the `import.meta` that asked.
            let _ = meta.call(
                &JsValue::undefined(),
                &[JsValue::from(import_meta.clone())],
                context,
            );
            return;
        }
        let Some(path) = module.path().map(Path::to_path_buf) else {
            return;
        };
        let dir = path
            .parent()
            .map(|d| d.display().to_string())
            .unwrap_or_default();
        let file = path.display().to_string();
        let url = format!(
            "file://{}",
            file.split('/')
                .map(percent_encode)
                .collect::<Vec<_>>()
                .join("/")
        );
        let text = |s: &str| JsValue::from(JsString::from(s));
        for (key, value) in [
            ("url", text(&url)),
            ("filename", text(&file)),
            ("path", text(&file)),
            ("dirname", text(&dir)),
            ("dir", text(&dir)),
            ("main", JsValue::from(false)),
        ] {
            // A fresh ordinary object: defining a data property cannot fail.
            let _ = import_meta.create_data_property_or_throw(JsString::from(key), value, context);
        }
    }
}

/// `requireModule(path)`: `require()` of an ES module, as Node 22+ and Bun
/// allow it. The module (the same instance `import` gets) is loaded, linked
/// and evaluated before the call returns, and its namespace is the answer;
/// `undefined` says evaluation is still pending, a top-level await somewhere
/// in its graph, which `require` refuses. Unlike Node, which looks for the
/// await before running anything, such a module has run up to that await.
pub(crate) fn require_module(
    _: &JsValue,
    args: &[JsValue],
    context: &mut Context,
) -> JsResult<JsValue> {
    use boa_engine::builtins::promise::PromiseState;
    let path = PathBuf::from(crate::js_value::string_arg(args, 0, context)?);
    let loader = context
        .downcast_module_loader::<ToolLoader>()
        .ok_or_else(|| error("require() of an ES module needs the runtime's module loader"))?;
    let module = loader.load_file(&path, FileKind::Esm, context)?;
    link_now(&module, context).map_err(|e| match e {
        Some(e) => e,
        None => error(format!(
            "require() of {}: its imports did not load at once",
            display(&path, &loader.state)
        )),
    })?;
    let evaluated = module.evaluate(context)?;
    crate::event_loop::read_by_host(&evaluated, context);
    match evaluated.state() {
        PromiseState::Fulfilled(_) => Ok(module.namespace(context).into()),
        PromiseState::Rejected(reason) => Err(JsError::from_opaque(reason)),
        PromiseState::Pending => Ok(JsValue::undefined()),
    }
}

/// Loads and links a module graph before returning: boa loads a graph
/// through async jobs, and the loader answers every request at once, so the
/// jobs this load queues (and only those) run to their end here. `Err(None)`
/// says a job did not finish at once.
pub(crate) fn link_now(module: &Module, context: &mut Context) -> Result<(), Option<JsError>> {
    use boa_engine::builtins::promise::PromiseState;
    use std::future::Future as _;
    let executor = context
        .downcast_job_executor::<crate::event_loop::Executor>()
        .ok_or_else(|| Some(error("loading a module now needs the runtime's job queue")))?;
    let mark = executor.async_job_count();
    let loaded = module.load(context);
    crate::event_loop::read_by_host(&loaded, context);
    while let Some(job) = executor.take_async_after(mark) {
        let cell = RefCell::new(&mut *context);
        let mut future = job.call(&cell);
        let mut poll = std::task::Context::from_waker(std::task::Waker::noop());
        match std::pin::Pin::new(&mut future).poll(&mut poll) {
            std::task::Poll::Ready(result) => {
                result.map_err(Some)?;
            }
            std::task::Poll::Pending => return Err(None),
        }
    }
    match loaded.state() {
        PromiseState::Fulfilled(_) => {}
        PromiseState::Rejected(reason) => return Err(Some(JsError::from_opaque(reason))),
        PromiseState::Pending => return Err(None),
    }
    module.link(context).map_err(Some)
}

/// Node's `ERR_REQUIRE_CYCLE_MODULE`: a CommonJS file an ES module imports
/// required that module back while the file was still being loaded.
fn require_cycle(path: &Path, state: &HostState, context: &mut Context) -> JsError {
    let message = format!(
        "Cannot require() an ES module in a cycle: {} is still loading the module that requires it",
        display(path, state)
    );
    let object = boa_engine::JsNativeError::error()
        .with_message(message)
        .into_opaque(context);
    // A fresh error object: defining a data property cannot fail.
    let _ = object.create_data_property_or_throw(
        js_string!("code"),
        js_string!("ERR_REQUIRE_CYCLE_MODULE"),
        context,
    );
    JsError::from_opaque(object.into())
}

/// Percent-encodes one path segment for a `file://` URL.
fn percent_encode(segment: &str) -> String {
    let mut out = String::with_capacity(segment.len());
    for byte in segment.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// `import` or `require`: they resolve with different package conditions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    Import,
    Require,
}

/// Resolves `specifier` from the directory `base`, as Node and Bun would.
pub(crate) fn resolve(
    state: &HostState,
    specifier: &str,
    base: &Path,
    from: Option<&Path>,
    mode: Mode,
) -> JsResult<Target> {
    if is_bun_module(specifier) || is_bun_replaced_package(specifier) {
        return Ok(Target::Builtin(specifier.to_string()));
    }
    if let Some(name) = specifier.strip_prefix("node:") {
        return Ok(Target::Builtin(format!("node:{name}")));
    }
    if is_node_builtin_bare(specifier) {
        return Ok(Target::Builtin(format!("node:{specifier}")));
    }
    let resolver = match mode {
        Mode::Import => state.esm_resolver(),
        Mode::Require => state.cjs_resolver(),
    };
    let imported_from = from
        .map(|p| format!(" imported from {}", display(p, state)))
        .unwrap_or_default();
    // oxc_resolver finds the tsconfig (`paths`, `baseUrl`) that governs a
    // file from the file's folder; a `require` knows only its folder, so a
    // name in that folder stands for the requiring file.
    let importer = from.map_or_else(|| base.join("[require]"), Path::to_path_buf);
    match resolve_in(resolver, Some(&importer), base, specifier) {
        Ok(resolution) => {
            let path = resolution.path().to_path_buf();
            let kind = classify(&path, resolution.module_type());
            Ok(Target::File(path, kind))
        }
        Err(ResolveError::NotFound(_)) if is_bare(specifier) => Err(error(format!(
            "Cannot find package '{}'{imported_from}",
            package_name(specifier)
        ))),
        Err(ResolveError::NotFound(_)) => Err(error(format!(
            "Cannot find module '{specifier}'{imported_from}"
        ))),
        Err(other) => Err(error(format!(
            "Cannot resolve '{specifier}'{imported_from}: {other}"
        ))),
    }
}

/// The kind of a file whose extension alone decides it; `None` for `.js`
/// and the like, which depend on the nearest package.json and the syntax.
pub(crate) fn kind_by_extension(path: &Path) -> Option<FileKind> {
    match path.extension().and_then(|e| e.to_str()) {
        Some("json") => Some(FileKind::Json),
        Some("txt") => Some(FileKind::Text),
        Some("toml") => Some(FileKind::Toml),
        Some("yaml" | "yml") => Some(FileKind::Yaml),
        Some("mjs" | "mts" | "ts" | "tsx") => Some(FileKind::Esm),
        Some("cjs" | "cts") => Some(FileKind::CommonJs),
        _ => None,
    }
}

fn classify(path: &Path, module_type: Option<ModuleType>) -> FileKind {
    if let Some(kind) = kind_by_extension(path) {
        return kind;
    }
    match module_type {
        Some(ModuleType::Module) => FileKind::Esm,
        // Node 22+ and Bun run a `.js` file without `"type"` as ESM when it
        // has import/export statements; look for them.
        _ => {
            use std::io::Read as _;
            let mut text = String::new();
            let read = std::fs::File::open(path)
                .and_then(|file| file.take(MAX_SOURCE_BYTES).read_to_string(&mut text));
            // A file that cannot be read as text is refused by `read` when
            // it is loaded, with the reason.
            if read.is_ok() && looks_like_esm(&text) && !parses_as_commonjs(&text) {
                FileKind::Esm
            } else {
                FileKind::CommonJs
            }
        }
    }
}

fn looks_like_esm(source: &str) -> bool {
    source.lines().any(|line| {
        let line = line.trim_start();
        ["import ", "import{", "export ", "export{", "export*"]
            .iter()
            .any(|start| line.starts_with(start))
    })
}

/// Whether the text parses as the body of CommonJS's wrapper function. Node
/// runs a `.js` file as ESM only when it does not (it has import or export
/// statements, or `import.meta`); a line that merely starts with `import `
/// inside a template literal or a comment block leaves it CommonJS.
fn parses_as_commonjs(source: &str) -> bool {
    use boa_engine::interner::Interner;
    use boa_engine::parser::Parser;
    // A hashbang line is not part of a function body.
    let body = match source.strip_prefix("#!") {
        Some(rest) => format!("//{rest}"),
        None => source.to_string(),
    };
    Parser::new(Source::from_bytes(body.as_bytes()))
        .parse_function_body(&mut Interner::default(), false, false)
        .is_ok()
}

fn is_bare(specifier: &str) -> bool {
    !(specifier.starts_with('.') || specifier.starts_with('/') || specifier.starts_with("file:"))
}

/// `@scope/name/sub` → `@scope/name`; `name/sub` → `name`.
fn package_name(specifier: &str) -> &str {
    let mut parts = specifier.splitn(3, '/');
    let first = parts.next().unwrap_or(specifier);
    if first.starts_with('@') {
        match parts.next() {
            Some(second) => &specifier[..first.len() + 1 + second.len()],
            None => first,
        }
    } else {
        first
    }
}

/// Exposes a JS value (`module.exports` or a prelude object) as an ES module:
/// `default` is the value, and each own property is also a named export.
pub(crate) fn synthetic(
    value: JsValue,
    path: Option<PathBuf>,
    context: &mut Context,
) -> JsResult<Module> {
    let mut names = vec![js_string!("default")];
    if let Some(object) = value.as_object() {
        for key in object.own_property_keys(context)? {
            if let PropertyKey::String(name) = key
                && name != js_string!("default")
            {
                names.push(name);
            }
        }
    }
    let exported = names.clone();
    Ok(Module::synthetic(
        &names,
        SyntheticModuleInitializer::from_copy_closure_with_captures(
            |module, (value, names), context| {
                for name in names {
                    let export = if *name == js_string!("default") {
                        value.clone()
                    } else {
                        match value.as_object() {
                            Some(object) => object.get(name.clone(), context)?,
                            None => JsValue::undefined(),
                        }
                    };
                    module.set_export(name, export)?;
                }
                Ok(())
            },
            (value, exported),
        ),
        path,
        None,
        context,
    ))
}

/// The largest source file the runtime loads, packages' included. `validate`
/// caps a project's own modules at 10 MiB; npm packages ship bigger bundles
/// (TypeScript's own is about 9 MB), so this cap is for files no package
/// ships: it keeps a 50 MB or endless file (a FIFO, `/dev/zero` behind a
/// link) from filling the worker's memory before it fails.
pub(crate) const MAX_SOURCE_BYTES: u64 = 32 * 1024 * 1024;

/// Reads a source file the runtime is about to load, refusing one over
/// [`MAX_SOURCE_BYTES`] with a message naming it.
pub(crate) fn read(path: &Path, state: &HostState) -> JsResult<String> {
    use std::io::Read as _;
    let cannot = |e: std::io::Error| error(format!("cannot read {}: {e}", display(path, state)));
    let file = std::fs::File::open(path).map_err(cannot)?;
    let mut bytes = Vec::new();
    // One byte past the limit tells a file over it from one exactly at it,
    // whatever its metadata says (a FIFO has no size).
    file.take(MAX_SOURCE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() as u64 > MAX_SOURCE_BYTES {
        return Err(error(format!(
            "cannot load {}: it is over the {} MiB limit for a module",
            display(path, state),
            MAX_SOURCE_BYTES / (1024 * 1024)
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        error(format!(
            "cannot read {}: not UTF-8 text (invalid byte at offset {})",
            display(path, state),
            e.utf8_error().valid_up_to()
        ))
    })
}

/// A path as the author knows it: relative to the project when inside it.
pub(crate) fn display(path: &Path, state: &HostState) -> String {
    path.strip_prefix(&state.project_dir)
        .unwrap_or(path)
        .display()
        .to_string()
}

fn message_of(error: &JsError) -> String {
    match error.as_native() {
        Some(native) => native.message().to_string(),
        None => error.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn package_names() {
        assert_eq!(package_name("zod"), "zod");
        assert_eq!(package_name("zod/mini"), "zod");
        assert_eq!(package_name("@scope/pkg/sub/x"), "@scope/pkg");
        assert_eq!(package_name("@scope"), "@scope");
    }

    #[test]
    fn esm_detection() {
        assert!(looks_like_esm("// x\nexport default 1"));
        assert!(!looks_like_esm("module.exports = { importance: 1 }"));
        // A template literal's line is text, not an import statement.
        let template = "const code = `\nimport five from 'foo';\n`;\nmodule.exports = code;";
        assert!(looks_like_esm(template) && parses_as_commonjs(template));
        assert!(!parses_as_commonjs("import x from 'y';\nexport default x;"));
        assert!(!parses_as_commonjs("export const a = import.meta.url;"));
        assert!(parses_as_commonjs(
            "#!/usr/bin/env node\nreturn;\nimport('x');"
        ));
    }
}
