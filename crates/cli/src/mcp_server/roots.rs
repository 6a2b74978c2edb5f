//! The directories whose files the server's tools may read: the working
//! directory, or those given with `--root`. A path is resolved (`..` and
//! symbolic links followed) before it is compared, so neither leads out.

use std::path::{Path, PathBuf};

/// The allowed directories, resolved.
#[derive(Debug)]
pub(crate) struct Roots {
    /// Each directory resolved, then as given (made absolute): a path as
    /// written may name a directory through a symbolic link.
    dirs: Vec<PathBuf>,
    given: Vec<PathBuf>,
    /// Where a relative path starts.
    base: PathBuf,
}

impl Roots {
    /// `given`, or the working directory when none is given.
    pub(crate) fn new(given: &[String]) -> Result<Self, String> {
        let base = std::env::current_dir()
            .and_then(|d| d.canonicalize())
            .map_err(|e| format!("cannot read the working directory: {e}"))?;
        let wanted: Vec<PathBuf> = if given.is_empty() {
            vec![base.clone()]
        } else {
            given.iter().map(PathBuf::from).collect()
        };
        let dirs = wanted
            .iter()
            .map(|d| {
                let resolved = base
                    .join(d)
                    .canonicalize()
                    .map_err(|e| format!("--root {}: {e}", d.display()))?;
                if resolved.is_dir() {
                    Ok(resolved)
                } else {
                    Err(format!("--root {}: not a directory", d.display()))
                }
            })
            .collect::<Result<_, String>>()?;
        let given = wanted.iter().map(|d| lexical(&base.join(d))).collect();
        Ok(Self { dirs, given, base })
    }

    /// Reads `path` (relative to the working directory) when it is under an
    /// allowed directory.
    pub(crate) fn read(&self, path: &str) -> Result<String, String> {
        let outside = || {
            format!(
                "{path} is outside the directories this server may read ({}); start it with --root DIR to allow another",
                self.list()
            )
        };
        // First as written, so that nothing outside is even looked at; then
        // with symbolic links followed.
        let written = lexical(&self.base.join(path));
        if !self.allows(&written) && !self.given.iter().any(|d| written.starts_with(d)) {
            return Err(outside());
        }
        let resolved = self
            .base
            .join(path)
            .canonicalize()
            .map_err(|e| format!("cannot read {path}: {e}"))?;
        if !self.allows(&resolved) {
            return Err(outside());
        }
        let bytes = std::fs::read(&resolved).map_err(|e| format!("cannot read {path}: {e}"))?;
        String::from_utf8(bytes).map_err(|e| {
            format!(
                "{path} is not valid UTF-8 (invalid byte at offset {}); JSON must be UTF-8",
                e.utf8_error().valid_up_to()
            )
        })
    }

    fn allows(&self, path: &Path) -> bool {
        self.dirs.iter().any(|d| path.starts_with(d))
    }

    fn list(&self) -> String {
        self.dirs
            .iter()
            .map(|d| d.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }

    #[cfg(test)]
    fn at(base: &Path, dirs: &[&Path]) -> Self {
        let dirs: Vec<PathBuf> = dirs.iter().map(|d| d.canonicalize().unwrap()).collect();
        Self {
            given: dirs.clone(),
            dirs,
            base: base.canonicalize().unwrap(),
        }
    }
}

/// `path` with `.` and `..` taken away as written, without asking the file
/// system (an absolute path stays absolute).
fn lexical(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_files_under_a_root_are_read() {
        let tmp = std::env::temp_dir().join(format!("toolcheck-roots-{}", std::process::id()));
        let inside = tmp.join("inside");
        std::fs::create_dir_all(inside.join("sub")).unwrap();
        std::fs::write(inside.join("sub/tools.json"), "[]").unwrap();
        std::fs::write(tmp.join("secret.json"), "{}").unwrap();
        let roots = Roots::at(&inside, &[&inside]);
        assert_eq!(roots.read("sub/tools.json").unwrap(), "[]");
        let outside = roots.read("../secret.json").unwrap_err();
        assert!(outside.contains("outside the directories"), "{outside}");
        let absolute = roots
            .read(tmp.join("secret.json").to_str().unwrap())
            .unwrap_err();
        assert!(absolute.contains("outside the directories"), "{absolute}");
        assert!(roots.read("sub/../../secret.json").is_err());
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(tmp.join("secret.json"), inside.join("link.json")).unwrap();
            let linked = roots.read("link.json").unwrap_err();
            assert!(linked.contains("outside the directories"), "{linked}");
        }
        let missing = roots.read("nope.json").unwrap_err();
        assert!(missing.starts_with("cannot read nope.json"), "{missing}");
        std::fs::remove_dir_all(&tmp).unwrap();
    }
}
