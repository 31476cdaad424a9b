//! The peers `bench check` compares `beeuni validate` with: the checks a
//! user would otherwise run over a folder of tool modules. It installs them
//! with npm into a folder of their own (once; again only when missing),
//! writes their configuration into the synthetic project, and reads each
//! one's machine output back into the files it flagged with an error:
//!
//! - `@biomejs/biome lint` with only `correctness/noUnresolvedImports`
//!   (which reports both unresolvable specifiers and missing exports), JSON
//!   reporter;
//! - `tsc --noEmit` from TypeScript 7 when npm has it, else the newest,
//!   with `@types/node` so `node:` imports resolve; its
//!   `file(line,col): error TS…` lines;
//! - `oxlint --import-plugin` with its default rules (its import plugin has
//!   no unresolved-import rule), JSON format.
//!
//! Timing is `mod.rs`'s; this module only prepares the commands.

use std::path::Path;
use std::process::{Command, Stdio};

use anyhow::{Context, Result, bail};

use super::generate::{Project, write};
use super::{Contender, Findings, relative};

/// The sources every peer is pointed at: the generated tools and helpers.
const SOURCES: [&str; 2] = ["tools", "lib"];

/// Installs the peers under `dir` if needed and returns their commands over
/// `project`, plus notes for the report (versions, fallbacks).
pub fn prepare(dir: &Path, project: &Project) -> Result<(Vec<Contender>, Vec<String>)> {
    let mut notes = Vec::new();
    let installed = ["@biomejs/biome", "oxlint", "@types/node", "typescript"]
        .iter()
        .all(|p| {
            dir.join("node_modules")
                .join(p)
                .join("package.json")
                .exists()
        });
    // Installed once; npm is asked again only when a peer is missing.
    if !installed {
        let packages = [
            "@biomejs/biome@2".to_owned(),
            "oxlint@latest".to_owned(),
            "@types/node@latest".to_owned(),
            typescript_spec(&mut notes),
        ];
        install(dir, &packages)?;
    }
    notes.push(format!(
        "peers: @biomejs/biome {}, typescript {}, oxlint {}",
        version(dir, "@biomejs/biome"),
        version(dir, "typescript"),
        version(dir, "oxlint"),
    ));

    // `preset: none` (biome 2's replacement for `recommended: false`)
    // leaves exactly the one rule the comparison is about.
    write(
        &project.root.join("biome.json"),
        r#"{
  "linter": {
    "enabled": true,
    "rules": { "preset": "none", "correctness": { "noUnresolvedImports": "error" } }
  }
}
"#,
    )?;
    let types = dir.join("node_modules/@types");
    write(
        &project.root.join("tsconfig.bench.json"),
        &format!(
            r#"{{
  "compilerOptions": {{
    "noEmit": true, "strict": false, "skipLibCheck": true,
    "target": "esnext", "module": "esnext", "moduleResolution": "bundler",
    "allowImportingTsExtensions": true, "lib": ["esnext"],
    "typeRoots": [{types}], "types": ["node"]
  }},
  "include": ["tools", "lib"]
}}
"#,
            types = serde_json::to_string(&types.to_string_lossy())?,
        ),
    )?;

    let bin = dir.join("node_modules/.bin");
    let mut biome = Command::new(bin.join("biome"));
    biome
        .args(["lint", "--reporter=json", "--max-diagnostics=none"])
        .args(SOURCES);
    let mut tsc = Command::new(bin.join("tsc"));
    tsc.args(["-p", "tsconfig.bench.json", "--pretty", "false"]);
    let mut oxlint = Command::new(bin.join("oxlint"));
    oxlint
        .args(["--import-plugin", "--format", "json"])
        .args(SOURCES);
    let contenders = vec![
        Contender {
            name: "biome lint".into(),
            command: biome,
            findings: Some(biome_findings),
        },
        Contender {
            name: "tsc --noEmit".into(),
            command: tsc,
            findings: Some(tsc_findings),
        },
        Contender {
            name: "oxlint".into(),
            command: oxlint,
            findings: Some(oxlint_findings),
        },
    ];
    Ok((contenders, notes))
}

/// `typescript@7` when npm lists a 7.x release, else the newest, with a
/// note saying which.
fn typescript_spec(notes: &mut Vec<String>) -> String {
    let listed = Command::new("npm")
        .args(["view", "typescript", "versions", "--json"])
        .stderr(Stdio::null())
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| serde_json::from_slice::<Vec<String>>(&o.stdout).ok());
    match listed {
        Some(versions)
            if versions
                .iter()
                .any(|v| v.starts_with("7.") && !v.contains('-')) =>
        {
            "typescript@7".to_owned()
        }
        Some(_) => {
            notes.push("typescript: npm has no 7.x release; used the newest".into());
            "typescript@latest".to_owned()
        }
        None => {
            notes.push("typescript: npm view failed; asked for typescript@7 anyway".into());
            "typescript@7".to_owned()
        }
    }
}

fn install(dir: &Path, packages: &[String]) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    // A package.json of its own, so npm installs here and not in a parent.
    let manifest = dir.join("package.json");
    if !manifest.exists() {
        write(&manifest, "{ \"private\": true }\n")?;
    }
    eprintln!("bench check: npm install {}", packages.join(" "));
    let status = Command::new("npm")
        .args(["install", "--no-audit", "--no-fund", "--loglevel=error"])
        .args(packages)
        .current_dir(dir)
        .status()
        .context("running npm install (is npm installed?)")?;
    if !status.success() {
        bail!("npm install {} failed with {status}", packages.join(" "));
    }
    Ok(())
}

fn version(dir: &Path, package: &str) -> String {
    std::fs::read_to_string(dir.join("node_modules").join(package).join("package.json"))
        .ok()
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
        .and_then(|v| v["version"].as_str().map(str::to_owned))
        .unwrap_or_else(|| "(unknown version)".into())
}

/// `biome lint --reporter=json` prints one JSON document on stdout; its
/// diagnostics carry `location.path` relative to the working directory.
fn biome_findings(stdout: &str, root: &Path) -> Result<Findings> {
    let json = stdout
        .lines()
        .find(|line| line.starts_with('{'))
        .context("biome printed no JSON report")?;
    let document: serde_json::Value =
        serde_json::from_str(json).context("reading biome's JSON report")?;
    Ok(files_of(
        &document["diagnostics"],
        |d| d["location"]["path"].as_str(),
        root,
    ))
}

/// `oxlint --format json` prints `{ "diagnostics": [{ "filename", "severity", … }] }`.
fn oxlint_findings(stdout: &str, root: &Path) -> Result<Findings> {
    let document: serde_json::Value =
        serde_json::from_str(stdout).context("reading oxlint's JSON report")?;
    Ok(files_of(
        &document["diagnostics"],
        |d| d["filename"].as_str(),
        root,
    ))
}

fn files_of(
    diagnostics: &serde_json::Value,
    path: impl Fn(&serde_json::Value) -> Option<&str>,
    root: &Path,
) -> Findings {
    let mut findings = Findings::default();
    for diagnostic in diagnostics.as_array().into_iter().flatten() {
        if diagnostic["severity"] == "error"
            && let Some(file) = path(diagnostic)
        {
            findings.files.insert(relative(file, root));
        }
    }
    findings
}

/// tsc has no JSON output; with `--pretty false` each error is one
/// `file(line,col): error TSnnnn: message` line.
fn tsc_findings(stdout: &str, root: &Path) -> Result<Findings> {
    let mut findings = Findings::default();
    for line in stdout.lines() {
        if let Some((file, _)) = line.split_once("): error TS")
            && let Some((file, _)) = file.rsplit_once('(')
        {
            findings.files.insert(relative(file, root));
        }
    }
    Ok(findings)
}
