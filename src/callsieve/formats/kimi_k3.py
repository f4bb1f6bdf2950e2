"""Kimi K3 XTML (syntax reference: docs/syntax.md#kimi_k3).

Every element is `<|open|>NAME attr="v"…<|sep|>` … `<|close|>NAME<|sep|>`.  Calls:
`<|open|>tools<|sep|><|open|>call tool="N" index="1"<|sep|><|open|>argument key="k" type="string"<|sep|>
v<|close|>argument<|sep|>…<|close|>call<|sep|><|close|>tools<|sep|>`; a `type` other than string
marks a JSON value.  Attribute values are XML-escaped (`key="q&amp;a"`), argument values are raw.

The turn itself is framed too: `<|open|>message role="assistant"<|sep|>` … `<|close|>message<|sep|>`,
with the reply in a `response` channel after the `think` one.  Those frame tags are syntax, never
content, whether or not thinking is on; a response channel also ends the thinking (the template
opens `think` in the prompt, and a model that skips it starts with `<|open|>response<|sep|>`).

A provider that drops some special tokens glues the words they separated (can1357/oh-my-pi#8495):
`<|open|>toolscall tool=…` is the tools element and its first call with `<|sep|><|open|>` lost
between them, read as both.  (`passesresponse<|sep|>`, the response channel's closer glued to
the reply with its `<|close|>` lost, is not undone: a marker starting with a word would cost
every such word of prose a look.)
"""
from . import Format
from ._xml import TAG_LIMIT, Dialect, Tag, attrs_tag, block
from ..reader import until

SEP = r"<\|sep\|>"
TOOLS = "<|open|>tools<|sep|>"
MESSAGE = "<|open|>message"                 # then attributes, then <|sep|>
FRAME = (MESSAGE, "<|close|>message<|sep|>", "<|open|>response<|sep|>", "<|close|>response<|sep|>")
GLUED = "<|open|>toolscall"                 # `<|open|>tools` `<|sep|><|open|>` `call` with the middle lost
CALL = "<|open|>call"


class KimiK3(Format):
    name = "kimi_k3"
    syntax = "xml"
    aliases = ("k3",)
    description = "Kimi K3 <|open|>tools<|sep|> … <|open|>call tool=… … <|open|>argument key=… type=…"
    openers = (TOOLS, GLUED) + FRAME
    closer = "<|close|>tools<|sep|>"
    models = ("kimi-k3*",)
    specials = ("<|open|>", "<|close|>", "<|sep|>")     # an element cut short, a tag written bare
    example = ('<|open|>tools<|sep|><|open|>call tool="mute" index="1"<|sep|><|open|>argument key="room" '
               'type="string"<|sep|>den<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>')

    body = Dialect(call=Tag((CALL,), attrs_tag(r"<\|open\|>call", {"tool": "name"}, close=SEP), end=SEP),
                   call_close=("<|close|>call<|sep|>",),
                   param=Tag(("<|open|>argument",),
                             attrs_tag(r"<\|open\|>argument", {"key": "key"}, {"type": "type"}, close=SEP), end=SEP),
                   value_close=("<|close|>argument<|sep|>",), block_close=("<|close|>tools<|sep|>",),
                   attr_entities=True)

    def parse(self, r, ctx, opener):
        if opener == MESSAGE:                # its attributes are syntax too
            yield from until(r, "<|sep|>", limit=TAG_LIMIT)
        if opener in FRAME:
            return
        if opener == GLUED:
            r.push_front(CALL)              # the call's tag, its attributes next
        yield from block(r, ctx, self.body)
