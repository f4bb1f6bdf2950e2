"""dots.llm: <dots_function_call><invoke name="N"><parameter name="k">v</parameter></invoke></dots_function_call>,
or a JSON call object inside the wrapper (docs/syntax.md#dots)."""
from . import Format
from ._xml import block, invoke_dialect


class Dots(Format):
    name = "dots"
    syntax = "xml"
    aliases = ("dots_llm",)
    description = "dots.llm <dots_function_call> with <invoke> XML or a JSON call"
    openers = ("<dots_function_call>",)
    closer = "</dots_function_call>"
    models = ("dots.llm*", "dots-llm*", "dots1*", "dots.llm1*")
    example = '<dots_function_call><invoke name="mute"><parameter name="room">den</parameter></invoke></dots_function_call>'

    body = invoke_dialect(block_close=("</dots_function_call>",), json_calls=True)

    def parse(self, r, ctx, opener):
        yield from block(r, ctx, self.body)
