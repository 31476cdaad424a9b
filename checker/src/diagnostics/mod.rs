//! The one diagnostic type every check produces, and the renderers that turn a
//! list of them into what a person or a CI system reads.
//!
//! User problems are values (`Vec<Diagnostic>`), never `Err`. A diagnostic holds
//! a byte span; lines and columns are computed only when rendering, from the
//! [`Sources`] the checks read. Nothing here prints: the binary does.

pub mod codes;
pub mod docs;
pub mod edit;
mod render;
mod sources;

pub use codes::{CODES, Code};
pub use render::{Format, render};
pub use sources::{LineCol, Sources};

use std::ops::Range;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
    Note,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

/// A place in a file the project read, as a byte range into its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    /// Relative to the project root, with `/` separators.
    pub file: PathBuf,
    pub span: Range<usize>,
}

impl Location {
    pub fn new(file: impl Into<PathBuf>, span: Range<usize>) -> Location {
        Location {
            file: file.into(),
            span,
        }
    }
}

/// A secondary place that explains the primary one (the other declaration of a
/// duplicate, the import that led to a file).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    pub location: Location,
    pub message: String,
}

/// One text replacement; a fix is a set of them applied together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    pub span: Range<usize>,
    pub replacement: String,
}

impl Edit {
    pub fn replace(span: Range<usize>, replacement: impl Into<String>) -> Edit {
        Edit {
            span,
            replacement: replacement.into(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fix {
    pub message: String,
    /// Edits in the primary location's file.
    pub edits: Vec<Edit>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub code: &'static Code,
    pub severity: Severity,
    pub message: String,
    /// `None` only for problems that belong to no file (the project has no
    /// manifest at all).
    pub location: Option<Location>,
    /// What the primary span shows; the message says what is wrong.
    pub label: Option<String>,
    pub related: Vec<Label>,
    pub help: Option<String>,
    pub fix: Option<Fix>,
}

impl Diagnostic {
    /// Constructors live next to the rules that fire them; this is the one
    /// place they all go through, so every diagnostic has a registered code.
    pub fn new(code: &'static Code, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            severity: code.severity,
            message: message.into(),
            location: None,
            label: None,
            related: Vec::new(),
            help: None,
            fix: None,
        }
    }

    pub fn at(mut self, file: impl AsRef<Path>, span: Range<usize>) -> Diagnostic {
        self.location = Some(Location::new(file.as_ref(), span));
        self
    }

    pub fn label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = Some(label.into());
        self
    }

    pub fn related(
        mut self,
        file: impl AsRef<Path>,
        span: Range<usize>,
        message: impl Into<String>,
    ) -> Diagnostic {
        self.related.push(Label {
            location: Location::new(file.as_ref(), span),
            message: message.into(),
        });
        self
    }

    pub fn help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    pub fn fix(mut self, message: impl Into<String>, edits: Vec<Edit>) -> Diagnostic {
        self.fix = Some(Fix {
            message: message.into(),
            edits,
        });
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// Orders diagnostics the way a reader scans a project: file by file, top to
/// bottom, errors before warnings at the same place.
pub fn sort(diagnostics: &mut [Diagnostic]) {
    diagnostics.sort_by(|a, b| {
        let key = |d: &Diagnostic| {
            d.location
                .as_ref()
                .map(|l| (l.file.clone(), l.span.start, l.span.end))
        };
        key(a)
            .cmp(&key(b))
            .then(a.severity.cmp(&b.severity))
            .then(a.code.name.cmp(b.code.name))
    });
}

/// The exit code a run with these diagnostics ends with: 1 with any error.
pub fn has_errors(diagnostics: &[Diagnostic]) -> bool {
    diagnostics.iter().any(Diagnostic::is_error)
}
