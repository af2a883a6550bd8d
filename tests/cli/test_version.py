"""`tradingfloor --version` prints the package's one version."""

from __future__ import annotations

from packaging.version import Version
from typer.testing import CliRunner

import tradingfloor
from tradingfloor.cli.main import app


def test_version_prints_the_package_version() -> None:
    outcome = CliRunner().invoke(app, ["--version"])
    assert outcome.exit_code == 0
    assert outcome.output == f"tradingfloor {tradingfloor.__version__}\n"
    assert str(Version(tradingfloor.__version__)) == tradingfloor.__version__  # a PEP 440 version
