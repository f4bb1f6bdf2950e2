"""Call ids that name their tool: the id rule every body whose calls carry such an id shares.

A family writes the call's id where others write the name (Kimi K2's `functions.NAME:IDX`,
Kimi K2.7-Code's `functions_NAME_IDX`): the id is `[namespace SEP] NAME [SEP IDX]`, a SEP any of
`. : _ -`, IDX digits.  Tool names hold those characters too (`get_weather`, `web.search-v2`),
so an id is read against the declared tools: NAME is the longest declared name the id holds in
that shape.  The namespace is one word (no SEP in it): a longer head (`functions.mcp_read:0`)
names a tool that was not declared, never a declared one that ends the same way (`read`).
An id that names no declared tool (or no tools declared) is read by the family's own shape
(`plain`).
"""
from __future__ import annotations

SEPS = frozenset(".:_-")


def named(call_id: str, tools) -> str | None:
    """The declared tool (`tools`: the names, or None) that `call_id` names, the longest if
    several fit; None if it names none.  Linear: a few slices of the id are looked up."""
    if not tools:
        return None
    cid = call_id.strip()
    starts = [0]
    for i, c in enumerate(cid):
        if c in SEPS:
            starts.append(i + 1)             # after a one-word namespace
            break
    ends = [len(cid)]
    j = len(cid)
    while j > 0 and cid[j - 1].isdigit():
        j -= 1
    if 1 < j < len(cid) and cid[j - 1] in SEPS:
        ends.append(j - 1)                   # before `SEP IDX`
    best = None
    for s in starts:
        for e in ends:
            name = cid[s:e]
            if e > s and name in tools and (best is None or len(name) > len(best)):
                best = name
    return best


def plain(call_id: str, prefix: str) -> str:
    """The name in the family's own shape, `prefix` NAME `:IDX` (`functions.mute_channel:3` →
    `mute_channel`); anything else, the id less `prefix`."""
    name = call_id.strip().removeprefix(prefix)
    head, colon, idx = name.rpartition(":")
    return head if colon and idx.isdigit() else name
