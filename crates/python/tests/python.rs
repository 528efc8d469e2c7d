//! The Python package's tests, from `cargo test`.
//!
//! `cargo test` has just built the extension module (`deps/lib_grundy.so`,
//! the library of this crate, built without linking libpython) and, in a
//! workspace run, the `grundy` binary. This test puts the module beside the
//! package's Python files (`python/grundy/`) in `target/tmp/python/pkg`,
//! makes a virtual environment in `target/tmp/python/venv` with pytest,
//! pytest-xdist, NumPy and Dask distributed from PyPI (once; later runs reuse it), and
//! runs pytest on `tests/py`, the doctests of the package and the examples
//! of `docs/python.md` and of the README. What is missing FAILS this test, it is never skipped:
//! Python 3 with `venv` (on Debian, as root, `apt-get install python3-venv`
//! is tried), and PyPI for the first run.
//!
//! No cargo or maturin runs inside: a nested build would wait on the lock
//! cargo holds on the target directory. `.ci/run` also builds the wheel with
//! maturin and imports it.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn run(cmd: &mut Command) -> bool {
    match cmd.status() {
        Ok(status) => status.success(),
        Err(err) => {
            eprintln!("cannot run {cmd:?}: {err}");
            false
        }
    }
}

/// `target/<profile>`: the test runs from `target/<profile>/deps/`.
fn profile_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test's path");
    exe.parent()
        .and_then(Path::parent)
        .expect("target/<profile>/deps/<test>")
        .to_path_buf()
}

/// What the tests install from PyPI (Dask distributed: the census on a
/// local cluster; pytest-xdist: the tests on every core).
const PACKAGES: [&str; 4] = ["pytest", "pytest-xdist", "numpy", "dask[distributed]"];

/// A virtual environment with [`PACKAGES`]; made once (again when the
/// list changes: it is written in the `.ready` mark).
fn venv(dir: &Path) -> PathBuf {
    let python = dir.join("bin/python");
    let ready = dir.join(".ready");
    let wanted = PACKAGES.join("\n");
    if python.exists() && fs::read_to_string(&ready).is_ok_and(|r| r == wanted) {
        return python;
    }
    let _ = fs::remove_dir_all(dir);
    let make = || run(Command::new("python3").args(["-m", "venv"]).arg(dir));
    if !make() {
        eprintln!("python3 -m venv failed: installing Debian's python3-venv with apt-get");
        let env = [("DEBIAN_FRONTEND", "noninteractive")];
        let _ = run(Command::new("apt-get").args(["update", "-q"]).envs(env));
        let _ = run(Command::new("apt-get")
            .args([
                "install",
                "-y",
                "-q",
                "--no-install-recommends",
                "python3",
                "python3-venv",
            ])
            .envs(env));
        let _ = fs::remove_dir_all(dir);
        assert!(
            make(),
            "the Python tests need python3 with venv (Debian: apt-get install python3-venv)"
        );
    }
    assert!(
        run(Command::new(&python)
            .args(["-m", "pip", "install", "-q", "--disable-pip-version-check"])
            .args(PACKAGES)),
        "pip could not install {} from PyPI into {}",
        PACKAGES.join(", "),
        dir.display()
    );
    fs::write(&ready, wanted).expect("mark the environment ready");
    python
}

/// The package as Python imports it: `pkg/grundy/{__init__.py, _grundy.abi3.so}`.
fn package(crate_dir: &Path, out: &Path) -> PathBuf {
    // Built as a dependency of this test, the module stays in deps/ (cargo
    // copies only what was asked for up to target/<profile>).
    let lib = profile_dir().join("deps/lib_grundy.so");
    assert!(
        lib.exists(),
        "{} is missing: cargo test builds it with the crate (cargo test -p grundy-python)",
        lib.display()
    );
    let pkg = out.join("grundy");
    let _ = fs::remove_dir_all(&pkg);
    fs::create_dir_all(&pkg).expect("make the package folder");
    for entry in fs::read_dir(crate_dir.join("python/grundy")).expect("python/grundy") {
        let path = entry.expect("a file").path();
        if path.extension().is_some_and(|e| e == "py") {
            fs::copy(&path, pkg.join(path.file_name().expect("a name"))).expect("copy");
        }
    }
    fs::copy(&lib, pkg.join("_grundy.abi3.so")).expect("copy the module");
    pkg
}

#[test]
fn the_python_package_passes_its_tests() {
    let crate_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let root = crate_dir.join("../..");
    let work = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("python");
    fs::create_dir_all(&work).expect("target/tmp/python");
    let python = venv(&work.join("venv"));
    let pkg_root = work.join("pkg");
    let pkg = package(&crate_dir, &pkg_root);
    let cli = profile_dir().join("grundy");
    assert!(
        cli.exists(),
        "{} is missing: the tests compare with the command line (cargo build -p grundy-cli, \
         or run the whole cargo test --workspace)",
        cli.display()
    );
    // The tests run in parallel, one worker per core (at most four: each
    // worker imports NumPy and Dask).
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get().min(4));
    let ok = run(Command::new(&python)
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
        .args(["-n", &workers.to_string()])
        .args(["--doctest-modules", "--doctest-glob=*.md"])
        .arg(crate_dir.join("tests/py"))
        .arg(pkg.join("__init__.py"))
        .arg(pkg.join("_census.py"))
        .arg(root.join("docs/python.md"))
        .arg(root.join("README.md"))
        .current_dir(&work)
        .env("PYTHONPATH", &pkg_root)
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .env("GRUNDY_BIN", &cli));
    assert!(ok, "pytest failed (see above)");
}
