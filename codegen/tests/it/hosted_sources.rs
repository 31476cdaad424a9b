//! The five Beeuni tool sources, ejected into a project, pass the static
//! module checks `beeuni validate` runs: each file is a complete tool module
//! on its own.
//!
//! The sources live in the runtime crate, which codegen must not depend on,
//! so this test reads them from the repository as files.

use std::path::Path;

use checker::diagnostics::Severity;
use checker::module::{ModuleRef, check_modules};
use checker::project::names::BEEUNI_TOOLS;
use codegen::eject;

const MANIFEST: &str = "tools:\n  web_search: beeuni:web_search\n  image_search: beeuni:image_search\n  scrape_webpage: beeuni:scrape_webpage\n  memory: beeuni:memory\n  show: beeuni:show\n";

#[test]
fn every_ejected_beeuni_source_passes_the_module_checks() {
    let hosted = Path::new(env!("CARGO_MANIFEST_DIR")).join("../runtime/hosted");
    for name in BEEUNI_TOOLS {
        let source = std::fs::read_to_string(hosted.join(format!("{name}.ts"))).unwrap();
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("beeuni.yaml"), MANIFEST).unwrap();
        let project = checker::project::load(dir.path()).project.unwrap();
        eject::plan(&project, name, &source, false)
            .unwrap()
            .apply()
            .unwrap();

        let module = ModuleRef {
            tool: name.to_string(),
            path: format!("tools/{name}.ts").into(),
            declared_at: None,
        };
        let report = check_modules(dir.path(), &[module]);
        let problems: Vec<_> = report
            .diagnostics
            .iter()
            .filter(|d| d.severity != Severity::Note)
            .collect();
        assert!(problems.is_empty(), "{name}: {problems:#?}");
        let project = checker::project::load(dir.path()).project.unwrap();
        assert!(
            checker::rules::check_manifest(&project).is_empty(),
            "{name}"
        );
    }
}
