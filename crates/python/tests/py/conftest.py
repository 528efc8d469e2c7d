"""Shared helpers: the `grundy` command line the package is compared with."""

import json
import os
import subprocess

import pytest


def _bin():
    path = os.environ.get("GRUNDY_BIN")
    if not path or not os.path.exists(path):
        pytest.fail("GRUNDY_BIN must name the grundy binary (tests/python.rs sets it)")
    return path


def run_cli(*args):
    """(exit status, stdout, stderr) of `grundy ARGS`."""
    p = subprocess.run([_bin(), *args], capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def cli_json(*args):
    code, out, err = run_cli(*args, "--json")
    assert code == 0, err
    return json.loads(out)


def cli_error(*args):
    """The command line's error message, without its `grundy: error: ` prefix."""
    code, out, err = run_cli(*args)
    assert code == 1, (code, out, err)
    prefix = "grundy: error: "
    assert err.startswith(prefix), err
    return err[len(prefix):].rstrip("\n")


@pytest.fixture
def cli():
    return cli_json
