//! The save file of `grundy census --save FILE`: a header line naming the
//! census, then one JSON record a line, appended as each code is finished,
//! so that `--resume` skips the codes done and a run killed at any moment
//! loses at most the codes in progress.

use std::fs::{self, File, OpenOptions};
use std::io::{BufRead, BufReader, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use anyhow::{bail, Context, Result};
use grundy::census::Record;
use serde::{Deserialize, Serialize};

/// The first line of a save file: what makes it one, and the census it
/// belongs to.
#[derive(Debug, Serialize, Deserialize)]
struct Header {
    /// Always [`MARK`].
    grundy_census: u32,
    /// The last heap computed for each code.
    to: u64,
}

/// The version of the save format, in every header.
const MARK: u32 = 1;

/// An open save file, appended to from several threads.
pub struct Save {
    path: PathBuf,
    file: Mutex<File>,
}

impl Save {
    /// Starts the save file `path` of a census to heap `to` (refusing to
    /// touch an existing file), or with `resume`, continues the one there
    /// (starting it when there is none): its records come back. A file
    /// that is not a census save of the same `to` is refused, never
    /// written; a last line cut short (a run killed mid-write) is dropped.
    pub fn open(path: &Path, to: u64, resume: bool) -> Result<(Save, Vec<Record>)> {
        let exists = fs::symlink_metadata(path).is_ok();
        if exists && !resume {
            bail!(
                "{} already exists; continue that census with --resume, or choose another file",
                path.display()
            );
        }
        if !exists {
            let mut file = OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(path)
                .with_context(|| format!("cannot create {}", path.display()))?;
            let header = serde_json::to_string(&Header {
                grundy_census: MARK,
                to,
            })?;
            writeln!(file, "{header}")
                .with_context(|| format!("cannot write {}", path.display()))?;
            return Ok((Save::new(path, file), Vec::new()));
        }
        let meta = fs::metadata(path).with_context(|| format!("cannot read {}", path.display()))?;
        if !meta.is_file() {
            bail!(
                "{} is not a regular file: it cannot be a census save",
                path.display()
            );
        }
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .open(path)
            .with_context(|| format!("cannot open {}", path.display()))?;
        let (records, complete) = read(path, &mut file, to)?;
        if complete < meta.len() {
            // (A line cut short: written again when its code is finished.)
            file.set_len(complete).with_context(|| {
                format!("cannot drop the unfinished last line of {}", path.display())
            })?;
        }
        file.seek(SeekFrom::End(0))?;
        Ok((Save::new(path, file), records))
    }

    fn new(path: &Path, file: File) -> Save {
        Save {
            path: path.to_path_buf(),
            file: Mutex::new(file),
        }
    }

    /// Appends one record as a line (written whole, then flushed).
    pub fn append(&self, record: &Record) -> Result<()> {
        let mut line = serde_json::to_string(record)?;
        line.push('\n');
        let mut file = self.file.lock().unwrap_or_else(|e| e.into_inner());
        file.write_all(line.as_bytes())
            .and_then(|()| file.flush())
            .with_context(|| format!("cannot write to {}", self.path.display()))
    }
}

/// The records of the save file `file`, and the length of its complete
/// lines; refuses a file that is not a census save to heap `to`.
fn read(path: &Path, file: &mut File, to: u64) -> Result<(Vec<Record>, u64)> {
    let foreign = || {
        format!(
            "{} is not a census save of grundy (its first line is not a census header); \
             it is left as it is: choose another file",
            path.display()
        )
    };
    let mut reader = BufReader::new(&mut *file);
    let mut line = String::new();
    let mut complete = 0u64;
    let n = reader.read_line(&mut line).with_context(foreign)?;
    let header: Header = match line.ends_with('\n') {
        true => serde_json::from_str(&line).with_context(foreign)?,
        false => bail!(foreign()),
    };
    if header.grundy_census != MARK {
        bail!(
            "{} is a census save of another version ({}); this grundy reads version {MARK}",
            path.display(),
            header.grundy_census
        );
    }
    if header.to != to {
        bail!(
            "{} is a census to heap {}, not {to}: resume it with --to {}, or choose another file",
            path.display(),
            header.to,
            header.to
        );
    }
    complete += n as u64;
    let mut records = Vec::new();
    for number in 2.. {
        line.clear();
        let n = reader
            .read_line(&mut line)
            .with_context(|| format!("cannot read {}", path.display()))?;
        if n == 0 || !line.ends_with('\n') {
            break;
        }
        let record: Record = serde_json::from_str(&line).with_context(|| {
            format!(
                "{} line {number} is not a census record; the file is left as it is",
                path.display()
            )
        })?;
        records.push(record);
        complete += n as u64;
    }
    Ok((records, complete))
}
