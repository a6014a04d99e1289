"""The rehearsal's hosts: one network namespace each, joined by a bridge of their own.

`Network` makes a bridge (`<prefix>br`) with an address on the rehearsal's own /24 in the
machine's namespace, where the clients run, and per host a namespace `<prefix>-<name>` with
a veth pair into the bridge and one address. A host's processes run with `ip netns exec`;
losing a host is every process in its namespace killed with SIGKILL at once (`ip netns
pids`), as when its machine dies. `close()` kills what is left and removes every namespace,
link and the bridge it made, and nothing else. Needs root and iproute2.
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path


def ip(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run(["ip", *args], check=check, capture_output=True, text=True)


@dataclass
class Host:
    name: str
    namespace: str
    address: str
    processes: list[subprocess.Popen] = field(default_factory=list)

    def pids(self) -> list[int]:
        found = ip("netns", "pids", self.namespace, check=False).stdout.split()
        return [int(pid) for pid in found]


class Network:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        # A subnet and names of this run's own, so two runs never share one.
        self.net = random.randint(100, 199)
        self.prefix = f"eu{self.net}"
        self.bridge = f"{self.prefix}br"
        self.gateway = f"10.77.{self.net}.1"
        self.hosts: dict[str, Host] = {}
        ip("link", "add", self.bridge, "type", "bridge")
        ip("addr", "add", f"{self.gateway}/24", "dev", self.bridge)
        ip("link", "set", self.bridge, "up")

    def add(self, name: str, number: int) -> Host:
        namespace, outside = f"{self.prefix}-{name}", f"{self.prefix}{name}"[:15]
        address = f"10.77.{self.net}.{number}"
        ip("netns", "add", namespace)
        ip("link", "add", outside, "type", "veth", "peer", "name", "eth0", "netns", namespace)
        ip("link", "set", outside, "master", self.bridge)
        ip("link", "set", outside, "up")
        for args in (
            ("addr", "add", f"{address}/24", "dev", "eth0"),
            ("link", "set", "eth0", "up"),
            ("link", "set", "lo", "up"),
        ):
            ip("netns", "exec", namespace, "ip", *args)
        host = self.hosts[name] = Host(name, namespace, address)
        return host

    def run(
        self,
        host: Host,
        command: list[str],
        *,
        log: str,
        env: dict[str, str] | None = None,
        cwd: Path | None = None,
        user: str | None = None,
    ) -> subprocess.Popen:
        """`command` on `host`, its output appended to `<folder>/<log>.log`."""
        prefix = ["ip", "netns", "exec", host.namespace]
        if user:
            prefix += ["runuser", "-u", user, "--"]
        out = open(self.folder / f"{log}.log", "ab")  # noqa: SIM115 (the process keeps it)
        process = subprocess.Popen(
            [*prefix, *command],
            cwd=cwd,
            env=env if env is not None else dict(os.environ),
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        host.processes.append(process)
        return process

    def lose(self, host: Host) -> float:
        """Every process on `host` killed at once with SIGKILL; returns when (time.time())."""
        when = time.time()
        for _ in range(5):  # a process forking as it dies leaves a child: kill again
            pids = host.pids()
            if not pids:
                break
            for pid in pids:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            time.sleep(0.05)
        for process in host.processes:
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=5)
        host.processes.clear()
        return when

    def stop(self, host: Host, timeout: float = 30) -> None:
        """A planned stop: SIGTERM to the host's processes, then SIGKILL to what remains."""
        for process in host.processes:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
        deadline = time.monotonic() + timeout
        for process in host.processes:
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=max(0.1, deadline - time.monotonic()))
        self.lose(host)

    def close(self) -> None:
        for host in self.hosts.values():
            with contextlib.suppress(Exception):
                self.lose(host)
            ip("netns", "del", host.namespace, check=False)
        for host in self.hosts.values():
            ip("link", "del", f"{self.prefix}{host.name}"[:15], check=False)
        ip("link", "del", self.bridge, check=False)
