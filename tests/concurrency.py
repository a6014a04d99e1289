"""Running calls at the same moment, as two people (or a double click) would."""

import threading
from collections.abc import Callable
from typing import Any

from django.db import connection


def at_once(*calls: Callable[[], Any]) -> list[Any]:
    """Run each call in its own thread and connection, released together by a barrier.

    Returns each call's result, or the exception it raised, in the order given.
    """
    barrier = threading.Barrier(len(calls))
    outcomes: list = [None] * len(calls)

    def run(index: int, call: Callable[[], Any]) -> None:
        try:
            barrier.wait()
            outcomes[index] = call()
        except Exception as exc:  # recorded, then asserted on by the test
            outcomes[index] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes
