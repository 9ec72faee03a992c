"""The markdown-table reader shared by the report scripts (scripts/speed-report.py,
scripts/arena.py): they read the tables `dlxlab bench` prints into their raw/ folders.
Standard library only."""


def rows(path, after=None):
    """The rows of the first markdown table in `path` (after the line starting with `after`)."""
    if not path.exists():
        return []
    lines = path.read_text().splitlines()
    if after is not None:
        idx = next((i for i, l in enumerate(lines) if l.startswith(after)), None)
        if idx is None:
            return []
        lines = lines[idx:]
    table = [l for l in lines if l.startswith("|")]
    if len(table) < 2:
        return []
    head = [h.strip() for h in table[0].strip("|").split("|")]
    body = []
    for l in table[2:]:
        cells = [c.strip() for c in l.strip("|").split("|")]
        if len(cells) != len(head):
            break
        body.append(dict(zip(head, cells)))
    return body
