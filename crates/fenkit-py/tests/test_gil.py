"""The column functions give the GIL back while they work."""

import threading
import time

import pyarrow as pa

import fenkit
from conftest import START


def test_python_runs_while_a_column_function_works():
    column = pa.array([START] * 400_000)
    done = threading.Event()
    ran = {}

    def work():
        started = time.perf_counter()
        fenkit.fen_key(column)
        ran["seconds"] = time.perf_counter() - started
        done.set()

    worker = threading.Thread(target=work)
    worker.start()
    ticks = 0
    while not done.is_set():
        ticks += 1
        time.sleep(0.001)
    worker.join()
    # With the GIL held for the whole call this loop would stand still;
    # given back, it ticks about once a millisecond.
    assert ran["seconds"] > 0.05, "the call is long enough to see overlap"
    assert ticks >= ran["seconds"] * 1000 / 10, (ticks, ran)
