"""Seed-OSS: <seed:tool_call><function=N><parameter=K>V</parameter></function></seed:tool_call> (docs/syntax.md#seed_oss).

A family of known parts, declared with no code (formats/_parts.py): its own wrapper around the
Qwen3-Coder body (Functions), JSON values."""
from ._parts import Family, Functions

SEED_OSS = Family(
    "seed_oss", "<seed:tool_call>", Functions(), closer="</seed:tool_call>", own=True, aliases=("seed",),
    description="ByteDance Seed-OSS <seed:tool_call> around the Qwen3-Coder body", models=("seed-oss*",),
    specials=("<seed:eos>", "<seed:bos>", "</seed:tool_call>"),
    example="<seed:tool_call><function=track_parcel><parameter=code>ZX4471</parameter></function></seed:tool_call>")
