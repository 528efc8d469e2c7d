//! Checkpoint files of `grundy seq --save` / `--resume`: read a block at a
//! time, written beside the file and renamed into place.

use std::fs;
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use grundy::sequence::checkpoint;
use grundy::sequence::Computation;

/// Whether `a` and `b` name the same file.
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (fs::canonicalize(a), fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => a == b,
    }
}

/// Reads a checkpoint a block at a time, so that the values are held once
/// (not also as the file's bytes).
pub fn read_checkpoint(path: &Path) -> Result<checkpoint::Checkpoint> {
    let read = || -> std::io::Result<checkpoint::Decoder> {
        let mut file = fs::File::open(path)?;
        let mut decoder = checkpoint::Decoder::new();
        let mut block = vec![0u8; 1 << 20];
        loop {
            match file.read(&mut block) {
                Ok(0) => return Ok(decoder),
                Ok(n) => decoder.feed(&block[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    };
    let decoder = read().with_context(|| format!("cannot read checkpoint {}", path.display()))?;
    decoder
        .finish()
        .with_context(|| format!("cannot resume from {}", path.display()))
}

/// Writes the checkpoint beside `path` and renames it into place, so a crash
/// mid-write leaves the previous checkpoint intact.
pub fn write_checkpoint(path: &Path, comp: &mut Computation, to: u64) -> Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    let mut write = || -> std::io::Result<()> {
        let file = fs::File::create(&tmp)?;
        let mut out = BufWriter::with_capacity(1 << 20, file);
        let mut result = Ok(());
        let state = comp.state();
        let (count, values) = comp.kept_values();
        let rule = comp.rule().to_string();
        checkpoint::encode_values(&rule, Some(to), count, values, &state, |b| {
            if result.is_ok() {
                result = out.write_all(b);
            }
        });
        result?;
        let file = out.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        fs::rename(&tmp, path)
    };
    write().with_context(|| format!("cannot write checkpoint {}", path.display()))
}
