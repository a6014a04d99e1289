"""Driving a page with wrk and reading what it prints: requests/s, the median and 99th
percentile, the errors (used by benchmarks/load.py)."""

from __future__ import annotations

import re
import statistics
import subprocess
from dataclasses import dataclass


@dataclass
class Rate:
    per_second: float
    median_ms: float
    p99_ms: float
    errors: int  # non-2xx answers and socket errors


_LATENCY = re.compile(r"^\s+(50|99)(?:\.0+)?%\s+([\d.]+)(us|ms|s)\s*$", re.MULTILINE)
_UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0}


def parse_wrk(output: str) -> Rate:
    """Requests/s, median and 99th percentile (ms) and errors from `wrk --latency`."""
    rate = re.search(r"Requests/sec:\s+([\d.]+)", output)
    latency = {m[1]: float(m[2]) * _UNITS[m[3]] for m in _LATENCY.finditer(output)}
    non_2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", output)
    socket_errors = re.search(r"Socket errors:(.*)", output)
    errors = int(non_2xx[1]) if non_2xx else 0
    if socket_errors:
        errors += sum(int(n) for n in re.findall(r"(\d+)", socket_errors[1]))
    return Rate(
        float(rate[1]) if rate else 0.0, latency.get("50", 0.0), latency.get("99", 0.0), errors
    )


def combined(turns: list[Rate]) -> Rate:
    """One page's turns as one figure: the mean rate, the median of each latency figure."""
    return Rate(
        statistics.fmean(t.per_second for t in turns),
        statistics.median(t.median_ms for t in turns),
        statistics.median(t.p99_ms for t in turns),
        sum(t.errors for t in turns),
    )


def wrk(url: str, *, seconds: int, connections: int, cookie: str = "") -> Rate:
    command = ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--latency", url]
    if cookie:
        command[1:1] = ["-H", f"Cookie: {cookie}"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 60)
    return parse_wrk(done.stdout)
