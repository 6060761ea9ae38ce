"""Phone audit cases with faults still open: issue 26's list of what is left (filled from a run)."""

OPEN_FAULTS: dict[str, str] = {}
