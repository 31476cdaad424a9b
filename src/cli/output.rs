//! The one place that decides colours and writes the shared error line.

use std::io::IsTerminal;
use std::process::ExitCode;

pub const EXIT_PROBLEMS: u8 = 1;
pub const EXIT_INTERNAL: u8 = 2;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// Colour when standard output is a terminal and NO_COLOR is unset.
    #[default]
    Auto,
    Always,
    Never,
}

impl ColorChoice {
    pub fn enabled(self) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
            }
        }
    }
}

/// Prints `error: message` to stderr and returns the internal-failure code.
pub fn fail(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(EXIT_INTERNAL)
}
