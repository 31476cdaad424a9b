//! The module contract at load: each broken module and the reason it gives.

use std::path::Path;

use crate::common::*;
use runtime::{Host, HostConfig};

const CASES: &[(&str, &str)] = &[
    (
        "export const x = 1;",
        "the module has no default export (expected `export default { description, parameters, execute }`)",
    ),
    (
        "export default 'tool';",
        "the default export is a string, not an object with description, parameters and execute",
    ),
    (
        "export default { parameters: { type: 'object' }, execute() {} };",
        "`description` must be a non-empty string, found undefined",
    ),
    (
        "export default { description: '  ', parameters: { type: 'object' }, execute() {} };",
        "`description` is an empty string; the model reads it to decide when to call the tool",
    ),
    (
        "export default { description: 'd', execute() {} };",
        "`parameters` must be a JSON Schema object with `type: 'object'`, found undefined",
    ),
    (
        "export default { description: 'd', parameters: [], execute() {} };",
        "`parameters` must be a JSON Schema object with `type: 'object'`, found an array",
    ),
    (
        "export default { description: 'd', parameters: { type: 'string' }, execute() {} };",
        "`parameters.type` must be 'object', found 'string'",
    ),
    (
        "export default { description: 'd', parameters: { properties: {} }, execute() {} };",
        "`parameters.type` must be 'object', found undefined",
    ),
    (
        "export default { description: 'd', parameters: { type: 'object' }, execute: 'run' };",
        "`execute` must be a function, found a string",
    ),
    (
        "throw new Error('config missing');\nexport default {};",
        "config missing",
    ),
    ("let x: = 1;", "tool.ts"),
    (
        "export default { description: 'd', parameters: { type: 'object', big: 10n }, execute() {} };",
        "`parameters` cannot be converted to JSON",
    ),
    // Computed, so the checker cannot see it: the meta-schema can.
    (
        "const required = (name: string) => name;\nexport default { description: 'd', parameters: { type: 'object', properties: { id: { type: 'string' } }, required: required('id') }, execute() {} };",
        "`parameters` is not a valid JSON Schema: \"id\" is not of type \"array\" (at `/required`)",
    ),
    (
        "export default { description: 'd', parameters: { type: 'object', properties: { id: { type: 'text' } } }, execute() {} };",
        "`parameters` is not a valid JSON Schema: \"text\" is not valid under any of the schemas listed in the 'anyOf' keyword (at `/properties/id/type`)",
    ),
];

#[test]
fn each_broken_module_gives_its_reason() {
    on_big_stack(|| {
        for (source, expected) in CASES {
            let root = tempfile::tempdir().unwrap();
            std::fs::write(root.path().join("tool.ts"), source).unwrap();
            let mut config = HostConfig::new(root.path());
            config.limits = test_limits();
            let mut host = Host::new(config).unwrap();
            let reason = host
                .load_tool("t", Path::new("tool.ts"))
                .unwrap_err()
                .reason;
            assert!(
                reason.starts_with(expected) || reason.contains(expected),
                "source {source:?}\n  expected {expected:?}\n  got      {reason:?}"
            );
        }
    });
}

#[test]
fn a_good_module_gives_description_and_parameters() {
    on_big_stack(|| {
        let root = tempfile::tempdir().unwrap();
        std::fs::write(
            root.path().join("tool.js"),
            "const schema = { type: 'object', properties: { id: { type: 'string' } } };\nexport default { description: 'Look up an order.', parameters: schema, execute: async () => 'ok' };\n",
        )
        .unwrap();
        let mut host = Host::new(HostConfig::new(root.path())).unwrap();
        let info = host.load_tool("t", Path::new("tool.js")).unwrap();
        assert_eq!(info.description, "Look up an order.");
        assert_eq!(
            info.parameters_json,
            r#"{"type":"object","properties":{"id":{"type":"string"}}}"#
        );
        assert_eq!(host.tool_names(), vec!["t".to_string()]);
    });
}
