//! Walking every tool's import graph once: each file is read, parsed and
//! checked exactly once however many tools share it, in waves of files
//! analysed in parallel on threads with a parser-sized stack. Then each
//! diagnostic in a shared file learns which tools it breaks.

use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};
use std::ops::Range;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use super::contract::check_contract;
use super::env::process_env;
use super::git::{Loaded, Missing, slash, untracked};
use super::imports::collect::Specifier;
use super::imports::resolve::{Imports, Target, resolve};
use super::parse::{Language, STACK_SIZE, is_commonjs, parse};
use super::read::read_module;
use super::scan::scan;
use super::{ModuleRef, ModuleReport};
use crate::diagnostics::{self, Diagnostic, Severity, Sources};

/// What one file contributes, computed once.
struct FileFacts {
    /// Root-relative, with `/`.
    rel: PathBuf,
    text: Option<String>,
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
    if let Some(tracked) = tracked {
        check_tracked(&root, &tracked, &mut facts);
        for (module, entry) in &tools {
            if relative(&root, entry).is_some_and(|rel| !tracked.contains(&rel)) {
                report.diagnostics.push(super::git::untracked_tool(module));
            }
        }
    }
    report_facts(&tools, &facts, &mut report);
    report
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
    let mut folders: HashMap<&Path, Option<PathBuf>> = HashMap::new();
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

/// Analyses the entries and everything they reach, each file once.
fn analyse_all(
    context: &Context<'_>,
    entries: &HashSet<PathBuf>,
    pool: &Pool,
) -> HashMap<PathBuf, FileFacts> {
    let mut facts: HashMap<PathBuf, FileFacts> = HashMap::new();
    let mut wave: Vec<PathBuf> = entries.iter().cloned().collect();
    while !wave.is_empty() {
        let analyse = |path: &PathBuf| analyse(context, path, entries.contains(path));
        let results: Vec<FileFacts> = match pool {
            Ok(pool) => pool.install(|| wave.par_iter().map(analyse).collect()),
            // No thread could be started; parse on this one rather than not at all.
            Err(_) => wave.iter().map(analyse).collect(),
        };
        let mut next = HashSet::new();
        for (path, file) in wave.drain(..).zip(results) {
            next.extend(
                file.edges
                    .iter()
                    .filter(|e| !facts.contains_key(&e.target))
                    .map(|e| e.target.clone()),
            );
            facts.insert(path, file);
        }
        wave = next
            .into_iter()
            .filter(|p| !facts.contains_key(p))
            .collect();
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
        text: None,
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
            facts.text = Some(text);
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
        facts.text = Some(text);
    }
    facts
}

/// The git rule: an import that resolves to a file git does not track, or
/// to one outside the repository, works here and fails in the sandbox.
fn check_tracked(root: &Path, tracked: &HashSet<PathBuf>, facts: &mut HashMap<PathBuf, FileFacts>) {
    // Thousands of imports name the same few files: judge each file once.
    let mut verdicts: HashMap<&Path, Option<Missing>> = HashMap::new();
    let mut found: Vec<(PathBuf, Diagnostic)> = Vec::new();
    for (path, file) in facts.iter() {
        for load in &file.loads {
            let verdict = verdicts.entry(load.target.as_path()).or_insert_with(|| {
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
            let diagnostic = untracked(&file.rel, load.span.clone(), loaded, missing);
            found.push((path.clone(), diagnostic));
        }
    }
    for (path, diagnostic) in found {
        if let Some(file) = facts.get_mut(&path) {
            file.own.push(diagnostic);
        }
    }
}

/// Most tools a diagnostic in a shared file names; the rest are implied.
const MAX_TOOLS_NAMED: usize = 5;

/// A tool that loads a file, and the import in the tool's own module that leads there.
#[derive(Clone)]
struct Loader<'a> {
    tool: &'a str,
    entry: &'a Path,
    first_hop: Range<usize>,
}

/// For each file in `wanted`, the tools that load it through an import.
/// Breadth-first from each tool, so the first hop is on a shortest path.
fn loaders<'a>(
    tools: &'a [(&'a ModuleRef, PathBuf)],
    facts: &'a HashMap<PathBuf, FileFacts>,
    wanted: &HashSet<&Path>,
) -> HashMap<&'a Path, Vec<Loader<'a>>> {
    let mut loaded_by: HashMap<&Path, Vec<Loader<'_>>> = HashMap::new();
    if wanted.is_empty() {
        return loaded_by;
    }
    for (tool, entry) in tools {
        let Some(entry_facts) = facts.get(entry) else {
            continue;
        };
        let mut seen: HashSet<&Path> = HashSet::from([entry.as_path()]);
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
                loaded_by.entry(path).or_default().push(Loader {
                    tool: tool.tool.as_str(),
                    entry: entry_facts.rel.as_path(),
                    first_hop: first_hop.clone(),
                });
            }
            if let Some(file) = facts.get(path) {
                queue.extend(file.edges.iter().map(|e| (e.target.as_path(), first_hop)));
            }
        }
    }
    for users in loaded_by.values_mut() {
        users.sort_by(|a, b| a.tool.cmp(b.tool));
        users.dedup_by(|a, b| a.tool == b.tool);
    }
    loaded_by
}

fn report_facts(
    tools: &[(&ModuleRef, PathBuf)],
    facts: &HashMap<PathBuf, FileFacts>,
    report: &mut ModuleReport,
) {
    // Sorted, so diagnostics at the same place keep one order on every run;
    // a clean file has nothing to report, and most files are clean.
    let mut files: Vec<(&PathBuf, &FileFacts)> = facts
        .iter()
        .filter(|(_, f)| !f.contract.is_empty() || !f.own.is_empty())
        .collect();
    files.sort_by(|a, b| a.1.rel.cmp(&b.1.rel));
    let mut declared: HashMap<&Path, Vec<&ModuleRef>> = HashMap::new();
    if files.iter().any(|(_, f)| !f.contract.is_empty()) {
        for (tool, entry) in tools {
            declared.entry(entry.as_path()).or_default().push(tool);
        }
    }
    // Only files with a problem need to know who loads them.
    let troubled: HashSet<&Path> = files
        .iter()
        .copied()
        .filter(|(_, f)| f.own.iter().any(|d| d.severity != Severity::Note))
        .map(|(p, _)| p.as_path())
        .collect();
    let loaded_by = loaders(tools, facts, &troubled);
    let mut wanted: BTreeSet<&Path> = BTreeSet::new();
    for (path, file) in files {
        for d in &file.contract {
            let mut d = d.clone();
            for tool in declared.get(path.as_path()).into_iter().flatten() {
                if let Some(at) = &tool.declared_at {
                    d = d.related(
                        &at.file,
                        at.span.clone(),
                        format!("declared as the tool `{}` here", tool.tool),
                    );
                }
            }
            report.diagnostics.push(d);
        }
        for d in &file.own {
            let mut d = d.clone();
            if d.severity != Severity::Note
                && let Some(users) = loaded_by.get(path.as_path())
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
                    wanted.insert(user.entry);
                }
            }
            report.diagnostics.push(d);
        }
        if !file.contract.is_empty() || !file.own.is_empty() {
            wanted.insert(&file.rel);
        }
    }
    for (path, file) in facts.iter().filter(|_| !wanted.is_empty()) {
        if !wanted.contains(file.rel.as_path()) {
            continue;
        }
        let text = match &file.text {
            Some(text) => Some(text.clone()),
            None => read_module(path, &file.rel).ok(),
        };
        if let Some(text) = text {
            report.sources.insert(file.rel.clone(), text);
        }
    }
    diagnostics::sort(&mut report.diagnostics);
}
