//! `cargo xtask bench check`: how fast `beeuni validate` checks tool modules.
//!
//! It writes synthetic projects of realistic tool modules (100, 1,000 and
//! 10,000 tools sharing helpers and a package, tracked by git), then times
//! two things on the same files, on all cores: the floor (read and parse
//! every file with swc, nothing else) and the full check
//! (`checker::module::check_modules`). The goal is a ratio under 1.5.
//! With `--peers` it also times other tools over the 1,000-tool project,
//! installed with npm into a folder of their own: `@biomejs/biome` (lint),
//! `oxlint`, and `typescript` (`tsc --noEmit`). Numbers are medians of
//! `--runs` runs (5 by default) after one warm-up run; build with
//! `--release` for numbers worth comparing.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use checker::module::{ModuleRef, check_modules, parse_only};

const PEERS: &[&str] = &["@biomejs/biome", "typescript", "oxlint"];

struct Options {
    sizes: Vec<usize>,
    runs: usize,
    peers: bool,
}

fn options(args: &[String]) -> Result<Options> {
    let mut options = Options {
        sizes: vec![100, 1_000, 10_000],
        runs: 5,
        peers: false,
    };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--peers" => options.peers = true,
            "--runs" => {
                let value = args.next().context("--runs needs a number")?;
                options.runs = value.parse().with_context(|| format!("--runs {value}"))?;
            }
            "--sizes" => {
                let value = args
                    .next()
                    .context("--sizes needs a list such as 100,1000")?;
                options.sizes = value
                    .split(',')
                    .map(|s| s.parse())
                    .collect::<Result<_, _>>()
                    .with_context(|| format!("--sizes {value}"))?;
            }
            other => bail!(
                "unknown option {other}: cargo xtask bench check [--sizes 100,1000,10000] [--runs 5] [--peers]"
            ),
        }
    }
    if options.runs == 0 {
        bail!("--runs must be at least 1");
    }
    Ok(options)
}

pub fn run(args: &[String]) -> Result<()> {
    let options = options(args)?;
    let base = std::env::temp_dir().join("beeuni-bench-check");
    println!(
        "{:>7} {:>7} {:>12} {:>12} {:>7} {:>14}",
        "tools", "files", "parse-only", "check", "ratio", "check per file"
    );
    let mut peer_project = None;
    for &size in &options.sizes {
        let project = generate(&base.join(size.to_string()), size)?;
        let floor = median(options.runs, || {
            let parsed = parse_only(&project.files);
            assert_eq!(parsed, project.files.len(), "every generated file parses");
        });
        let mut diagnostics = 0;
        let check = median(options.runs, || {
            diagnostics = check_modules(&project.root, &project.tools)
                .diagnostics
                .len()
        });
        if diagnostics != 0 {
            bail!("the generated project has {diagnostics} diagnostics; it should be clean");
        }
        println!(
            "{:>7} {:>7} {:>10.1}ms {:>10.1}ms {:>7.2} {:>12.1}µs",
            size,
            project.files.len(),
            ms(floor),
            ms(check),
            check.as_secs_f64() / floor.as_secs_f64(),
            check.as_secs_f64() * 1e6 / project.files.len() as f64,
        );
        if size == 1_000 || (peer_project.is_none() && size == *options.sizes.last().unwrap_or(&0))
        {
            peer_project = Some(project);
        }
    }
    if options.peers {
        let project = peer_project.context("--peers needs a project size, e.g. --sizes 1000")?;
        peers(&base.join("peers"), &project, options.runs)?;
    }
    Ok(())
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// One untimed warm-up (file cache, resolver), then the median of `runs`.
fn median(runs: usize, mut f: impl FnMut()) -> Duration {
    f();
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .collect();
    times.sort();
    times[times.len() / 2]
}

struct Project {
    root: PathBuf,
    tools: Vec<ModuleRef>,
    /// Every module file the check parses (tools and helpers), absolute.
    files: Vec<PathBuf>,
}

fn write(path: &Path, text: &str) -> Result<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)
            .with_context(|| format!("creating {}", parent.display()))?;
    }
    std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))
}

/// A project of `size` tools, `size / 20` (at least 5) helpers they share,
/// one helper every helper uses, and a small package in a tracked `node_modules`.
fn generate(root: &Path, size: usize) -> Result<Project> {
    if root.exists() {
        std::fs::remove_dir_all(root).with_context(|| format!("removing {}", root.display()))?;
    }
    let helpers = (size / 20).max(5);
    let mut files = Vec::new();
    let mut manifest = String::from("tools:\n  web_search: beeuni:web_search\n");
    let mut tools = Vec::new();
    for i in 0..size {
        let path = format!("tools/tool_{i:05}.ts");
        let _ = writeln!(manifest, "  tool_{i:05}: {path}");
        write(&root.join(&path), &tool_module(i, i % helpers))?;
        files.push(root.join(&path));
        tools.push(ModuleRef {
            tool: format!("tool_{i:05}"),
            path: PathBuf::from(path),
            declared_at: None,
        });
    }
    for k in 0..helpers {
        let path = root.join(format!("lib/helper_{k:04}.ts"));
        write(&path, &helper_module(k))?;
        files.push(path);
    }
    write(&root.join("lib/http.ts"), HTTP_MODULE)?;
    files.push(root.join("lib/http.ts"));
    write(
        &root.join("node_modules/tiny-schema/package.json"),
        r#"{ "name": "tiny-schema", "type": "module", "exports": { ".": { "import": "./index.js", "require": "./index.cjs" } } }"#,
    )?;
    write(
        &root.join("node_modules/tiny-schema/index.js"),
        "export const string = () => ({ type: 'string' })\n",
    )?;
    write(&root.join("beeuni.yaml"), &manifest)?;
    // Tracked, as in a real project, so the check's git rule runs too.
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .current_dir(root)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
    };
    if git(&["init", "-q"]).is_ok_and(|s| s.success()) {
        git(&["add", "-A"]).context("git add")?;
    }
    Ok(Project {
        root: root.to_path_buf(),
        tools,
        files,
    })
}

fn tool_module(i: usize, helper: usize) -> String {
    let package = if i.is_multiple_of(4) {
        "import { string } from 'tiny-schema'\n"
    } else {
        ""
    };
    let schema = if i.is_multiple_of(4) {
        "string()"
    } else {
        "{ type: 'string' }"
    };
    format!(
        r#"// Tool {i}: looks up a record in the orders API and summarises it.
import {{ createHash }} from 'node:crypto'
import {{ setTimeout as sleep }} from 'node:timers/promises'
import {{ request, type Reply }} from '../lib/http.ts'
import {{ normalise{helper}, summarise{helper} }} from '../lib/helper_{helper:04}.js'
{package}
interface Args {{
  id: string
  include_items?: boolean
  retries?: number
}}

const MAX_RETRIES = 3

function cacheKey(args: Args): string {{
  return createHash('sha256').update(`${{args.id}}:${{args.include_items ?? false}}`).digest('hex')
}}

async function withRetries<T>(attempts: number, run: () => Promise<T>): Promise<T> {{
  let last: unknown
  for (let attempt = 0; attempt < attempts; attempt++) {{
    try {{
      return await run()
    }} catch (error) {{
      last = error
      await sleep(2 ** attempt * 100)
    }}
  }}
  throw last instanceof Error ? last : new Error(String(last))
}}

export default {{
  description: 'Look up order {i} by id. Returns its status, carrier and, on request, its items.',
  parameters: {{
    type: 'object',
    properties: {{
      id: {{ ...{schema}, description: 'The order id, e.g. "A-1042"' }},
      include_items: {{ type: 'boolean', description: 'Also list the items' }},
      retries: {{ type: 'integer', minimum: 0, maximum: MAX_RETRIES }},
    }},
    required: ['id'],
  }},
  async execute(args: Args, context: {{ env: Record<string, string>; signal: AbortSignal }}) {{
    const id = normalise{helper}(args.id)
    const reply: Reply = await withRetries(args.retries ?? MAX_RETRIES, () =>
      request(`${{context.env.ORDERS_API_URL}}/v1/orders/${{encodeURIComponent(id)}}`, {{
        token: context.env.ORDERS_API_KEY,
        signal: context.signal,
      }}),
    )
    if (!reply.ok) {{
      throw new Error(`orders API answered ${{reply.status}} for ${{id}} (${{cacheKey(args)}})`)
    }}
    const items = args.include_items ? (reply.body.items ?? []).map((item: {{ sku: string; qty: number }}) => `${{item.qty}} × ${{item.sku}}`) : []
    return {{ summary: summarise{helper}(reply.body), items, key: cacheKey(args) }}
  }},
}}
"#
    )
}

fn helper_module(k: usize) -> String {
    format!(
        r#"import {{ basename }} from 'node:path'
import {{ type Reply }} from './http.ts'

export function normalise{k}(id: string): string {{
  return basename(id.trim().toUpperCase()).replace(/[^A-Z0-9-]/g, '')
}}

export function summarise{k}(body: Reply['body']): string {{
  const parts = [body.status, body.carrier].filter((part): part is string => typeof part === 'string')
  return parts.length > 0 ? parts.join(', ') : 'no status yet'
}}
"#
    )
}

const HTTP_MODULE: &str = r#"export interface Reply {
  ok: boolean
  status: number
  body: { status?: string; carrier?: string; items?: { sku: string; qty: number }[] }
}

export async function request(url: string, options: { token?: string; signal?: AbortSignal }): Promise<Reply> {
  const response = await fetch(url, {
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    signal: options.signal,
  })
  const body = response.headers.get('content-type')?.includes('json') ? await response.json() : {}
  return { ok: response.ok, status: response.status, body }
}
"#;

/// Installs the peers once into `dir`, then times each over the project.
fn peers(dir: &Path, project: &Project, runs: usize) -> Result<()> {
    let bin = dir.join("node_modules/.bin");
    if PEERS
        .iter()
        .any(|p| !dir.join("node_modules").join(p).exists())
    {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        eprintln!("installing {} into {}", PEERS.join(", "), dir.display());
        let status = Command::new("npm")
            .args([
                "install",
                "--no-audit",
                "--no-fund",
                "--loglevel=error",
                "--prefix",
            ])
            .arg(dir)
            .args(PEERS)
            .status()
            .context("running npm install (is npm installed?)")?;
        if !status.success() {
            bail!("npm install {} failed with {status}", PEERS.join(" "));
        }
    }
    let sources = [project.root.join("tools"), project.root.join("lib")];
    let tsconfig = project.root.join("tsconfig.bench.json");
    write(
        &tsconfig,
        r#"{ "compilerOptions": { "noEmit": true, "allowJs": true, "skipLibCheck": true, "strict": false,
  "target": "esnext", "module": "esnext", "moduleResolution": "bundler", "allowImportingTsExtensions": true,
  "types": [] }, "include": ["tools", "lib"] }"#,
    )?;
    let commands: Vec<(&str, Command)> = vec![
        ("oxlint", {
            let mut c = Command::new(bin.join("oxlint"));
            c.args(&sources);
            c
        }),
        ("biome lint", {
            let mut c = Command::new(bin.join("biome"));
            c.arg("lint").arg("--max-diagnostics=0").args(&sources);
            c
        }),
        ("tsc --noEmit", {
            let mut c = Command::new(bin.join("tsc"));
            c.arg("-p").arg(&tsconfig);
            c
        }),
    ];
    println!(
        "\npeers over the {}-tool project ({} files):",
        project.tools.len(),
        project.files.len()
    );
    for (name, mut command) in commands {
        command
            .current_dir(&project.root)
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        let mut failed = None;
        // Lint findings make these exit non-zero; only a failure to start matters.
        let time = median(runs.min(3), || {
            if let Err(e) = command.status() {
                failed = Some(e);
            }
        });
        match failed {
            Some(e) => println!("  {name:<14} could not run: {e}"),
            None => println!("  {name:<14} {:>10.1}ms", ms(time)),
        }
    }
    Ok(())
}
