"""MiniMax-M2 / M2.5 / M3: <minimax:tool_call><invoke name="N"><parameter name="K">V</parameter></invoke>
</minimax:tool_call> (formats.md §2.5)."""
from . import Format
from ._xml import block, invoke_dialect


class MinimaxM2(Format):
    name = "minimax_m2"
    aliases = ("minimax", "minimax_m3")
    description = "MiniMax-M2 / M3 <minimax:tool_call> with <invoke name=…><parameter name=…>"
    openers = ("<minimax:tool_call>",)
    closer = "</minimax:tool_call>"
    models = ("minimax-m2*", "minimax-m3*")
    example = ('<minimax:tool_call>\n<invoke name="water_plants">\n<parameter name="zone">greenhouse</parameter>\n'
               '</invoke>\n</minimax:tool_call>')

    body = invoke_dialect(block_close=("</minimax:tool_call>",))

    def parse(self, r, ctx, opener):
        yield from block(r, ctx, self.body)
