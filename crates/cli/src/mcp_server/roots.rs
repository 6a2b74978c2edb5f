//! The directories whose files the server's tools may read: the working
//! directory, or those given with `--root`. A relative path is read inside
//! the roots, in order: the first root that holds it wins, as the MCP
//! specification's roots are the places a server works in (a client chooses
//! the server's working directory, and the user does not see it). A path is
//! resolved (`..` and symbolic links followed) before it is compared, so
//! neither leads out.

use std::path::{Path, PathBuf};

/// The allowed directories, resolved.
#[derive(Debug)]
pub(crate) struct Roots {
    /// Each directory resolved, then as given (made absolute): a path as
    /// written may name a directory through a symbolic link.
    dirs: Vec<PathBuf>,
    given: Vec<PathBuf>,
}

impl Roots {
    /// `given`, or the working directory when none is given. A relative
    /// `--root` is read from the working directory.
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
        Ok(Self { dirs, given })
    }

    /// Reads `path`: an absolute path when it is under a root, a relative
    /// one inside the first root that holds it.
    pub(crate) fn read(&self, path: &str) -> Result<String, String> {
        let resolved = if Path::new(path).is_absolute() {
            self.absolute(path)?
        } else {
            self.relative(path)?
        };
        let bytes = std::fs::read(&resolved).map_err(|e| format!("cannot read {path}: {e}"))?;
        String::from_utf8(bytes).map_err(|e| {
            format!(
                "{path} is not valid UTF-8 (invalid byte at offset {}); JSON must be UTF-8",
                e.utf8_error().valid_up_to()
            )
        })
    }

    /// An absolute path, resolved, when it lies under a root.
    fn absolute(&self, path: &str) -> Result<PathBuf, String> {
        let refused = || {
            format!(
                "{path} is not in {}; give a path inside {}, or start the server with --root DIR to allow another directory",
                self.list(" or "),
                if self.dirs.len() == 1 {
                    "it"
                } else {
                    "one of them"
                }
            )
        };
        // First as written, so that nothing outside is even looked at; then
        // with symbolic links followed.
        let written = lexical(Path::new(path));
        if !self.allows(&written) && !self.given.iter().any(|d| written.starts_with(d)) {
            return Err(refused());
        }
        let resolved = Path::new(path)
            .canonicalize()
            .map_err(|e| format!("cannot read {path}: {e}"))?;
        if self.allows(&resolved) {
            Ok(resolved)
        } else {
            Err(format!(
                "{path} leads outside {} through a symbolic link; this server reads only files inside its roots",
                self.list(" and ")
            ))
        }
    }

    /// A relative path, inside the first root that holds it.
    fn relative(&self, path: &str) -> Result<PathBuf, String> {
        for (root, dir) in self.given.iter().zip(&self.dirs) {
            let written = lexical(&root.join(path));
            if !written.starts_with(root) {
                return Err(format!(
                    "{path} climbs out of {} with `..`; this server reads only files inside its roots",
                    dir.display()
                ));
            }
            let resolved = match written.canonicalize() {
                Ok(resolved) => resolved,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                Err(e) => return Err(format!("cannot read {path} in {}: {e}", dir.display())),
            };
            if !self.allows(&resolved) {
                return Err(format!(
                    "{path} in {} leads outside {} through a symbolic link; this server reads only files inside its roots",
                    dir.display(),
                    self.list(" and ")
                ));
            }
            return Ok(resolved);
        }
        Err(format!(
            "cannot read {path}: it is not in {}; a relative path is read inside the server's roots (give one relative to {}, or an absolute path inside {})",
            self.list(" or "),
            if self.dirs.len() == 1 {
                "it"
            } else {
                "one of them"
            },
            if self.dirs.len() == 1 { "it" } else { "one" },
        ))
    }

    fn allows(&self, path: &Path) -> bool {
        self.dirs.iter().any(|d| path.starts_with(d))
    }

    /// The roots, joined by `last` before the last ("a, b or c").
    fn list(&self, last: &str) -> String {
        let names: Vec<String> = self.dirs.iter().map(|d| d.display().to_string()).collect();
        match names.split_last() {
            Some((end, rest)) if !rest.is_empty() => format!("{}{last}{end}", rest.join(", ")),
            _ => names.join(""),
        }
    }

    #[cfg(test)]
    fn at(dirs: &[&Path]) -> Self {
        let dirs: Vec<PathBuf> = dirs.iter().map(|d| d.canonicalize().unwrap()).collect();
        Self {
            given: dirs.clone(),
            dirs,
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
    fn a_relative_path_is_read_inside_the_roots() {
        let tmp = std::env::temp_dir().join(format!("toolcheck-roots-{}", std::process::id()));
        let inside = tmp.join("inside");
        let second = tmp.join("second");
        std::fs::create_dir_all(inside.join("sub")).unwrap();
        std::fs::create_dir_all(&second).unwrap();
        std::fs::write(inside.join("sub/tools.json"), "[]").unwrap();
        std::fs::write(second.join("only-here.json"), "{}").unwrap();
        std::fs::write(second.join("sub-less.json"), "1").unwrap();
        std::fs::write(tmp.join("secret.json"), "{}").unwrap();
        let roots = Roots::at(&[&inside, &second]);
        // Whatever the working directory: inside the first root that holds it.
        assert_eq!(roots.read("sub/tools.json").unwrap(), "[]");
        assert_eq!(roots.read("only-here.json").unwrap(), "{}");
        assert_eq!(roots.read("./sub/../sub/tools.json").unwrap(), "[]");
        let climbs = roots.read("../secret.json").unwrap_err();
        assert!(climbs.contains("climbs out of"), "{climbs}");
        assert!(roots.read("sub/../../secret.json").is_err());
        let absolute = roots
            .read(tmp.join("secret.json").to_str().unwrap())
            .unwrap_err();
        assert!(
            absolute.starts_with(&format!(
                "{} is not in {} or {}",
                tmp.join("secret.json").display(),
                inside.canonicalize().unwrap().display(),
                second.canonicalize().unwrap().display()
            )),
            "{absolute}"
        );
        assert_eq!(
            roots
                .read(inside.join("sub/tools.json").to_str().unwrap())
                .unwrap(),
            "[]"
        );
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(tmp.join("secret.json"), inside.join("link.json")).unwrap();
            let linked = roots.read("link.json").unwrap_err();
            assert!(linked.contains("through a symbolic link"), "{linked}");
        }
        let missing = roots.read("nope.json").unwrap_err();
        assert!(
            missing.starts_with("cannot read nope.json: it is not in ")
                && !missing.contains("outside"),
            "{missing}"
        );
        std::fs::remove_dir_all(&tmp).unwrap();
    }
}
