use std::path::Path;

use checker::module::parse::{Language, parse};
use serde_json::json;

use super::*;

const HOSTILE: &str = "ends a string \" and ' and ` and ${process.exit(1)} */ /* \\ \n\r\t\u{2028}\u{2029} 🐝 </script> {{ x }} {% if %}";

fn model(description: &str) -> PluginModel {
    PluginModel {
        tools: vec![LoadedTool {
            name: "echo".into(),
            description: description.into(),
            parameters: json!({"type": "object", "properties": {"text": {"type": "string", "description": description}}}),
        }],
        hidden_by_agent: [("reviewer".to_string(), vec!["echo".to_string()])].into(),
        project_from_plugin: "../../..".into(),
    }
}

/// The JSON literal assigned to `const NAME…= `, read back.
fn literal(file: &str, name: &str) -> serde_json::Value {
    let start = file.find(&format!("const {name}")).expect("the constant");
    let start = start + file[start..].find(" = ").expect("its value") + 3;
    let end = start + file[start..].find(";\n").expect("its end");
    serde_json::from_str(&file[start..end]).expect("a JSON literal")
}

#[test]
fn hostile_text_renders_to_a_file_that_parses_and_carries_it_exactly() {
    let file = render(&model(HOSTILE));
    parse(&file, Path::new("beeuni.ts"), Language::TypeScript, false)
        .unwrap_or_else(|d| panic!("the plugin does not parse: {d:?}\n{file}"));
    let tools = literal(&file, "TOOLS");
    assert_eq!(tools["echo"]["description"], HOSTILE);
    assert_eq!(
        tools["echo"]["parameters"]["properties"]["text"]["description"],
        HOSTILE
    );
    assert_eq!(
        literal(&file, "HIDDEN_BY_AGENT"),
        json!({"reviewer": ["echo"]})
    );
    assert_eq!(literal(&file, "PROJECT_FROM_HERE"), json!("../../.."));
}

#[test]
fn the_file_exports_exactly_one_thing_and_holds_no_token() {
    let file = render(&model("Echo."));
    let exports: Vec<&str> = file.lines().filter(|l| l.starts_with("export ")).collect();
    assert_eq!(
        exports,
        ["export const BeeuniTools: Plugin = async () => {"]
    );
    assert!(!file.contains("export default"));
}

#[test]
fn rendering_is_deterministic() {
    assert_eq!(render(&model("Echo.")), render(&model("Echo.")));
}

#[test]
fn writes_only_when_the_bytes_change() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("harnesses/opencode/plugin/beeuni.ts");
    assert!(
        write_if_changed(&path, "one").unwrap(),
        "a missing file is written, folders included"
    );
    let written = std::fs::metadata(&path).unwrap().modified().unwrap();
    assert!(!write_if_changed(&path, "one").unwrap());
    assert_eq!(
        std::fs::metadata(&path).unwrap().modified().unwrap(),
        written
    );
    assert!(write_if_changed(&path, "two").unwrap());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "two");
}

#[test]
fn the_project_folder_is_found_relative_to_the_plugin() {
    let root = Path::new("/p/shop");
    assert_eq!(
        model::relative_root(root, &default_plugin_path(root)),
        "../../.."
    );
    assert_eq!(
        model::relative_root(root, Path::new("/p/shop/beeuni.ts")),
        "."
    );
    assert_eq!(
        model::relative_root(root, Path::new("/elsewhere/opencode/plugin/b.ts")),
        "../../../p/shop"
    );
}
