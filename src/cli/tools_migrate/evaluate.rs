//! Running `args` that the static pass could not convert (computed enums,
//! spreads, imported constants) to get their JSON Schema, with a stand-in
//! for `@opencode-ai/plugin`: `tool` is the identity and `tool.schema` is
//! zod, resolved from the project's own `node_modules`.
//!
//! The legacy file is loaded from a copy next to it, so its relative imports
//! resolve as before, with the plugin import pointed at the stand-in. The
//! copies are removed whatever happens. When zod does not resolve, or the
//! module throws, the tool stays a manual step: nothing here is fatal.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use codegen::migrate::{Evaluated, Export, PLUGIN_PACKAGE, Pending};
use runtime::{Host, HostConfig};

/// The stand-in for `@opencode-ai/plugin`.
const STAND_IN: &str = "import { z } from 'zod'\nexport function tool(definition) {\n  return definition\n}\ntool.schema = z\n";

/// Files written next to a legacy file, removed when dropped.
struct Scratch(Vec<PathBuf>);

impl Drop for Scratch {
    fn drop(&mut self) {
        for path in &self.0 {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// The schemas that could be produced, by legacy file and export.
pub fn schemas(root: &Path, pending: &[Pending]) -> HashMap<String, Evaluated> {
    let mut out: HashMap<String, Evaluated> = HashMap::new();
    for item in pending {
        if let Some(schema) = schema(root, item) {
            out.entry(item.file.clone())
                .or_default()
                .insert(item.export.clone(), schema);
        }
    }
    out
}

fn schema(root: &Path, item: &Pending) -> Option<serde_json::Value> {
    let legacy = root.join(&item.file);
    let dir = legacy.parent()?;
    let ext = legacy.extension()?.to_str()?;
    let text = std::fs::read_to_string(&legacy).ok()?;
    let stand_in = "./.beeuni-plugin-stand-in.mjs";
    let copy_text = text
        .replace(&format!("'{PLUGIN_PACKAGE}'"), &format!("'{stand_in}'"))
        .replace(&format!("\"{PLUGIN_PACKAGE}\""), &format!("'{stand_in}'"));
    let copy = dir.join(format!(".beeuni-evaluate.{ext}"));
    let entry = dir.join(".beeuni-evaluate-entry.mjs");
    let export = match &item.export {
        Export::Default => "default".to_string(),
        Export::Named(name) => name.clone(),
    };
    let entry_text = format!(
        "import * as legacy from './.beeuni-evaluate.{ext}'\nimport {{ z }} from 'zod'\n\nconst args = legacy[{export:?}]?.args ?? {{}}\nconst shape = args instanceof z.ZodType ? args : z.object(args)\n\nexport default {{\n  description: 'evaluated',\n  parameters: z.toJSONSchema(shape, {{ io: 'input' }}),\n  execute() {{\n    return ''\n  }},\n}}\n"
    );
    let mut scratch = Scratch(Vec::new());
    for (path, body) in [
        (dir.join(&stand_in[2..]), STAND_IN),
        (copy.clone(), copy_text.as_str()),
        (entry.clone(), entry_text.as_str()),
    ] {
        if path.exists() {
            return None;
        }
        std::fs::write(&path, body).ok()?;
        scratch.0.push(path);
    }
    // The legacy module's top level runs here: confined as a worker is.
    let info = daemon::confined(root, |_, _| {
        let mut host = Host::new(HostConfig::new(root)).ok()?;
        host.load_tool("evaluate", &entry).ok()
    })
    .ok()??;
    drop(scratch);
    let mut schema: serde_json::Value = serde_json::from_str(&info.parameters_json).ok()?;
    if let Some(map) = schema.as_object_mut() {
        map.remove("$schema");
    }
    drop_safe_integer_bounds(&mut schema);
    Some(schema)
}

/// zod writes `int()` as bounded by ±(2^53 - 1); that says nothing to a model.
fn drop_safe_integer_bounds(schema: &mut serde_json::Value) {
    const SAFE: i64 = 9_007_199_254_740_991;
    match schema {
        serde_json::Value::Object(map) => {
            if map.get("minimum").and_then(serde_json::Value::as_i64) == Some(-SAFE) {
                map.remove("minimum");
            }
            if map.get("maximum").and_then(serde_json::Value::as_i64) == Some(SAFE) {
                map.remove("maximum");
            }
            map.values_mut().for_each(drop_safe_integer_bounds);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(drop_safe_integer_bounds),
        _ => {}
    }
}
