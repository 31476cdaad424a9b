use super::manifest::{add_entry, append_tools_key, set_value, verify};
use super::*;

fn added(text: &str) -> String {
    let tree = checker::yaml::parse(text).unwrap().unwrap();
    let tools = tree.get("tools").unwrap();
    let after = add_entry(text, &tools.key, &tools.value, "lookup", "tools/lookup.ts").unwrap();
    verify(text, &after, "lookup", "tools/lookup.ts").unwrap();
    after
}

#[test]
fn a_block_map_gets_a_line_after_its_last_entry_with_its_indent() {
    assert_eq!(
        added("tools:\n    show: beeuni:show   # kept\n# trailing\nagents: {}\n"),
        "tools:\n    show: beeuni:show   # kept\n    lookup: tools/lookup.ts\n# trailing\nagents: {}\n"
    );
    assert_eq!(
        added("tools:\r\n  show: beeuni:show"),
        "tools:\r\n  show: beeuni:show\r\n  lookup: tools/lookup.ts"
    );
}

#[test]
fn flow_maps_and_null_keys() {
    assert_eq!(
        added("tools: {show: beeuni:show}\n"),
        "tools: {show: beeuni:show, lookup: tools/lookup.ts}\n"
    );
    assert_eq!(added("tools: {}\n"), "tools: {lookup: tools/lookup.ts}\n");
    assert_eq!(
        added("tools: ~ # none yet\nagents: {}\n"),
        "tools: # none yet\n  lookup: tools/lookup.ts\nagents: {}\n"
    );
    assert_eq!(added("tools:"), "tools:\n  lookup: tools/lookup.ts");
}

#[test]
fn no_key_keeps_the_five_beeuni_tools() {
    let after = append_tools_key("agents: {}", "lookup", "tools/lookup.ts");
    assert_eq!(
        after,
        "agents: {}\ntools:\n  web_search: beeuni:web_search\n  image_search: beeuni:image_search\n  scrape_webpage: beeuni:scrape_webpage\n  memory: beeuni:memory\n  show: beeuni:show\n  lookup: tools/lookup.ts\n"
    );
    verify("agents: {}", &after, "lookup", "tools/lookup.ts").unwrap();
    let override_ = append_tools_key("", "memory", "tools/memory.ts");
    assert!(
        override_.contains("  memory: tools/memory.ts\n  show"),
        "{override_}"
    );
    verify("", &override_, "memory", "tools/memory.ts").unwrap();
}

#[test]
fn an_override_keeps_the_quote_style_and_the_comment() {
    let text = "tools:\n  show: 'beeuni:show'   # hosted\n";
    let after = set_value(text, 15..28, "tools/show.ts").unwrap();
    assert_eq!(after, "tools:\n  show: 'tools/show.ts'   # hosted\n");
    verify(text, &after, "show", "tools/show.ts").unwrap();
}

#[test]
fn verify_refuses_an_edit_that_changes_another_entry() {
    let error = verify(
        "tools:\n  show: beeuni:show\n",
        "tools:\n  lookup: tools/lookup.ts\n",
        "lookup",
        "tools/lookup.ts",
    )
    .unwrap_err();
    assert!(error.contains("other than the new one"), "{error}");
}

#[test]
fn invalid_names_get_a_suggestion() {
    for (bad, good) in [
        ("LookupOrder", Some("lookup_order")),
        ("lookup-order", Some("lookup_order")),
        ("9lives", None),
    ] {
        let refusal = check_name(bad, Kind::Project).unwrap_err();
        assert!(matches!(refusal, Refusal::InvalidName { .. }), "{bad}");
        assert_eq!(
            refusal.help().starts_with("try "),
            good.is_some(),
            "{bad}: {}",
            refusal.help()
        );
        if let Some(good) = good {
            assert_eq!(refusal.help(), format!("try `{good}`"));
        }
    }
    assert!(matches!(
        check_name("bash", Kind::Project),
        Err(Refusal::HarnessTool { .. })
    ));
    assert!(matches!(
        check_name("memory", Kind::Project),
        Err(Refusal::BeeuniName { .. })
    ));
    assert!(matches!(
        check_name("lookup", Kind::BeeuniOverride),
        Err(Refusal::NotBeeuniTool { .. })
    ));
}

#[test]
fn the_skeleton_is_a_typed_module() {
    let text = template::render(&Request {
        name: "lookup".into(),
        kind: Kind::Project,
        language: Language::TypeScript,
        beeuni: None,
    });
    assert!(
        text.contains("import type { Args, ToolContext } from 'beeuni:types'"),
        "{text}"
    );
    assert!(
        text.contains("async execute(args: Args<'lookup'>, context: ToolContext) {"),
        "{text}"
    );
    let js = template::render(&Request {
        name: "lookup".into(),
        kind: Kind::Project,
        language: Language::JavaScript,
        beeuni: None,
    });
    assert!(js.contains("@param {Args} args"), "{js}");
    assert!(!js.contains("import type"), "{js}");
}
