//! Walking every tool's import graph once: each file is read, parsed and
//! checked exactly once however many tools share it, in parallel on threads
//! with a parser-sized stack, each file's imports queued as soon as it is
//! read. Then each diagnostic in a shared file learns which tools it breaks.

use std::collections::VecDeque;
use std::ffi::OsStr;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use rayon::prelude::*;
// Every map here is keyed by the paths of the project's own files: only the
// project being checked could choose keys that collide, so SipHash's defence
// buys nothing, and it showed up in profiles of `validate` on a thousand
// tools where FxHash does not.
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use super::contract::check_contract;
use super::env::process_env;
use super::git::{Loaded, Missing, slash, untracked};
use super::imports::collect::Specifier;
use super::imports::resolve::{Imports, Target, resolve};
use super::parse::{Language, STACK_SIZE, is_commonjs, parse};
use super::read::read_module;
use super::regex;
use super::scan::scan;
use super::todo::{migrate_todo, todos};
use super::{ModuleRef, ModuleReport};
use crate::diagnostics::{self, Diagnostic, Severity, Sources};

/// What one file contributes, computed once.
struct FileFacts {
    /// Root-relative, with `/`.
    rel: PathBuf,
    /// The text with its line index, kept only when the file has something
    /// to report: indexing it here, on a worker, keeps that work off the
    /// single-threaded report at the end.
    source: Option<Sources>,
    /// The tool contract (entry modules only): about this tool alone.
    contract: Vec<Diagnostic>,
    /// Syntax, imports, environment: these break every tool that loads the file.
    own: Vec<Diagnostic>,
    /// Repository files this one loads, to analyse next.
    edges: Vec<Edge>,
    /// Every file an import resolved to, for the git rule once the tracked
    /// set is known.
    loads: Vec<Load>,
}

struct Load {
    span: Range<usize>,
    /// The specifier as written, or the package's name.
    name: String,
    package: bool,
    target: PathBuf,
}

struct Edge {
    target: PathBuf,
    /// The specifier in this file.
    span: Range<usize>,
}

/// What every file's analysis shares.
struct Context<'a> {
    root: &'a Path,
    imports: &'a Imports,
}

pub fn check(project_root: &Path, modules: &[ModuleRef]) -> ModuleReport {
    let mut report = ModuleReport {
        diagnostics: Vec::new(),
        sources: Sources::new(),
    };
    // Resolved paths come back canonical, so the root must be too.
    let Ok(root) = project_root.canonicalize() else {
        return report;
    };
    // git runs while the files parse; only the last step needs its answer.
    let git_root = root.clone();
    let tracked = std::thread::Builder::new()
        .name("beeuni-git-ls-files".into())
        .spawn(move || super::git::tracked_files(&git_root));
    let pool = pool();
    let tools = entries(&root, modules, &pool);
    if tools.is_empty() {
        return report;
    }
    let entries: HashSet<PathBuf> = tools.iter().map(|(_, e)| e.clone()).collect();
    let imports = Imports::new();
    let context = Context {
        root: &root,
        imports: &imports,
    };
    let mut facts = analyse_all(&context, &entries, &pool);
    let tracked = match tracked {
        Ok(handle) => handle.join().ok().flatten(),
        Err(_) => super::git::tracked_files(&root),
    };
    if let Some(tracked) = &tracked {
        check_tracked(&root, tracked, &mut facts, &pool);
        for (module, entry) in &tools {
            if relative(&root, entry).is_some_and(|rel| !tracked.contains(&rel)) {
                report.diagnostics.push(super::git::untracked_tool(module));
            }
        }
    }
    report_facts(&tools, &mut facts, &pool, &mut report);
    // Freeing every file's facts, the resolver's caches and git's list takes
    // a while; the caller need not wait for it.
    discard(&pool, (facts, imports, entries, tracked));
    report
}

/// Drops `garbage` on the pool, off the caller's path; on this thread when
/// there is no pool.
fn discard<T: Send + 'static>(pool: &Pool, garbage: T) {
    match pool {
        Ok(pool) => pool.spawn(move || drop(garbage)),
        Err(_) => drop(garbage),
    }
}

/// The (tool, canonical module path) pairs worth checking; refs the manifest
/// layer already reports (missing, outside the root, not a file) are dropped.
fn entries<'m>(
    root: &Path,
    modules: &'m [ModuleRef],
    pool: &Pool,
) -> Vec<(&'m ModuleRef, PathBuf)> {
    // Tools sit in a few folders: canonicalize each folder once, and each
    // file only when it is itself a symlink.
    let mut folders: HashMap<&Path, Option<PathBuf>> = HashMap::default();
    let joined: Vec<(&ModuleRef, Option<PathBuf>)> = modules
        .iter()
        .map(|m| {
            let folder = m.path.parent().unwrap_or(Path::new(""));
            let canonical = folders
                .entry(folder)
                .or_insert_with(|| root.join(folder).canonicalize().ok());
            (
                m,
                canonical
                    .as_ref()
                    .zip(m.path.file_name())
                    .map(|(f, name)| f.join(name)),
            )
        })
        .collect();
    let check = |(m, entry): &(&'m ModuleRef, Option<PathBuf>)| {
        let mut entry = entry.clone()?;
        let mut metadata = entry.symlink_metadata().ok()?;
        if metadata.file_type().is_symlink() {
            entry = entry.canonicalize().ok()?;
            metadata = entry.metadata().ok()?;
        }
        (entry.starts_with(root) && metadata.is_file()).then_some((*m, entry))
    };
    match pool {
        Ok(pool) => pool.install(|| joined.par_iter().filter_map(check).collect()),
        Err(_) => joined.iter().filter_map(check).collect(),
    }
}

type Pool = Result<rayon::ThreadPool, rayon::ThreadPoolBuildError>;

/// Threads with a stack deep enough for swc (see `parse.rs`).
fn pool() -> Pool {
    rayon::ThreadPoolBuilder::new()
        .stack_size(STACK_SIZE)
        .thread_name(|i| format!("beeuni-module-check-{i}"))
        .build()
        .or_else(|_| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(1)
                .stack_size(STACK_SIZE)
                .build()
        })
}

/// Reads and parses `files` (absolute) on the same threads as [`check`],
/// and nothing else: the floor the benchmark compares [`check`] with.
/// Returns how many parsed without error.
pub fn parse_only(files: &[PathBuf]) -> usize {
    let parse_one = |path: &PathBuf| {
        let display = Path::new("");
        let Ok(text) = read_module(path, display) else {
            return false;
        };
        parse(&text, display, Language::of(path), is_commonjs(path)).is_ok()
    };
    match pool() {
        Ok(pool) => pool.install(|| files.par_iter().filter(|p| parse_one(p)).count()),
        Err(_) => files.iter().filter(|p| parse_one(p)).count(),
    }
}

/// Analyses the entries and everything they reach, each file once. A file's
/// imports are queued as soon as it is analysed, so no thread waits for
/// the slowest file of a level of the graph before the next level starts.
fn analyse_all(
    context: &Context<'_>,
    entries: &HashSet<PathBuf>,
    pool: &Pool,
) -> HashMap<PathBuf, FileFacts> {
    let Ok(pool) = pool else {
        // No thread could be started; parse on this one rather than not at all.
        return analyse_here(context, entries);
    };
    let walk = Walk {
        context,
        entries,
        seen: Mutex::new(entries.clone()),
        done: Mutex::new(Vec::with_capacity(entries.len())),
    };
    pool.install(|| {
        rayon::scope(|scope| {
            for entry in entries {
                let walk = &walk;
                scope.spawn(move |scope| walk.visit(scope, entry.clone()));
            }
        })
    });
    walk.done
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .collect()
}

/// The shared state of [`analyse_all`]'s threads.
struct Walk<'a> {
    context: &'a Context<'a>,
    entries: &'a HashSet<PathBuf>,
    /// Every file queued so far, so each is analysed once.
    seen: Mutex<HashSet<PathBuf>>,
    done: Mutex<Vec<(PathBuf, FileFacts)>>,
}

// A poisoned lock only means another thread panicked while holding it; the
// set and the list are whole, so the guards below take them anyway.
impl<'a> Walk<'a> {
    fn visit<'s>(&'s self, scope: &rayon::Scope<'s>, path: PathBuf)
    where
        'a: 's,
    {
        let file = analyse(self.context, &path, self.entries.contains(&path));
        let mut new = Vec::new();
        {
            let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
            for edge in &file.edges {
                // Looked up first: most imports name a file already queued.
                if !seen.contains(&edge.target) {
                    seen.insert(edge.target.clone());
                    new.push(edge.target.clone());
                }
            }
        }
        for target in new {
            scope.spawn(move |scope| self.visit(scope, target));
        }
        self.done
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((path, file));
    }
}

/// [`analyse_all`] on the calling thread alone.
fn analyse_here(context: &Context<'_>, entries: &HashSet<PathBuf>) -> HashMap<PathBuf, FileFacts> {
    let mut facts = HashMap::default();
    let mut seen = entries.clone();
    let mut queue: VecDeque<PathBuf> = entries.iter().cloned().collect();
    while let Some(path) = queue.pop_front() {
        let file = analyse(context, &path, entries.contains(&path));
        for edge in &file.edges {
            if seen.insert(edge.target.clone()) {
                queue.push_back(edge.target.clone());
            }
        }
        facts.insert(path, file);
    }
    facts
}

fn relative(root: &Path, path: &Path) -> Option<PathBuf> {
    path.strip_prefix(root)
        .ok()
        .map(|p| PathBuf::from(slash(p)))
}

/// Reads, parses and checks one file.
fn analyse(context: &Context<'_>, path: &Path, is_entry: bool) -> FileFacts {
    let rel = relative(context.root, path).unwrap_or_else(|| path.to_path_buf());
    let mut facts = FileFacts {
        rel,
        source: None,
        contract: Vec::new(),
        own: Vec::new(),
        edges: Vec::new(),
        loads: Vec::new(),
    };
    let language = Language::of(path);
    if language == Language::Data {
        return facts;
    }
    let text = match read_module(path, &facts.rel) {
        Ok(text) => text,
        Err(d) => {
            facts.own.push(d);
            return facts;
        }
    };
    let program = match parse(&text, &facts.rel, language, is_commonjs(path)) {
        Ok(program) => program,
        Err(diagnostics) => {
            facts.own.extend(diagnostics);
            facts.source = Some(source(&facts.rel, text));
            return facts;
        }
    };
    if is_entry {
        facts.contract = check_contract(&program, &facts.rel);
    }
    let scanned = scan(&program, &text);
    facts
        .own
        .extend(scanned.env.iter().map(|read| process_env(&facts.rel, read)));
    facts
        .own
        .extend(todos(&text).iter().map(|t| migrate_todo(&facts.rel, t)));
    facts.own.extend(
        scanned
            .regexes
            .iter()
            .filter_map(|literal| regex::check(&facts.rel, literal)),
    );
    let imports = scanned.imports;
    // The tree recurses as it drops: drop it here, on this thread's big stack.
    drop(program);
    let dir = context
        .imports
        .folder(path.parent().unwrap_or(context.root));
    for import in &imports {
        let specifier = match &import.specifier {
            Specifier::Literal(s) => s.as_str(),
            Specifier::Computed => "",
        };
        match resolve(context.imports, &dir, path, &facts.rel, import) {
            Ok(Target::Builtin) => {}
            Ok(Target::File(target)) => {
                if target.starts_with(context.root) {
                    facts.edges.push(Edge {
                        target: target.clone(),
                        span: import.span.clone(),
                    });
                }
                facts.loads.push(Load {
                    span: import.span.clone(),
                    name: specifier.to_string(),
                    package: false,
                    target,
                });
            }
            Ok(Target::Package { name, file }) => {
                facts.loads.push(Load {
                    span: import.span.clone(),
                    name,
                    package: true,
                    target: file,
                });
            }
            Err(d) => facts.own.push(d),
        }
    }
    // Most files have nothing to show; the few whose text a later rule
    // needs are read again then.
    if !facts.contract.is_empty() || !facts.own.is_empty() {
        facts.source = Some(source(&facts.rel, text));
    }
    facts
}

/// `text` as the report's sources hold it, under `rel`.
fn source(rel: &Path, text: String) -> Sources {
    let mut source = Sources::new();
    source.insert(rel, text);
    source
}

/// The git rule: an import that resolves to a file git does not track, or
/// to one outside the repository, works here and fails in the sandbox.
fn check_tracked(
    root: &Path,
    tracked: &HashSet<PathBuf>,
    facts: &mut HashMap<PathBuf, FileFacts>,
    pool: &Pool,
) {
    match pool {
        Ok(pool) => pool.install(|| {
            facts
                .par_iter_mut()
                .for_each_init(HashMap::default, |verdicts, (_, file)| {
                    judge_loads(root, tracked, verdicts, file);
                });
        }),
        Err(_) => {
            let mut verdicts = HashMap::default();
            for file in facts.values_mut() {
                judge_loads(root, tracked, &mut verdicts, file);
            }
        }
    }
}

/// What git's answer means for each file an import loads. Keyed by the
/// path's bytes, which hash faster than its components; the same file
/// spelled two ways is merely judged twice.
type Verdicts<'a> = HashMap<&'a OsStr, Option<Missing>>;

/// The git rule for the imports of one file. Thousands of imports name the
/// same few files, so each thread judges each file once in `verdicts`.
fn judge_loads<'a>(
    root: &Path,
    tracked: &HashSet<PathBuf>,
    verdicts: &mut Verdicts<'a>,
    file: &'a mut FileFacts,
) {
    let FileFacts {
        rel, own, loads, ..
    } = file;
    let loads: &'a [Load] = loads;
    for load in loads {
        let verdict = verdicts.entry(load.target.as_os_str()).or_insert_with(|| {
            match relative(root, &load.target) {
                Some(rel) if tracked.contains(&rel) => None,
                Some(rel) => Some(Missing::Untracked(rel)),
                None => Some(Missing::OutsideRepo),
            }
        });
        let Some(missing) = verdict else { continue };
        let loaded = if load.package {
            Loaded::Package(&load.name)
        } else {
            Loaded::Module(&load.name)
        };
        own.push(untracked(rel, load.span.clone(), loaded, missing));
    }
}

/// Most tools a diagnostic in a shared file names; the rest are implied.
const MAX_TOOLS_NAMED: usize = 5;

/// A tool that loads a file, and the import in the tool's own module that leads there.
#[derive(Clone)]
struct Loader<'a> {
    tool: &'a str,
    /// The entry module, root-relative and absolute.
    entry: &'a Path,
    entry_path: &'a Path,
    first_hop: Range<usize>,
}

/// For each file in `wanted`, the tools that load it through an import.
/// Breadth-first from each tool, so the first hop is on a shortest path.
/// The tools' walks are independent, so they run on the pool; their
/// findings merge in the tools' order, as one walk after another would.
fn loaders<'a>(
    tools: &'a [(&'a ModuleRef, PathBuf)],
    facts: &'a HashMap<PathBuf, FileFacts>,
    wanted: &HashSet<&Path>,
    pool: &Pool,
) -> HashMap<&'a Path, Vec<Loader<'a>>> {
    let mut loaded_by: HashMap<&Path, Vec<Loader<'_>>> = HashMap::default();
    if wanted.is_empty() {
        return loaded_by;
    }
    let walk = |tool| walk_from(tool, facts, wanted);
    let found: Vec<Vec<(&Path, Loader<'_>)>> = match pool {
        Ok(pool) => pool.install(|| tools.par_iter().map(walk).collect()),
        Err(_) => tools.iter().map(walk).collect(),
    };
    for (path, loader) in found.into_iter().flatten() {
        loaded_by.entry(path).or_default().push(loader);
    }
    for users in loaded_by.values_mut() {
        users.sort_by(|a, b| a.tool.cmp(b.tool));
        users.dedup_by(|a, b| a.tool == b.tool);
    }
    loaded_by
}

/// The files of `wanted` one tool loads, in breadth-first order.
fn walk_from<'a>(
    (tool, entry): &'a (&'a ModuleRef, PathBuf),
    facts: &'a HashMap<PathBuf, FileFacts>,
    wanted: &HashSet<&Path>,
) -> Vec<(&'a Path, Loader<'a>)> {
    let mut found = Vec::new();
    let Some(entry_facts) = facts.get(entry) else {
        return found;
    };
    let mut seen: HashSet<&Path> = HashSet::from_iter([entry.as_path()]);
    let mut queue: VecDeque<(&Path, &Range<usize>)> = entry_facts
        .edges
        .iter()
        .map(|e| (e.target.as_path(), &e.span))
        .collect();
    while let Some((path, first_hop)) = queue.pop_front() {
        if !seen.insert(path) {
            continue;
        }
        if wanted.contains(path) {
            found.push((
                path,
                Loader {
                    tool: tool.tool.as_str(),
                    entry: entry_facts.rel.as_path(),
                    entry_path: entry.as_path(),
                    first_hop: first_hop.clone(),
                },
            ));
        }
        if let Some(file) = facts.get(path) {
            queue.extend(file.edges.iter().map(|e| (e.target.as_path(), first_hop)));
        }
    }
    found
}

/// What one file has to report, taken out of its facts so that the
/// diagnostics and the text move into the report rather than being copied.
struct Problems {
    path: PathBuf,
    rel: PathBuf,
    contract: Vec<Diagnostic>,
    own: Vec<Diagnostic>,
    source: Option<Sources>,
}

fn report_facts(
    tools: &[(&ModuleRef, PathBuf)],
    facts: &mut HashMap<PathBuf, FileFacts>,
    pool: &Pool,
    report: &mut ModuleReport,
) {
    // Sorted, so diagnostics at the same place keep one order on every run;
    // a clean file has nothing to report, and most files are clean.
    let mut problems: Vec<Problems> = facts
        .iter_mut()
        .filter(|(_, f)| !f.contract.is_empty() || !f.own.is_empty())
        .map(|(path, f)| Problems {
            path: path.clone(),
            rel: f.rel.clone(),
            contract: std::mem::take(&mut f.contract),
            own: std::mem::take(&mut f.own),
            source: f.source.take(),
        })
        .collect();
    problems.sort_by(|a, b| a.rel.cmp(&b.rel));
    let facts = &*facts;
    let mut declared: HashMap<&Path, Vec<&ModuleRef>> = HashMap::default();
    if problems.iter().any(|p| !p.contract.is_empty()) {
        for (tool, entry) in tools {
            declared.entry(entry.as_path()).or_default().push(tool);
        }
    }
    // Only files with a problem need to know who loads them.
    let troubled: HashSet<&Path> = problems
        .iter()
        .filter(|p| p.own.iter().any(|d| d.severity != Severity::Note))
        .map(|p| p.path.as_path())
        .collect();
    let loaded_by = loaders(tools, facts, &troubled, pool);
    let explain = |p: &mut Problems| explain(p, &declared, &loaded_by);
    let explained: Vec<(Vec<Diagnostic>, Vec<&Loader<'_>>)> = match pool {
        Ok(pool) => pool.install(|| problems.par_iter_mut().map(explain).collect()),
        Err(_) => problems.iter_mut().map(explain).collect(),
    };
    // Files whose text the report shows without having kept it: entries a
    // related label points into, files only the git rule found a problem in.
    let mut unread: HashMap<PathBuf, PathBuf> = HashMap::default();
    let mut entries_shown: HashMap<&Path, &Path> = HashMap::default();
    for ((diagnostics, users), problem) in explained.into_iter().zip(problems) {
        report.diagnostics.extend(diagnostics);
        for user in users {
            entries_shown.insert(user.entry, user.entry_path);
        }
        match problem.source {
            Some(source) => report.sources.extend(source),
            None => {
                unread.insert(problem.rel, problem.path);
            }
        }
    }
    for (rel, path) in entries_shown {
        if report.sources.get(rel).is_none() {
            unread
                .entry(rel.to_path_buf())
                .or_insert_with(|| path.to_path_buf());
        }
    }
    let read = |(rel, path): (&PathBuf, &PathBuf)| {
        read_module(path, rel).ok().map(|text| source(rel, text))
    };
    let sources: Vec<Sources> = match pool {
        Ok(pool) => pool.install(|| unread.par_iter().filter_map(read).collect()),
        Err(_) => unread.iter().filter_map(read).collect(),
    };
    for source in sources {
        report.sources.extend(source);
    }
    sort(&mut report.diagnostics, pool);
}

/// One file's diagnostics, each with the related labels that say which
/// tools it breaks, and the tools whose entries those labels point into.
fn explain<'a>(
    problem: &mut Problems,
    declared: &HashMap<&Path, Vec<&ModuleRef>>,
    loaded_by: &'a HashMap<&Path, Vec<Loader<'_>>>,
) -> (Vec<Diagnostic>, Vec<&'a Loader<'a>>) {
    let path = problem.path.as_path();
    let mut diagnostics = Vec::with_capacity(problem.contract.len() + problem.own.len());
    let mut shown = Vec::new();
    for mut d in std::mem::take(&mut problem.contract) {
        for tool in declared.get(path).into_iter().flatten() {
            if let Some(at) = &tool.declared_at {
                d = d.related(
                    &at.file,
                    at.span.clone(),
                    format!("declared as the tool `{}` here", tool.tool),
                );
            }
        }
        diagnostics.push(d);
    }
    for mut d in std::mem::take(&mut problem.own) {
        if d.severity != Severity::Note
            && let Some(users) = loaded_by.get(path)
        {
            for user in users.iter().take(MAX_TOOLS_NAMED) {
                let message = if d.is_error() {
                    format!(
                        "the tool `{}` loads this file through here, so it does not load either",
                        user.tool
                    )
                } else {
                    format!("the tool `{}` loads this file through here", user.tool)
                };
                d = d.related(user.entry, user.first_hop.clone(), message);
                shown.push(user);
            }
        }
        diagnostics.push(d);
    }
    (diagnostics, shown)
}

/// [`diagnostics::sort`]'s order. That function copies the path of both
/// diagnostics at each comparison; sorting by the same key without the
/// copies first leaves it one sorted run to confirm.
fn sort(diagnostics: &mut [Diagnostic], pool: &Pool) {
    fn key(d: &Diagnostic) -> Option<(&Path, usize, usize)> {
        d.location
            .as_ref()
            .map(|l| (l.file.as_path(), l.span.start, l.span.end))
    }
    let order = |a: &Diagnostic, b: &Diagnostic| {
        key(a)
            .cmp(&key(b))
            .then(a.severity.cmp(&b.severity))
            .then(a.code.name.cmp(b.code.name))
    };
    // Both sorts are stable, so the order is the same either way.
    match pool {
        Ok(pool) => pool.install(|| diagnostics.par_sort_by(order)),
        Err(_) => diagnostics.sort_by(order),
    }
    diagnostics::sort(diagnostics);
}
