"""The census: the same records as `grundy census --json`, locally and on a
Dask cluster of two worker processes, one of them killed mid-census."""

import os
import signal
import threading
import time

import pytest

import grundy
from conftest import cli_error, cli_json

# Open codes that take a fraction of a second each to 10000 heaps (every
# split of every heap is looked at), solved ones, and codes of one class.
CODES = ["0.164", "0.244", "0.346", "0.347", "0.414", "0.604", "0.764", "0.766",
         "0.07", "0.77", "4.3", "0.52", "0.523"]
TO = 10000


def test_the_local_census_is_the_command_line_s():
    assert grundy.census("0.1?, 0.7?", to=3000) == cli_json("census", "0.1?", "0.7?", "--to", "3000", "--quiet")
    assert grundy.census(["0.16", "4.?"], to=500, threads=1) == cli_json(
        "census", "0.16", "4.?", "--to", "500", "--quiet")


def test_records_name_their_class():
    r = {x["code"]: x for x in grundy.census(["0.52", "0.523", "0.01"], to=1000)}
    assert r["0.523"]["equivalent"] == r["0.52"]["equivalent"] == "0.52"
    assert {k: v for k, v in r["0.523"].items() if k != "code"} == {k: v for k, v in r["0.52"].items() if k != "code"}
    assert r["0.01"]["shift_of"] == {"code": "0.1", "shift": 1}


def test_bad_input_is_refused_as_the_command_line_does():
    with pytest.raises(grundy.GrundyError) as e:
        grundy.census("0.9?")
    assert str(e.value) == cli_error("census", "0.9?")
    with pytest.raises(ValueError):
        grundy.census("0.1", to=-1)
    with pytest.raises(TypeError):
        grundy.census([0.1])
    with pytest.raises(grundy.GrundyError):
        grundy.census("0.1", time_per_game=0)


def test_a_time_limit_leaves_a_code_open_where_it_stopped():
    [r] = grundy.census("0.04", to=10**6, time_per_game=0.5)
    assert r["status"] == "open" and 0 < r["computed_to"] < 10**6


def test_a_dask_cluster_gives_the_same_records_even_when_a_worker_dies():
    # Never skipped: without Dask this fails (tests/python.rs installs it).
    from dask.distributed import Client, LocalCluster

    local = grundy.census(CODES, to=TO)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        assert grundy.census(CODES, to=TO, client=client) == local

        # Again (new tasks: another time limit, which no code reaches),
        # killing one worker process as soon as it is computing a code.
        pids = client.run(os.getpid)
        killed = []

        def kill_a_busy_worker():
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and not killed:
                for address, keys in client.processing().items():
                    if keys and address in pids:
                        os.kill(pids[address], signal.SIGKILL)
                        killed.append(address)
                        return
                time.sleep(0.005)

        killer = threading.Thread(target=kill_a_busy_worker)
        killer.start()
        again = grundy.census(CODES, to=TO, client=client, time_per_game=599.0)
        killer.join()
        assert killed, "no worker was seen computing"
        assert again == local
