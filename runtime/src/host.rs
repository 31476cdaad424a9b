//! `Host`: one JS context with its event loop, the tools loaded into it, and
//! the synchronous API the CLI and the daemon call.
//!
//! Owns the `Context`, the current-thread tokio runtime and `LocalSet` it is
//! driven on, and tool loading; the life of a call batch (start, drive,
//! deadline, settle, clean up) is `host/calls.rs`. The API's types are in
//! `api.rs`, the module contract in `contract.rs`, how a call's value
//! becomes text in `call.rs`, and the job queue in `event_loop.rs`.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::Path;
use std::rc::Rc;
use std::sync::Arc;

use boa_engine::builtins::promise::PromiseState;
use boa_engine::{Context, JsObject, js_string};

use crate::api::{HostConfig, HostError, LoadError, ToolInfo};
use crate::call;
use crate::contract;
use crate::event_loop::{Driver, Executor, Stop};
use crate::internals;
use crate::limits::{self, Limits};
use crate::loader::{self, Target, ToolLoader};
use crate::ops;
use crate::prelude;
use crate::state::HostState;
use crate::transpile_cache::TranspileCache;

mod calls;
pub use calls::{CallFeed, CancelHandle, CancelSource, FedCall};

struct Tool {
    object: JsObject,
    execute: JsObject,
}

/// A JS context with tools loaded; see the crate documentation.
pub struct Host {
    runtime: tokio::runtime::Runtime,
    local: tokio::task::LocalSet,
    context: Context,
    executor: Rc<Executor>,
    loader: Rc<ToolLoader>,
    state: Rc<HostState>,
    internals: JsObject,
    tools: HashMap<String, Tool>,
    limits: Limits,
    cancel_wake: Arc<tokio::sync::Notify>,
}

impl std::fmt::Debug for Host {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Host")
            .field("tools", &self.tools.keys().collect::<Vec<_>>())
            .finish_non_exhaustive()
    }
}

impl Host {
    /// Builds a context with the runtime's globals and built-in modules.
    pub fn new(config: HostConfig) -> Result<Host, HostError> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| HostError(e.to_string()))?;
        let project_dir = std::fs::canonicalize(&config.project_dir).unwrap_or(config.project_dir);
        let mut state = HostState::new(project_dir, config.box_env);
        state.transpile_cache = config.transpile_cache.as_deref().map(TranspileCache::new);
        let state = Rc::new(state);
        let executor = Rc::new(Executor::default());
        let loader = Rc::new(ToolLoader::new(state.clone()));
        let mut context = Context::builder()
            .job_executor(executor.clone())
            .host_hooks(executor.clone())
            .module_loader(loader.clone())
            .build()
            .map_err(|e| HostError(e.to_string()))?;
        context.insert_data(state.clone());
        config.limits.apply(&mut context);
        use boa_runtime::extensions::{
            Base64Extension, EncodingExtension, MicrotaskExtension, StructuredCloneExtension,
            TimeoutExtension, UrlExtension,
        };
        boa_runtime::register_extensions(
            (
                Base64Extension,
                TimeoutExtension,
                EncodingExtension,
                MicrotaskExtension,
                StructuredCloneExtension,
                UrlExtension,
            ),
            None,
            &mut context,
        )
        .map_err(|e| HostError(e.to_string()))?;
        crate::json_parse::install(&mut context)
            .map_err(|e| HostError(format!("JSON.parse could not be installed: {e}")))?;
        crate::fast::install(&mut context)
            .map_err(|e| HostError(format!("the native fast paths could not be installed: {e}")))?;
        crate::error_stack::install(&mut context)
            .map_err(|e| HostError(format!("error stacks could not be installed: {e}")))?;
        let natives = ops::install(&mut context);
        let internals = internals::build(&natives, &mut context)
            .map_err(|e| HostError(format!("the prelude failed: {e}")))?;
        *state.builtins.borrow_mut() = Some(internals.clone());
        prelude::install_globals(&natives, &internals, &mut context)
            .map_err(|e| HostError(format!("the prelude's globals failed: {e}")))?;
        internals::install_array_from_async(&internals, &mut context)
            .map_err(|e| HostError(format!("the prelude's Array.fromAsync failed: {e}")))?;
        crate::function_ctor::install(&mut context)
            .map_err(|e| HostError(format!("Function could not be installed: {e}")))?;
        crate::intl_locale::install(&mut context)
            .map_err(|e| HostError(format!("the default locale could not be installed: {e}")))?;
        internals::install_intl(&internals, &mut context)
            .map_err(|e| HostError(format!("the prelude's Intl failed: {e}")))?;
        Ok(Host {
            runtime,
            local: tokio::task::LocalSet::new(),
            context,
            executor,
            loader,
            state,
            internals,
            tools: HashMap::new(),
            limits: config.limits,
            cancel_wake: Arc::default(),
        })
    }

    /// Loads the module at `module_path` as the tool `name`, checking the contract.
    ///
    /// Loading a name again replaces the tool (its module stays cached: edits
    /// need a new `Host`).
    ///
    /// boa panics on some code it should accept or reject (a bytecompiler
    /// assertion on tslib's private-method pattern in the openai package):
    /// such a panic is this tool's load error, not the caller's crash.
    pub fn load_tool(&mut self, name: &str, module_path: &Path) -> Result<ToolInfo, LoadError> {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            self.load_tool_unguarded(name, module_path)
        }))
        .unwrap_or_else(|panic| {
            Err(LoadError::new(format!(
                "the JavaScript engine failed on this module (boa: {}); this is a runtime bug, not the module's",
                crate::panic_text(panic.as_ref())
            )))
        })
    }

    fn load_tool_unguarded(
        &mut self,
        name: &str,
        module_path: &Path,
    ) -> Result<ToolInfo, LoadError> {
        let path = if module_path.is_absolute() {
            module_path.to_path_buf()
        } else {
            self.state.project_dir.join(module_path)
        };
        let shown = loader::display(&path, &self.state);
        if !path.is_file() {
            return Err(LoadError::new(format!("module file not found: {shown}")));
        }
        let Host {
            runtime,
            local,
            context,
            executor,
            loader,
            state,
            limits,
            ..
        } = self;
        let deadline = tokio::time::Instant::now() + limits.deadline;
        let result: Result<JsObject, LoadError> = runtime.block_on(local.run_until(async {
            let cell = RefCell::new(context);
            let mut driver = Driver::new(&cell, executor.clone(), limits.microtask_budget);
            let module = {
                let context = &mut cell.borrow_mut();
                let kind = kind_of_tool(state, &path);
                loader
                    .load_file(&path, kind, context)
                    .map_err(|e| LoadError::new(call::error_text(&e, context)))?
            };
            let promise = module.load_link_evaluate(&mut cell.borrow_mut());
            crate::event_loop::read_by_host(&promise, &mut cell.borrow_mut());
            let settled = |_: &mut Context| !matches!(promise.state(), PromiseState::Pending);
            match driver.run(settled, deadline).await {
                Stop::Done => {}
                Stop::Deadline => {
                    return Err(LoadError::new(limits::describe_load_deadline(
                        limits.deadline,
                    )));
                }
                Stop::Stalled => {
                    return Err(LoadError::new("the module's top-level await never settled"));
                }
                Stop::Budget => {
                    return Err(LoadError::new(limits::describe_budget(
                        limits.microtask_budget,
                    )));
                }
                Stop::Fatal(message) => return Err(LoadError::new(message)),
            }
            if let PromiseState::Rejected(reason) = promise.state() {
                let context = &mut cell.borrow_mut();
                return Err(LoadError::new(call::load_thrown_text(&reason, context)));
            }
            let context = &mut cell.borrow_mut();
            let namespace = module.namespace(context);
            let default = namespace
                .get(js_string!("default"), context)
                .map_err(|e| LoadError::new(call::error_text(&e, context)))?;
            contract::tool_object(&default)
        }));
        self.executor.clear();
        let object = result?;
        let (info, execute) =
            contract::check(&object, &self.internals, &mut self.context).map_err(LoadError::new)?;
        self.tools
            .insert(name.to_string(), Tool { object, execute });
        Ok(info)
    }

    /// Names of the loaded tools.
    pub fn tool_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.tools.keys().cloned().collect();
        names.sort();
        names
    }
}

/// How the tool's own file is evaluated: by its extension, or for `.js` by
/// the nearest package.json and its syntax, as for any imported file.
///
/// Only the second case asks the resolver: resolving a `.ts` tool's own path
/// probes every folder up to the root for tsconfig.json and package.json,
/// about 0.15 ms of a cold `tools call`, to learn what the extension said.
fn kind_of_tool(state: &HostState, path: &Path) -> loader::FileKind {
    if let Some(kind) = loader::kind_by_extension(path) {
        return kind;
    }
    let specifier = path.display().to_string();
    match loader::resolve(
        state,
        &specifier,
        &state.project_dir,
        None,
        loader::Mode::Import,
    ) {
        Ok(Target::File(_, kind)) => kind,
        _ => loader::FileKind::Esm,
    }
}
