"""What reading the others' bids adds to expert, deal by deal: expert with its inference minus plain
expert on the same deals (bench/search_strength.py's deals: the level in the tested seats, casual at
the rest), with the 95% interval of the paired difference. The bots run untimed, so a run reproduces.
Usage::

    python bench/inference_paired.py [--only oh-hell] [--first 2000] [--deals 150] [--infer 8] [--sigma 1]

``--minutes`` stops starting deals after that long (the deals done are reported).
"""

from __future__ import annotations

import argparse
import time

from search_strength import Override, interval, play_deal  # bench/ is the script's own folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default="oh-hell")
    parser.add_argument("--first", type=int, default=2000, help="the first deal's seed")
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--infer", type=int, default=8, help="candidate worlds a round (SearchBot.infer)")
    parser.add_argument("--sigma", type=float, default=None, help="the spread the heuristic reads bids with")
    parser.add_argument("--minutes", type=float, default=None)
    args = parser.parse_args()
    stop = None if args.minutes is None else time.monotonic() + 60 * args.minutes
    for game in args.only.split(","):
        diffs: list[float] = []
        plain_s: list[float] = []
        read_s: list[float] = []
        for deal in range(args.first, args.first + args.deals):
            if diffs and stop is not None and time.monotonic() > stop:
                break
            plain, plain_t = play_deal(game, deal, "expert", Override())
            read, read_t = play_deal(game, deal, "expert", Override(infer=args.infer, sigma=args.sigma))
            diffs.append(read - plain)
            plain_s += plain_t
            read_s += read_t
        mean, half = interval(diffs)
        plain_ms = 1000 * sum(plain_s) / max(1, len(plain_s))
        read_ms = 1000 * sum(read_s) / max(1, len(read_s))
        last = args.first + len(diffs) - 1
        print(f"{game}: {len(diffs)} deals (seeds {args.first}-{last}), expert reading bids minus expert"
              f" {mean:+.3f} ± {half:.3f} points a deal; CPU ms a decision {plain_ms:.0f} "
              f"plain, {read_ms:.0f} reading", flush=True)


if __name__ == "__main__":
    main()
