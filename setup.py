"""Where the package's files come from; everything else is in pyproject.toml.

The rules notes have one home, docs/rules/<game>.md, where the README links them; the wheel carries
them as tradingfloor/rules_notes/<game>.md, so that `tradingfloor rules GAME --notes` works after
`pip install`. (pyproject.toml's package finder cannot add a folder from outside src/.)
"""

from setuptools import find_namespace_packages, setup

NOTES = "tradingfloor.rules_notes"

setup(
    packages=[*find_namespace_packages("src", include=["tradingfloor*"]), NOTES],
    package_dir={"": "src", NOTES: "docs/rules"},
)
