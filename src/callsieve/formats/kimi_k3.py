"""Kimi K3 XTML (syntax reference: docs/syntax.md#kimi_k3).

Every element is `<|open|>NAME attr="v"…<|sep|>` … `<|close|>NAME<|sep|>`.  Calls:
`<|open|>tools<|sep|><|open|>call tool="N" index="1"<|sep|><|open|>argument key="k" type="string"<|sep|>
v<|close|>argument<|sep|>…<|close|>call<|sep|><|close|>tools<|sep|>`; a `type` other than string
marks a JSON value.  Attribute values are XML-escaped (`key="q&amp;a"`), argument values are raw.

A family of known parts, declared with no code (formats/_parts.py): the Invoke body spelled in
XTML marks (`call tool=` / `argument key=`) in the `tools` wrapper.

The turn itself is framed too: `<|open|>message role="assistant"<|sep|>` … `<|close|>message<|sep|>`,
with the reply in a `response` channel after the `think` one.  Those frame tags are syntax, never
content, whether or not thinking is on (Mark bodies); a response channel also ends the thinking
(the template opens `think` in the prompt, and a model that skips it starts with
`<|open|>response<|sep|>`).

A provider that drops some special tokens glues the words they separated (can1357/oh-my-pi#8495):
`<|open|>toolscall tool=…` is the tools element and its first call with `<|sep|><|open|>` lost
between them, read as both (`glued`).  (`passesresponse<|sep|>`, the response channel's closer
glued to the reply with its `<|close|>` lost, is not undone: a marker starting with a word would
cost every such word of prose a look.)
"""
from ._parts import XTML, Family, Invoke, Mark

TOOLS = "<|open|>tools<|sep|>"
MESSAGE = "<|open|>message"                 # then attributes, then <|sep|> (not `own`: Mark checks them)
FRAME = (MESSAGE, "<|close|>message<|sep|>", "<|open|>response<|sep|>", "<|close|>response<|sep|>")
GLUED = "<|open|>toolscall"                 # `<|open|>tools` `<|sep|><|open|>` `call` with the middle lost

KIMI_K3 = Family(
    "kimi_k3", TOOLS, Invoke(prefixes=("",), words=("call", "argument"), names=("tool", "key"), types=("type",),
                             marks=XTML, entities=True),
    closer="<|close|>tools<|sep|>", own=(TOOLS, GLUED, *FRAME[1:]), glued={GLUED: "<|open|>call"},
    bodies={MESSAGE: Mark("<|sep|>"), **dict.fromkeys(FRAME[1:], Mark())}, aliases=("k3",),
    description="Kimi K3 <|open|>tools<|sep|> … <|open|>call tool=… … <|open|>argument key=… type=…",
    models=("kimi-k3*",), specials=("<|open|>", "<|close|>", "<|sep|>"),     # an element cut short, a tag written bare
    example=('<|open|>tools<|sep|><|open|>call tool="mute" index="1"<|sep|><|open|>argument key="room" '
             'type="string"<|sep|>den<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>'))
