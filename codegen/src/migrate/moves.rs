//! What moves where: which tool files migrate (a file moves whole or stays
//! whole), which helpers follow them (moved, or copied when a file that
//! stays still imports them), the new text of every moved file with its
//! relative imports rewritten, the declared name and module of every tool,
//! and the notes with the lines they point at in the files as written.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::{Path, PathBuf};

use checker::project::Project;
use checker::project::names::is_beeuni_tool;

use super::analyze::Facts;
use super::discover::{Kind, LegacyFile};
use super::imports::{all_edits, new_text, reparses, resolve_lexical};
use super::legacy::Export;
use super::naming;
use super::notes::{line_of, map_offset, note_at};
use super::paths::{normalize, shown};
use super::report::{FileAction, FileLine, Note, Status, ToolLine};
use super::wrapper::{wrapper_path, wrapper_text};
use super::{Change, Config, Finding, Pending};

pub struct Moved {
    pub tools: Vec<ToolLine>,
    pub files: Vec<FileLine>,
    pub changes: Vec<Change>,
    pub pending: Vec<Pending>,
}

/// Why a tool file stays where it is.
struct Blocked(Vec<Finding>);

pub fn decide(project: &Project, config: &Config, analysed: &[(LegacyFile, Facts)]) -> Moved {
    let root = &project.root;
    let index: HashMap<&Path, usize> = analysed
        .iter()
        .enumerate()
        .map(|(i, (f, _))| (f.path.as_path(), i))
        .collect();
    let new_path = |i: usize| -> PathBuf {
        let file = &analysed[i].0;
        config
            .to
            .join(file.path.strip_prefix(&file.folder).unwrap_or(&file.path))
    };
    let resolve = |i: usize, spec: &str| -> Option<usize> {
        let base = analysed[i].0.path.parent().unwrap_or(Path::new(""));
        let lexical = normalize(&base.join(spec));
        resolve_lexical(&lexical, &index)
    };
    let mut out = Moved {
        tools: Vec::new(),
        files: Vec::new(),
        changes: Vec::new(),
        pending: Vec::new(),
    };
    // Modules the manifest declares already, by path: rewritten in place
    // (`--from tools --to tools`), they keep their names and entries.
    let declared: HashMap<PathBuf, String> = project
        .tool_entries
        .iter()
        .filter_map(|e| Some((normalize(Path::new(e.value.as_deref()?)), e.name.clone())))
        .collect();
    let in_place = |i: usize| new_path(i) == analysed[i].0.path;
    // Files of a subfolder whose tools a barrel hands to opencode: they
    // migrate as tool files, under the names the barrel gives them.
    let promoted = super::barrels::promoted(analysed, &resolve);
    let opencode_of = |i: usize, export: &Export| -> Option<String> {
        match promoted.get(&i) {
            Some(names) => names.get(export).cloned(),
            None => Some(naming::opencode_name(
                &stem(&analysed[i].0.path),
                export_name(export).as_deref(),
            )),
        }
    };
    let mut tool_files = Vec::new();
    let mut blocked: HashMap<usize, Blocked> = HashMap::new();
    for (i, (file, facts)) in analysed.iter().enumerate() {
        if file.kind != Kind::ToolModule && !promoted.contains_key(&i) {
            continue;
        }
        let stem = stem(&file.path);
        let legacy = shown(&file.path);
        // A copy of a Beeuni tool that opencode loads; never a module the
        // manifest declares (an ejected tool), nor a plain module elsewhere.
        let opencode_copy = facts.is_tool_file
            || checker::rules::LEGACY_TOOL_DIRS
                .iter()
                .any(|dir| Path::new(dir) == file.folder);
        // A file with named tools is the project's own (`memory.ts` exporting
        // `remember` and `recall`), not a copy: deleting it would lose them.
        let own_tools = facts
            .tools
            .iter()
            .any(|t| matches!(t.export, Export::Named(_)));
        if is_beeuni_tool(&stem)
            && !promoted.contains_key(&i)
            && opencode_copy
            && !own_tools
            && !declared.contains_key(&file.path)
        {
            // The copy was what the standard harness offered; without an
            // entry, deleting it takes the tool away from those sessions.
            let notes = match project.tool_set().get(&stem) {
                Some(_) => Vec::new(),
                None => vec![Note {
                    file: legacy.clone(),
                    line: 1,
                    message: format!(
                        "this project's `tools:` key does not list `{stem}`, so sessions no longer get it; add `{stem}: beeuni:{stem}` to keep it"
                    ),
                    manual: true,
                }],
            };
            out.tools.push(ToolLine {
                legacy: legacy.clone(),
                export: None,
                opencode_name: stem.clone(),
                name: None,
                module: None,
                status: Status::DeletedBeeuniCopy,
                notes,
                already_declared: false,
            });
            out.changes.push(Change {
                path: legacy,
                before: file.text.clone(),
                after: None,
            });
            continue;
        }
        let problem = file
            .unreadable
            .clone()
            .or_else(|| facts.syntax_error.clone());
        if let Some(problem) = problem {
            out.tools.push(ToolLine {
                legacy: legacy.clone(),
                export: None,
                opencode_name: stem,
                name: None,
                module: None,
                status: Status::NeedsManualStep,
                notes: vec![Note {
                    file: legacy,
                    line: 1,
                    message: format!(
                        "the file cannot be read as a module ({problem}); it stays where it is"
                    ),
                    manual: true,
                }],
                already_declared: false,
            });
            continue;
        }
        if facts.tools.is_empty() {
            continue;
        }
        tool_files.push(i);
        let reasons: Vec<Finding> = facts
            .tools
            .iter()
            .filter_map(|t| t.blocked.clone())
            .collect();
        if !reasons.is_empty() {
            blocked.insert(i, Blocked(reasons));
        }
        for tool in &facts.tools {
            if tool.needs_evaluation {
                out.pending.push(Pending {
                    file: shown(&file.path),
                    export: tool.export.clone(),
                });
            }
        }
    }
    // Block until stable: a blocked helper blocks its importers.
    let mut texts: HashMap<usize, String> = HashMap::new();
    let mut helpers: BTreeSet<usize>;
    loop {
        let migrating: Vec<usize> = tool_files
            .iter()
            .copied()
            .filter(|i| !blocked.contains_key(i))
            .collect();
        helpers = BTreeSet::new();
        let mut importers: HashMap<usize, BTreeSet<usize>> = HashMap::new();
        let mut queue: Vec<(usize, usize)> = migrating.iter().map(|&i| (i, i)).collect();
        let mut seen: HashSet<(usize, usize)> = HashSet::new();
        while let Some((owner, i)) = queue.pop() {
            if !seen.insert((owner, i)) {
                continue;
            }
            for import in &analysed[i].1.relative_imports {
                if let Some(j) = resolve(i, &import.specifier)
                    && !tool_files.contains(&j)
                {
                    helpers.insert(j);
                    importers.entry(j).or_default().insert(owner);
                    queue.push((owner, j));
                }
            }
        }
        let mut newly = Vec::new();
        for &j in &helpers {
            let file = &analysed[j].0;
            let problem = if file.text.is_none() {
                Some(format!(
                    "it imports {}, which cannot be moved ({})",
                    shown(&file.path),
                    file.unreadable.clone().unwrap_or_default()
                ))
            } else if !in_place(j) && root.join(new_path(j)).exists() {
                Some(format!(
                    "it imports {}, which would move to {}, where a file exists",
                    shown(&file.path),
                    shown(&new_path(j))
                ))
            } else {
                None
            };
            if let Some(problem) = problem {
                for &owner in &importers[&j] {
                    newly.push((owner, Finding::manual(0..0, problem.clone())));
                }
            }
        }
        for &i in &migrating {
            if !in_place(i) && root.join(new_path(i)).exists() {
                newly.push((
                    i,
                    Finding::manual(
                        0..0,
                        format!(
                            "{} exists already; move the file by hand",
                            shown(&new_path(i))
                        ),
                    ),
                ));
            }
            // Moving a declared module would leave its entry pointing at nothing.
            let here = &analysed[i].0.path;
            if let Some(name) = declared.get(here).filter(|_| !in_place(i)) {
                let folder = shown(here.parent().unwrap_or(Path::new("")));
                newly.push((
                    i,
                    Finding::manual(
                        0..0,
                        format!(
                            "beeuni.yaml declares it as `{name}`; rewrite it where it is with `beeuni tools migrate --from {folder} --to {folder}`"
                        ),
                    ),
                ));
            }
        }
        // New texts, checked to parse.
        texts.clear();
        let moving: BTreeSet<usize> = migrating
            .iter()
            .copied()
            .chain(helpers.iter().copied())
            .collect();
        for &i in &moving {
            // Who stays behind when this file cannot be rewritten: the tool
            // file itself, or every migrating tool that imports the helper.
            let owners: Vec<usize> = if tool_files.contains(&i) {
                vec![i]
            } else {
                importers
                    .get(&i)
                    .map(|s| s.iter().copied().collect())
                    .unwrap_or_default()
            };
            let checked = new_text(i, analysed, &moving, &new_path, &resolve)
                .map_err(|problem| {
                    format!(
                        "the rewrite of {} failed ({problem})",
                        shown(&analysed[i].0.path)
                    )
                })
                .and_then(|text| match reparses(&text, &new_path(i)) {
                    Ok(()) => Ok(text),
                    Err(problem) => Err(format!(
                        "the rewritten {} would not parse ({problem})",
                        shown(&analysed[i].0.path)
                    )),
                });
            let text = match checked {
                Ok(text) => text,
                Err(what_failed) => {
                    for &owner in &owners {
                        newly.push((
                            owner,
                            Finding::manual(0..0, format!("{what_failed}; please report this")),
                        ));
                    }
                    continue;
                }
            };
            texts.insert(i, text);
        }
        if newly.is_empty() {
            break;
        }
        for (owner, finding) in newly {
            blocked
                .entry(owner)
                .or_insert_with(|| Blocked(Vec::new()))
                .0
                .push(finding);
        }
    }
    let migrating = |j: usize| texts.contains_key(&j) && tool_files.contains(&j);
    // Barrels deleted because everything they hand on migrates: what they
    // import does not stay behind for them.
    let gone = super::barrels::deleted(analysed, &migrating, &resolve, &promoted);
    let staying_imports: HashSet<usize> = analysed
        .iter()
        .enumerate()
        .filter(|(i, (f, _))| {
            f.kind != Kind::Data
                && !texts.contains_key(i)
                && !helpers.contains(i)
                && !gone.contains(i)
        })
        .flat_map(|(i, (_, facts))| {
            facts
                .relative_imports
                .iter()
                .filter_map(move |imp| resolve(i, &imp.specifier))
        })
        .collect();
    // Names, modules and report lines, in file order.
    let mut taken: HashSet<String> = project
        .tool_entries
        .iter()
        .map(|e| e.name.clone())
        .collect();
    let mut planned_paths: HashSet<PathBuf> = texts.keys().map(|&i| new_path(i)).collect();
    for &i in &tool_files {
        let (file, facts) = &analysed[i];
        let legacy = shown(&file.path);
        if let Some(Blocked(reasons)) = blocked.get(&i) {
            for tool in &facts.tools {
                let Some(opencode_name) = opencode_of(i, &tool.export) else {
                    continue;
                };
                let mut notes: Vec<Note> = tool
                    .blocked
                    .iter()
                    .chain(reasons.iter().filter(|r| tool.blocked.as_ref() != Some(r)))
                    .map(|f| {
                        note_at(
                            &legacy,
                            file.text.as_deref().unwrap_or(""),
                            &[],
                            f,
                            tool.span.start,
                        )
                    })
                    .collect();
                if tool.blocked.is_none() && facts.tools.len() > 1 {
                    notes.insert(
                        0,
                        Note {
                            file: legacy.clone(),
                            line: line_of(file.text.as_deref().unwrap_or(""), tool.span.start),
                            message: "the file stays where it is until every tool in it can move"
                                .into(),
                            manual: true,
                        },
                    );
                }
                out.tools.push(ToolLine {
                    legacy: legacy.clone(),
                    export: export_name(&tool.export),
                    opencode_name,
                    name: None,
                    module: None,
                    status: Status::NeedsManualStep,
                    notes,
                    already_declared: false,
                });
            }
            continue;
        }
        let Some(text) = texts.get(&i) else { continue };
        let module_path = new_path(i);
        let module = shown(&module_path);
        let edits = all_edits(i, analysed, &texts, &new_path, &resolve);
        // A promoted file's tools each get a module of their own.
        let single = facts.tools.len() == 1 && !promoted.contains_key(&i);
        for tool in &facts.tools {
            let export = export_name(&tool.export);
            let Some(opencode) = opencode_of(i, &tool.export) else {
                continue; // not a tool opencode offers
            };
            let already = declared
                .get(&module_path)
                .filter(|_| single || tool.export == Export::Default);
            let name = match already {
                Some(name) => name.clone(),
                None => naming::declared_name(&opencode, &|n| taken.contains(n)),
            };
            taken.insert(name.clone());
            let tool_module = match (&tool.export, single) {
                (Export::Default, _) | (_, true) => module.clone(),
                (Export::Named(x), false) => {
                    let wrapper = wrapper_path(&module_path, &name, &planned_paths, root);
                    planned_paths.insert(wrapper.clone());
                    out.changes.push(Change {
                        path: shown(&wrapper),
                        before: None,
                        after: Some(wrapper_text(&opencode, &legacy, x, &module_path)),
                    });
                    shown(&wrapper)
                }
            };
            // A finding inside another tool's definition is that tool's
            // alone; one outside every definition concerns them all.
            let contains = |outer: &std::ops::Range<usize>, inner: &std::ops::Range<usize>| {
                outer.start <= inner.start && inner.end <= outer.end
            };
            let mine = |span: &std::ops::Range<usize>| {
                contains(&tool.span, span)
                    || !facts
                        .tools
                        .iter()
                        .any(|other| other.span != tool.span && contains(&other.span, span))
            };
            let mut notes: Vec<Note> = tool
                .findings
                .iter()
                .chain(
                    facts
                        .findings
                        .iter()
                        .filter(|f| f.span == (0..0) || mine(&f.span)),
                )
                .map(|f| note_at(&module, text, &edits, f, tool.span.start))
                .collect();
            if name != opencode && already.is_none() {
                notes.insert(0, Note {
                    file: module.clone(),
                    line: line_of(text, map_offset(&edits, tool.span.start)),
                    message: format!("declared as `{name}`: opencode called it `{opencode}`, which {}; the model sees the new name", why_renamed(&opencode, &name, &taken_before(&taken, &name))),
                    manual: false,
                });
            }
            let (outside_notes, outside_texts) = outside_helpers(root, i, analysed, &resolve);
            notes.extend(outside_notes);
            // Every file the context can reach from this tool: its module,
            // then the helpers outside the legacy folders, then those moved.
            let mut reached: Vec<(String, &str)> = vec![(module.clone(), &text[..])];
            reached.extend(outside_texts.iter().map(|(f, t)| (f.clone(), &t[..])));
            reached.extend(
                helpers_of(i, analysed, &resolve)
                    .into_iter()
                    .filter_map(|h| texts.get(&h).map(|t| (shown(&new_path(h)), &t[..]))),
            );
            let first_reader = |names: &[&'static str]| {
                reached
                    .iter()
                    .find_map(|(f, t)| first_field_read(t, names).map(|n| (f.clone(), n)))
            };
            let mut make_steps = |prefix: &str, message: String| {
                for note in notes.iter_mut().filter(|n| n.message.starts_with(prefix)) {
                    note.manual = true;
                    note.message = message.clone();
                }
            };
            // The whole context handed to code that reads opencode's field
            // names: those read `undefined` now, so the result changes.
            if let Some((file, name)) = first_reader(OPENCODE_FIELDS) {
                make_steps(
                    WHOLE_CONTEXT,
                    format!(
                        "{WHOLE_CONTEXT}, and {file} reads `{name}` from a context, which Beeuni's does not have (it has `signal`, `sessionId`, `directory`): rename what it reads"
                    ),
                );
            }
            // The view in opencode's shape covers every field but these two.
            if let Some((file, name)) = first_reader(&["messageID", "callID"]) {
                make_steps(
                    super::execute::ADAPTED_CONTEXT,
                    format!(
                        "the context is handed on here, and {file} reads `{name}` from it, which Beeuni's context has no counterpart for: give it what it needs by hand"
                    ),
                );
            }
            for helper in helpers_of(i, analysed, &resolve) {
                let Some(helper_text) = texts.get(&helper) else {
                    continue;
                };
                let helper_module = shown(&new_path(helper));
                let helper_edits = all_edits(helper, analysed, &texts, &new_path, &resolve);
                notes.extend(
                    helper_findings(&analysed[helper].1)
                        .iter()
                        .map(|f| note_at(&helper_module, helper_text, &helper_edits, f, 0)),
                );
            }
            let written = |s: &std::ops::Range<usize>| {
                file.text
                    .as_deref()
                    .and_then(|t| t.get(s.clone()))
                    .unwrap_or("")
            };
            let moved_away = module_path.parent() != file.path.parent();
            if let Some(span) = facts
                .own_folder
                .iter()
                .find(|s| mine(s) && !(moved_away && super::imports::folder_name(written(s))))
            {
                let finding = Finding::manual(
                    span.clone(),
                    format!(
                        "reads files relative to its own folder, which is now {}; move the files it reads along",
                        shown(module_path.parent().unwrap_or(Path::new("")))
                    ),
                );
                notes.push(note_at(&module, text, &edits, &finding, tool.span.start));
            } else if let Some(span) = facts.own_folder.iter().find(|s| mine(s)) {
                let finding = Finding::note(
                    span.clone(),
                    format!(
                        "`{}` now points at {}, where the module was, so the files it reads beside itself are found where they still are",
                        written(span),
                        shown(file.path.parent().unwrap_or(Path::new("")))
                    ),
                );
                notes.push(note_at(&module, text, &edits, &finding, tool.span.start));
            }
            // The manifest declares the shared module itself, which has no
            // default export for that entry to load.
            if let Some(entry) = declared.get(&module_path)
                && !single
                && !facts.tools.iter().any(|t| t.export == Export::Default)
            {
                notes.push(Note {
                    file: module.clone(),
                    line: 1,
                    message: format!("beeuni.yaml still declares `{entry}: {module}`, a module with no default export; remove that entry: its tools are declared one by one now"),
                    manual: true,
                });
            }
            notes.dedup();
            let status = if notes.iter().any(|n| n.manual) {
                Status::NeedsManualStep
            } else if notes.is_empty() {
                Status::Migrated
            } else {
                Status::MigratedWithNotes
            };
            out.tools.push(ToolLine {
                legacy: legacy.clone(),
                export,
                opencode_name: opencode,
                name: Some(name),
                module: Some(tool_module),
                status,
                notes,
                already_declared: already.is_some(),
            });
        }
    }
    // Writes of moved files, then deletions of the originals.
    for (&i, text) in &texts {
        out.changes.push(Change {
            path: shown(&new_path(i)),
            before: if in_place(i) {
                analysed[i].0.text.clone()
            } else {
                None
            },
            after: Some(text.clone()),
        });
    }
    for &i in texts.keys() {
        let file = &analysed[i].0;
        let copied = helpers.contains(&i) && staying_imports.contains(&i);
        if helpers.contains(&i) {
            out.files.push(FileLine {
                path: shown(&file.path),
                action: if copied {
                    FileAction::Copied
                } else {
                    FileAction::Moved
                },
                to: Some(shown(&new_path(i))),
            });
        }
        if !copied && !in_place(i) {
            out.changes.push(Change {
                path: shown(&file.path),
                before: file.text.clone(),
                after: None,
            });
        }
    }
    super::barrels::settle(
        analysed,
        &migrating,
        &resolve,
        &promoted,
        &gone,
        &mut out.tools,
        &mut out.changes,
    );
    for (i, (file, _)) in analysed.iter().enumerate() {
        if !texts.contains_key(&i)
            && !tool_files.contains(&i)
            && !gone.contains(&i)
            && !out.tools.iter().any(|t| t.legacy == shown(&file.path))
        {
            out.files.push(FileLine {
                path: shown(&file.path),
                action: FileAction::LeftInPlace,
                to: None,
            });
        }
    }
    super::todo::mark(&mut out.tools, &mut out.changes);
    out.changes
        .sort_by(|a, b| (a.after.is_none(), &a.path).cmp(&(b.after.is_none(), &b.path)));
    out.files.sort_by(|a, b| a.path.cmp(&b.path));
    out
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn export_name(export: &Export) -> Option<String> {
    match export {
        Export::Default => None,
        Export::Named(n) => Some(n.clone()),
    }
}

fn taken_before(taken: &HashSet<String>, name: &str) -> HashSet<String> {
    let mut before = taken.clone();
    before.remove(name);
    before
}

fn why_renamed(opencode: &str, name: &str, taken: &HashSet<String>) -> String {
    use checker::project::names::{is_harness_tool, is_valid_tool_name};
    let reserved = |n: &str| {
        if is_harness_tool(n) {
            Some(format!("`{n}` is the name of a harness tool"))
        } else if is_beeuni_tool(n) {
            Some(format!("`{n}` is the name of the Beeuni tool"))
        } else {
            None
        }
    };
    if !is_valid_tool_name(opencode) {
        // `web-search` would be `web_search`, which is taken too: say so,
        // or the new name looks arbitrary.
        let valid = name.strip_suffix("_tool").and_then(reserved);
        match valid {
            Some(also) => {
                format!("is not a valid tool name (`^[a-z][a-z0-9_]{{0,63}}$`), and {also}")
            }
            None => "is not a valid tool name (`^[a-z][a-z0-9_]{0,63}$`)".into(),
        }
    } else if let Some(why) = reserved(opencode) {
        format!("is reserved: {why}")
    } else if taken.contains(opencode) {
        "is declared already".into()
    } else {
        "was taken".into()
    }
}

/// How `execute::rewrite`'s note on a context handed on whole begins.
const WHOLE_CONTEXT: &str = "the whole context is passed on here";

/// opencode's context fields that Beeuni's context names otherwise or lacks.
const OPENCODE_FIELDS: &[&str] = &["sessionID", "messageID", "worktree", "abort", "callID"];

/// The first of `names` that `text` reads as a property (`ctx.sessionID`),
/// if any.
fn first_field_read(text: &str, names: &[&'static str]) -> Option<&'static str> {
    names.iter().copied().find(|name| {
        text.match_indices(&format!(".{name}")).any(|(at, n)| {
            let after = text[at + n.len()..].chars().next();
            !after.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$')
        })
    })
}

/// The most helper files followed outside the legacy folders for one tool.
const MAX_OUTSIDE_HELPERS: usize = 64;

/// Secrets read in files outside the legacy folders that a tool file (or a
/// helper it imports) reaches by a relative import: those files stay where
/// they are, and their `process.env` reads are steps like any other.
fn outside_helpers(
    root: &Path,
    i: usize,
    analysed: &[(LegacyFile, Facts)],
    resolve: &dyn Fn(usize, &str) -> Option<usize>,
) -> (Vec<Note>, Vec<(String, String)>) {
    let mut starts: Vec<(PathBuf, String)> = Vec::new();
    let mut inside = vec![i];
    inside.extend(helpers_of(i, analysed, resolve));
    for k in inside {
        let base = analysed[k].0.path.parent().unwrap_or(Path::new(""));
        for import in &analysed[k].1.relative_imports {
            if resolve(k, &import.specifier).is_none() {
                starts.push((base.to_path_buf(), import.specifier.clone()));
            }
        }
    }
    let mut seen: HashSet<PathBuf> = HashSet::new();
    let mut notes = Vec::new();
    let mut texts = Vec::new();
    while let Some((base, specifier)) = starts.pop() {
        if seen.len() >= MAX_OUTSIDE_HELPERS {
            break;
        }
        let Some(file) = probe(root, &normalize(&base.join(&specifier))) else {
            continue;
        };
        if !seen.insert(file.clone()) {
            continue;
        }
        let Ok(text) = checker::module::read::read_module(&root.join(&file), &file) else {
            continue;
        };
        let place = super::analyze::Place {
            root,
            top_level: false,
        };
        let facts = super::analyze::analyze(&text, &file, &Default::default(), place);
        let shown_file = shown(&file);
        notes.extend(
            facts
                .findings
                .iter()
                .map(|f| note_at(&shown_file, &text, &[], f, 0)),
        );
        let dir = file.parent().unwrap_or(Path::new("")).to_path_buf();
        starts.extend(
            facts
                .relative_imports
                .iter()
                .map(|imp| (dir.clone(), imp.specifier.clone())),
        );
        texts.push((shown_file, text));
    }
    (notes, texts)
}

/// The module file a lexical path names on disk, as Bun probes it.
fn probe(root: &Path, lexical: &Path) -> Option<PathBuf> {
    if lexical
        .components()
        .any(|c| matches!(c, std::path::Component::ParentDir))
    {
        return None;
    }
    let text = lexical.to_string_lossy();
    let candidates = std::iter::once(lexical.to_path_buf())
        .chain(
            text.strip_suffix(".js")
                .map(|b| PathBuf::from(format!("{b}.ts"))),
        )
        .chain(
            ["ts", "tsx", "js", "mts", "mjs", "cts", "cjs"]
                .iter()
                .map(|e| PathBuf::from(format!("{text}.{e}"))),
        )
        .chain(
            ["ts", "js"]
                .iter()
                .map(|e| lexical.join(format!("index.{e}"))),
        );
    candidates.into_iter().find(|c| {
        root.join(c).is_file()
            && checker::project::names::has_module_extension(&c.to_string_lossy())
    })
}

/// The helpers a tool file reaches, transitively.
fn helpers_of(
    i: usize,
    analysed: &[(LegacyFile, Facts)],
    resolve: &dyn Fn(usize, &str) -> Option<usize>,
) -> Vec<usize> {
    let mut seen = BTreeSet::new();
    let mut queue = vec![i];
    while let Some(k) = queue.pop() {
        for import in &analysed[k].1.relative_imports {
            if let Some(j) = resolve(k, &import.specifier)
                && j != i
                && seen.insert(j)
            {
                queue.push(j);
            }
        }
    }
    seen.into_iter().collect()
}

/// A helper's own problems: it reads `process.env`, which holds no secret.
fn helper_findings(facts: &Facts) -> Vec<Finding> {
    facts.findings.clone()
}
