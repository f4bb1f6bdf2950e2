"""Seed-OSS: <seed:tool_call><function=N><parameter=K>V</parameter></function></seed:tool_call> (docs/syntax.md#seed_oss)."""
from . import Format
from ._xml import block
from .qwen3_coder import dialect


class SeedOss(Format):
    name = "seed_oss"
    syntax = "xml"
    aliases = ("seed",)
    description = "ByteDance Seed-OSS <seed:tool_call> around the Qwen3-Coder body"
    openers = ("<seed:tool_call>",)
    closer = "</seed:tool_call>"
    models = ("seed-oss*",)
    specials = ("<seed:eos>", "<seed:bos>", "</seed:tool_call>")
    example = "<seed:tool_call><function=track_parcel><parameter=code>ZX4471</parameter></function></seed:tool_call>"

    body = dialect("</seed:tool_call>")

    def parse(self, r, ctx, opener):
        yield from block(r, ctx, self.body)
