#!/usr/bin/env python3
"""Fail when any crate in the dependency graph (dev-dependencies included) has no
permissive licence to choose: every package's SPDX expression must offer MIT, Apache-2.0,
BSD, ISC, Zlib, Unicode, CC0 or Unlicense on at least one side of each OR."""
import json
import re
import subprocess
import sys

PERMISSIVE = re.compile(
    r"^(MIT|MIT-0|Apache-2\.0|Apache-2\.0 WITH LLVM-exception|BSD-2-Clause|BSD-3-Clause|ISC|"
    r"Zlib|Unicode-DFS-2016|Unicode-3\.0|CC0-1\.0|Unlicense|BSL-1\.0|0BSD)$"
)


def acceptable(expression: str) -> bool:
    """True when one OR-alternative consists only of permissive licences."""
    expression = expression.replace("(", " ").replace(")", " ").replace("/", " OR ")
    for alternative in re.split(r"\s+OR\s+", expression):
        parts = [p.strip() for p in re.split(r"\s+AND\s+", alternative) if p.strip()]
        if parts and all(PERMISSIVE.match(p) for p in parts):
            return True
    return False


metadata = json.loads(
    subprocess.check_output(["cargo", "metadata", "--format-version", "1", "--locked"])
)
bad = [
    f"{p['name']} {p['version']}: {p.get('license')!r}"
    for p in metadata["packages"]
    if not acceptable(p.get("license") or "")
]
if bad:
    print("crates without a permissive licence:\n  " + "\n  ".join(bad), file=sys.stderr)
    sys.exit(1)
print(f"licences: all {len(metadata['packages'])} crates permissive")
