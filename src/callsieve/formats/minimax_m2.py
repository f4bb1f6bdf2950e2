"""MiniMax-M2 / M2.5: <minimax:tool_call><invoke name="N"><parameter name="K">V</parameter></invoke>
</minimax:tool_call> (docs/syntax.md#minimax_m2)."""
import re

from . import Format
from ._xml import block, declared_then, invoke_dialect

BARE = '<invoke name="'
_NAME = re.compile(r'([^"<>\n]{1,256})"\s*>')
_NAME_PREFIX = re.compile(r'[^"<>\n]{0,256}(?:"\s*)?\Z')


class MinimaxM2(Format):
    name = "minimax_m2"
    syntax = "xml"
    aliases = ("minimax",)
    description = "MiniMax-M2 <minimax:tool_call> with <invoke name=…><parameter name=…>"
    openers = ("<minimax:tool_call>",)
    # A server that strips the <minimax:tool_call> token leaves bare invokes: claimed only with
    # tools declared, for a declared name and a first child of the syntax.
    tool_openers = (BARE,)
    closer = "</minimax:tool_call>"
    models = ("minimax-m2*",)
    # The tokenizer's end-of-turn and begin-of-text tokens, left in the text by servers that
    # keep special tokens (waybarrios/vllm-mlx#98): markup, never the answer.
    specials = ("[e~[", "]~!b[")
    example = ('<minimax:tool_call>\n<invoke name="water_plants">\n<parameter name="zone">greenhouse</parameter>\n'
               '</invoke>\n</minimax:tool_call>')

    # A value whose closer is missing and that ends in another closing tag (`…</content>`, named
    # after the parameter: the invoke syntax's known slip, anthropics/claude-code#83088) is not
    # run: the slip would be part of the value.
    body = invoke_dialect(block_close=("</minimax:tool_call>",), suspects=("</",))

    def decide(self, opener, look, eof, ctx):
        if opener != BARE:
            return super().decide(opener, look, eof, ctx)
        return declared_then(look, eof, ctx, _NAME, _NAME_PREFIX, ('<parameter name="', "</invoke>"))

    def parse(self, r, ctx, opener):
        if opener == BARE:
            r.push_front(opener)
        yield from block(r, ctx, self.body)
