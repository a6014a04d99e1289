"""The pure packages import without Django (or anything else from the apps)."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import importlib, pkgutil, sys
package = importlib.import_module(sys.argv[2])
for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
    importlib.import_module(module.name)
loaded = sorted(name for name in sys.modules if name.split(".")[0] in {
    "django", "accounts", "config", "league", "notices"
})
print(" ".join(loaded))
"""


@pytest.mark.parametrize("package", ["algorithms", "scoring.engine", "tournaments.rotation"])
def test_every_module_of_the_package_imports_without_django(package):
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; sys.path.insert(0, sys.argv[1]);" + SCRIPT,
            str(ROOT),
            package,
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )

    assert done.stdout.strip() == ""
