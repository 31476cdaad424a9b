//! The sources of the five Beeuni tools, compiled into the binary.
//!
//! The runtime loads these for `<name>: beeuni:<name>` entries, and
//! `beeuni tools eject` writes the same bytes to `tools/<name>.ts`, so an
//! ejected copy behaves exactly like the hosted tool until the project edits
//! it. That is also why each file stands alone (the three network tools each
//! carry their own small API helper instead of sharing one): an ejected file
//! cannot import a sibling that was not copied. The sources import only
//! `node:*` modules and read `BEEUNI_API_URL` and `BEEUNI_TOKEN` from
//! `context.env`. The API routes are described in `docs/beeuni-api.md`; the
//! web UI's expectations of each tool's arguments and output are noted at
//! the top of each file.

/// `(name, source)` in the canonical order of `checker::project::names::BEEUNI_TOOLS`.
pub const HOSTED_TOOLS: [(&str, &str); 5] = [
    ("web_search", include_str!("../hosted/web_search.ts")),
    ("image_search", include_str!("../hosted/image_search.ts")),
    (
        "scrape_webpage",
        include_str!("../hosted/scrape_webpage.ts"),
    ),
    ("memory", include_str!("../hosted/memory.ts")),
    ("show", include_str!("../hosted/show.ts")),
];

/// The TypeScript source of the Beeuni tool `name`, or `None` for any other name.
pub fn source(name: &str) -> Option<&'static str> {
    HOSTED_TOOLS
        .iter()
        .find(|(tool, _)| *tool == name)
        .map(|(_, source)| *source)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_source_follows_the_module_contract_textually() {
        for (name, source) in HOSTED_TOOLS {
            assert!(source.contains("export default {"), "{name}");
            assert!(source.contains("type: 'object'"), "{name}");
            assert!(source.contains("async execute(args"), "{name}");
            assert!(
                !source.contains("process.env"),
                "{name} must read context.env"
            );
            for line in source
                .lines()
                .filter(|l| l.trim_start().starts_with("import "))
            {
                assert!(
                    line.contains("from 'node:"),
                    "{name} imports something that is not node:*: {line}"
                );
            }
        }
    }

    #[test]
    fn network_tools_authenticate_and_pass_the_signal() {
        for name in ["web_search", "image_search", "scrape_webpage"] {
            let source = source(name).unwrap();
            assert!(source.contains("context.env.BEEUNI_API_URL"), "{name}");
            assert!(
                source.contains("authorization: `Bearer ${token}`"),
                "{name}"
            );
            assert!(source.contains("signal: context.signal"), "{name}");
            assert!(source.contains("BEEUNI_API_URL is not set: "), "{name}");
        }
    }

    #[test]
    fn lookup_by_name() {
        assert!(source("memory").unwrap().contains("'node:fs/promises'"));
        assert_eq!(source("bash"), None);
        assert_eq!(source("beeuni:memory"), None);
    }
}
