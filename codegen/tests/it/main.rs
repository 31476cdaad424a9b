//! codegen's integration tests, in one test binary: `eject` on fixture
//! manifests (with snapshots) and the hosted sources kept in step.

mod eject;
mod hosted_sources;
