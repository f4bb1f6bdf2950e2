"""Kimi K3: <|open|>tools<|sep|><|open|>call tool="N" index="1"<|sep|><|open|>argument key="k" type="string"<|sep|>
v<|close|>argument<|sep|>…<|close|>call<|sep|><|close|>tools<|sep|> (formats.md §2.11)."""
from . import Format
from ._xml import Dialect, Tag, attrs_tag, block

SEP = r"<\|sep\|>"


class KimiK3(Format):
    name = "kimi_k3"
    aliases = ("k3",)
    description = "Kimi K3 <|open|>tools<|sep|> … <|open|>call tool=… … <|open|>argument key=… type=…"
    openers = ("<|open|>tools<|sep|>",)
    closer = "<|close|>tools<|sep|>"
    models = ("kimi-k3*",)
    example = ('<|open|>tools<|sep|><|open|>call tool="mute" index="1"<|sep|><|open|>argument key="room" '
               'type="string"<|sep|>den<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>')

    # A `type` other than string marks a JSON value.
    body = Dialect(call=Tag(("<|open|>call",), attrs_tag(r"<\|open\|>call", {"tool": "name"}, close=SEP), end=SEP),
                   call_close=("<|close|>call<|sep|>",),
                   param=Tag(("<|open|>argument",),
                             attrs_tag(r"<\|open\|>argument", {"key": "key"}, {"type": "type"}, close=SEP), end=SEP),
                   value_close=("<|close|>argument<|sep|>",), block_close=("<|close|>tools<|sep|>",))

    def parse(self, r, ctx, opener):
        yield from block(r, ctx, self.body)
