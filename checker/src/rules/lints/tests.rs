use serde_json::json;

use super::*;
use crate::project::names::is_valid_tool_name;

fn tool<'a>(
    name: &'a str,
    description: &'a str,
    parameters: &'a serde_json::Value,
) -> LintedTool<'a> {
    LintedTool {
        name,
        description,
        parameters,
        declared: Location::new("beeuni.yaml", 8..14),
        overrides_beeuni: false,
    }
}

fn all_on() -> LintConfig {
    LintConfig {
        targets: [Target::ClaudeCode, Target::OpenaiStrict, Target::Gemini].into(),
        max_schema_tokens: Some(10_000),
        shadowing: true,
    }
}

fn codes(config: &LintConfig, tools: &[LintedTool<'_>]) -> Vec<&'static str> {
    check(config, tools).iter().map(|d| d.code.name).collect()
}

#[test]
fn a_strict_small_schema_passes_every_lint() {
    let parameters = json!({
        "type": "object",
        "properties": { "id": { "type": "string", "format": "date-time" } },
        "required": ["id"],
        "additionalProperties": false,
    });
    assert!(codes(&all_on(), &[tool("lookup", "Look up.", &parameters)]).is_empty());
    // Off by default: even a bad tool reports nothing.
    let long = "x".repeat(5000);
    assert!(
        codes(
            &LintConfig::default(),
            &[tool("web_fetch", &long, &json!({}))]
        )
        .is_empty()
    );
}

#[test]
fn openai_strict_wants_every_property_required_and_no_extras_at_every_level() {
    let parameters = json!({
        "type": "object",
        "properties": {
            "id": { "type": "string" },
            "filter": { "type": "object", "properties": { "a": { "type": "string" } }, "required": ["a"] },
        },
        "required": ["filter"],
        "additionalProperties": false,
    });
    assert_eq!(
        openai::problems(&parameters),
        [
            "`id` of `parameters` is not in `required`",
            "`parameters/properties/filter` lacks `additionalProperties: false`"
        ]
    );
}

#[test]
fn gemini_refuses_refs_one_of_and_unknown_formats() {
    let parameters = json!({
        "type": "object",
        "$defs": { "when": { "type": "string", "format": "date" } },
        "properties": {
            "at": { "$ref": "#/$defs/when" },
            "n": { "type": "integer", "format": "int64" },
            "either": { "oneOf": [{ "type": "string" }, { "type": "number", "format": "float" }] },
        },
    });
    assert_eq!(
        gemini::problems(&parameters),
        [
            "`parameters` has `$defs`",
            "`parameters/properties/at` has `$ref`",
            "`parameters/properties/either` has `oneOf`",
            "`parameters/$defs/when` has `format: date`, which Gemini does not accept on a string",
        ]
    );
}

#[test]
fn the_description_limit_counts_characters_not_bytes() {
    let parameters = json!({ "type": "object" });
    let at_limit = "é".repeat(2048);
    let config = LintConfig {
        targets: [Target::ClaudeCode].into(),
        ..LintConfig::default()
    };
    assert!(codes(&config, &[tool("t", &at_limit, &parameters)]).is_empty());
    let over = "é".repeat(2049);
    let diagnostics = check(&config, &[tool("t", &over, &parameters)]);
    assert_eq!(diagnostics.len(), 1);
    assert!(
        diagnostics[0].message.ends_with("never reads the last 1"),
        "{}",
        diagnostics[0].message
    );
}

#[test]
fn tokens_are_estimated_from_the_definition() {
    let parameters = json!({ "type": "object" });
    let description = "x".repeat(4000);
    let linted = tool("big", &description, &parameters);
    assert_eq!(tokens::estimate(&linted), 1016);
    let config = LintConfig {
        max_schema_tokens: Some(1000),
        ..LintConfig::default()
    };
    assert_eq!(codes(&config, &[linted]), ["lint/schema-tokens"]);
}

#[test]
fn look_alikes_and_overrides_shadow() {
    let parameters = json!({ "type": "object" });
    let config = LintConfig {
        shadowing: true,
        ..LintConfig::default()
    };
    assert_eq!(
        codes(&config, &[tool("web_fetch", "d", &parameters)]),
        ["lint/shadows-builtin"]
    );
    assert_eq!(
        codes(&config, &[tool("imagesearch", "d", &parameters)]),
        ["lint/shadows-builtin"]
    );
    assert!(codes(&config, &[tool("fetch_page", "d", &parameters)]).is_empty());
    let mut override_ = tool("memory", "d", &parameters);
    override_.overrides_beeuni = true;
    assert_eq!(codes(&config, &[override_]), ["lint/shadows-builtin"]);
}

#[test]
fn the_name_rule_implies_mcps() {
    let mcp = |name: &str| {
        (1..=128).contains(&name.len())
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'))
    };
    let mut names = vec!["a".to_string(), "a".repeat(64), "lookup_order_9".into()];
    for first in 'a'..='z' {
        for rest in ["", "_", "0", "z9_"] {
            names.push(format!("{first}{rest}"));
        }
    }
    for name in names.iter().filter(|n| is_valid_tool_name(n)) {
        assert!(mcp(name), "{name}");
    }
}
