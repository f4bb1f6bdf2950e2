"""Upstage Solar Open: `<|tool_calls|>` then per call `<|tool_call:begin|>ID<|tool_call:name|>NAME
<|tool_call:args|>{json}<|tool_call:end|>`, the section ended by `<|calls|>` (docs/syntax.md#solar_open).

    <|think|>The user wants the weather.<|end|><|begin|>assistant<|tool_calls|><|tool_call:begin|>a1b2c3d4e5
    <|tool_call:name|>get_weather<|tool_call:args|>{"city": "Seoul"}<|tool_call:end|><|calls|>

Sources: vLLM's solar_open_tool_parser and its tests (the token vocabulary `<|begin|>`,
`<|end|>`, `<|think|>`, `<|content|>`, `<|flush|>`, `<|calls|>`, `<|tool_calls|>`,
`<|tool_call:begin|>` / `:end` / `:name` / `:args`), the Solar-Open-100B chat template.
The call id written after `<|tool_call:begin|>` is kept as the call's id.  Reasoning
(`<|think|>` … `<|end|><|begin|>assistant`) and the answer wrappers (`<|begin|>assistant`, `<|content|>`) are
thinking markers (callsieve/reasoning.py).  A section whose `<|tool_calls|>` a server dropped
starts at `<|tool_call:begin|>`; a call cut before `<|tool_call:end|>` is read to the end.

Solar Open 2 writes its arguments as tags instead (vLLM's solar_open2_tool_parser and its tests):
`<|tool_call:start|>NAME\n<|tool_arg:start|>K<|tool_arg:value|>V<|tool_arg:end|>\n<|tool_call:end|>`,
one such element per call, values bare text (strings unless the declared schema types them).

Sarashina writes the same `<|tool_calls|>` token before a list of call objects, Python dicts
(`[{'name': 'f', 'arguments': {'x': True}}]`) or JSON: after the token, a `[` or `{` is read so.
"""
from . import Format
from ._json import call_object, call_sequence
from ._typed import STRING
from ._xml import Dialect, Tag, block
from ..reader import Reject, Truncated, peek, startswith, until

SECTION, BEGIN, NAME, ARGS, END, CALLS = ("<|tool_calls|>", "<|tool_call:begin|>", "<|tool_call:name|>",
                                          "<|tool_call:args|>", "<|tool_call:end|>", "<|calls|>")
START = "<|tool_call:start|>"                                        # Solar Open 2
TAGS = Dialect(call=Tag((START,), r"<\|tool_call:start\|>\s*(?P<name>[^<>\s]+?)\s*",
                        end=r"\n|(?=<\|tool_arg:start\|>|<\|tool_call:end\|>)"),
               call_close=(END,),
               param=Tag(("<|tool_arg:start|>",), r"<\|tool_arg:start\|>\s*(?P<key>[^<>]*?)\s*<\|tool_arg:value\|>",
                         end=r"<\|tool_arg:value\|>"),
               value_close=("<|tool_arg:end|>",), json_args=False, untyped=STRING)


class SolarOpen(Format):
    name = "solar_open"
    syntax = "json"
    aliases = ("solar",)
    description = "Upstage Solar Open <|tool_calls|><|tool_call:begin|>…<|tool_call:args|>{…}"
    openers = (SECTION, BEGIN, START)
    closer = CALLS
    models = ("solar-open*",)
    example = ('<|tool_calls|><|tool_call:begin|>a1b2c3d4e5<|tool_call:name|>get_weather'
               '<|tool_call:args|>{"city": "Seoul"}<|tool_call:end|><|calls|>')

    def closer_for(self, opener):
        return END if opener == START else self.closer

    def parse(self, r, ctx, opener):
        if opener == START:
            r.push_front(START)           # the opener is the call's tag, which holds the name
            yield from block(r, ctx, TAGS)
            return
        if opener == BEGIN:
            r.push_front(BEGIN)
        elif (yield from peek(r)) in ("[", "{"):
            # Another family's body after the same token: a list of call objects, JSON or Python
            # dicts (Sarashina writes `<|tool_calls|>[{'name': 'f', 'arguments': {…}}]`,
            # smg-project/smg#1937).  Solar's own calls always start with `<|tool_call:begin|>`.
            yield from call_sequence(r, ctx, CALLS)
            return
        n = 0
        while True:
            if (yield from startswith(r, CALLS, skip_ws=True)):
                return
            if not (yield from startswith(r, BEGIN, skip_ws=True)):
                if n:
                    return
                raise Truncated("cut off before a call") if not (yield from peek(r)) else Reject("no call")
            cid = (yield from until(r, NAME, limit=256)).strip()
            name = (yield from until(r, ARGS, limit=512)).strip()
            if not name:
                raise Reject("no tool name")
            yield from call_object(r, ctx, name=ctx.check(name), id=cid or None)
            yield from startswith(r, END, skip_ws=True)
            n += 1
