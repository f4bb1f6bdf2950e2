"""DeepSeek V3.2 / V4 DSML: <｜DSML｜function_calls> (V4: <｜DSML｜tool_calls>) <｜DSML｜invoke name="N">
<｜DSML｜parameter name="K" string="true|false">V</｜DSML｜parameter></｜DSML｜invoke> … (formats.md §2.10)."""
from . import Format
from . import YES
from ._xml import block, invoke_dialect, tag_after

# Tags also come without ｜DSML｜, mixed, or with an ASCII bar.
PREFIXES = ("｜DSML｜", "|DSML|", "")
SECTIONS = ("function_calls", "tool_calls")


class DeepseekDsml(Format):
    name = "deepseek_dsml"
    aliases = ("dsml", "deepseek_v32", "deepseek_v4")
    description = "DeepSeek V3.2 / V4 DSML <｜DSML｜function_calls> / <｜DSML｜tool_calls>"
    # Without ｜DSML｜ (a server that strips it), the section tags are OLMo's and HY's too:
    # they count only before an <invoke.
    openers = tuple(f"<{p}{s}>" for p in PREFIXES for s in SECTIONS)
    closer = "</｜DSML｜function_calls>"
    models = ("deepseek-v3.2*", "deepseek-v4*")
    example = ('<｜DSML｜function_calls><｜DSML｜invoke name="rate_movie"><｜DSML｜parameter name="stars" '
               'string="false">4</｜DSML｜parameter></｜DSML｜invoke></｜DSML｜function_calls>')

    body = invoke_dialect(prefixes=PREFIXES, block_close=tuple(f"</{p}{s}>" for p in PREFIXES for s in SECTIONS))

    def closer_for(self, opener):
        return "</" + opener[1:]

    def decide(self, opener, look, eof, ctx):
        if "DSML" in opener:
            return YES
        return tag_after(look, eof, tuple(f"<{p}invoke" for p in PREFIXES))

    def parse(self, r, ctx, opener):
        yield from block(r, ctx, self.body)
