"""Phone audit cases with faults still open: issue 26's list of what is left, case by case, as the
audit found them on 2026-12-06 (its assertions are unchanged; each case here is expected to fail until
its faults are fixed, then it reports XPASS and comes off this list)."""

OPEN_FAULTS: dict[str, str] = {}
