"""Before and after in one run: a benchmark of this tree against an earlier commit, interleaved.

Checks out ``--base`` (default: the first commit of this branch's change, ``HEAD~1``) into a
temporary git worktree, then runs the named benchmark script alternately from that tree and
from this one, ``--rounds`` times each, so both see the same machine load. Each round prints the
script's own output under a heading; compare the figures line by line.

Usage: ``python bench/compare.py --base 3ee71cf bench/trick_bench.py -- --seconds 2 --repeats 3``;
``--this-script`` runs this tree's copy of the script against both engines (a benchmark written
after the base, such as ``bench/engine_calls.py``, which uses only the public protocol).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(tree: Path, script: str, args: list[str], script_tree: Path | None = None) -> str:
    env = dict(os.environ, PYTHONPATH=str(tree / "src"))
    done = subprocess.run([sys.executable, str((script_tree or tree) / script), *args], cwd=tree / "bench",
                          env=env, capture_output=True, text=True, check=False)
    return done.stdout + (f"\n[stderr]\n{done.stderr}" if done.returncode else "")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--base", default="HEAD~1", help="the commit to compare against")
    parser.add_argument("--rounds", type=int, default=2, help="alternating runs of each tree")
    parser.add_argument("--this-script", action="store_true",
                        help="run this tree's copy of the script against both trees' engines (for a "
                             "benchmark newer than the base)")
    parser.add_argument("script", help="a benchmark script, relative to the repository root")
    parser.add_argument("args", nargs=argparse.REMAINDER, help="arguments for the script (after --)")
    ns = parser.parse_args()
    args = [a for a in ns.args if a != "--"]
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(base), ns.base],
                       check=True)
        try:
            for r in range(ns.rounds):
                for label, tree in ((f"base {ns.base}", base), ("this tree", ROOT)):
                    print(f"== round {r + 1}: {label} ==", flush=True)
                    print(run(tree, ns.script, args, ROOT if ns.this_script else None), flush=True)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=False)


if __name__ == "__main__":
    main()
