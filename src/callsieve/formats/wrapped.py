"""A known body inside a wrapper no format declares (docs/syntax.md#wrapped).

`<acme_tool_call><function=f>…</function></acme_tool_call>`, `<zz_call>f<arg_key>…</zz_call>`,
`<tool>{"name": …, "arguments": …}</tool>`, `[CALL]…[/CALL]`: a new family is most often a
known body (formats/_parts.py's BODIES, key/value tags known by their role) in a new wrapper.
Any tag-shaped token (`WRAPPER`) opens a block when tools are declared; it is a call only when a
known body naming a declared tool follows it, and then the wrapper is markup, its closer spelled
from it (`_parts.closers`).  After prose such a call is held as an example until the turn ends
(Format.examples); quoted in inline code or a fence it is text, as every call is.
"""
from . import NO, YES, Format
from ._json import LOOK_MAX
from ._parts import closers, pick
from ..reader import Reject, Truncated, more
from ..scan import Shape

# `<x>`, `<ns|x>`, `<ns:x>`, `<x:suffix>`, `<|x|>`, `<｜x｜>`, `<<<X>>>`, `[X]` (a closer, `</x>`,
# never), and a call line's start, `[Calling tool:` (words, then a colon: `_parts.pick` takes it
# only when its words say it is a call: tool, call, function, invoke).
WRAPPER = Shape(
    "wrapper",
    {"<": r"<<<[A-Za-z_][\w.\-]{0,47}>>>"
          r"|<(?:[|｜][A-Za-z_][\w.:▁\-]{0,47}[|｜]|[A-Za-z_][\w.\-]{0,47}(?:[:|][\w.\-]{1,47})?)>",
     "[": r"\[[A-Z][A-Z_]{0,31}\]"
          r"|\[(?=[A-Za-z_ ]{0,40}?(?i:tool|call|function|invoke))[A-Za-z][A-Za-z_]{0,23}(?: [A-Za-z_]{1,24}){0,2}:"},
    r"<<(?:<(?:[A-Za-z_][\w.\-]{0,47}>{0,2})?)?"
    r"|<(?:[|｜](?:[A-Za-z_][\w.:▁\-]{0,47}[|｜]?)?|[A-Za-z_][\w.\-]{0,47}(?:[:|][\w.\-]{0,47})?)?"
    r"|\[(?:[A-Za-z][A-Za-z_]{0,23}(?: (?:[A-Za-z_]{1,24}(?: [A-Za-z_]{0,24})?)?)?)?",
    r"<(?:[|｜A-Za-z_]|<(?:<|\Z)|\Z)|\[(?:[A-Za-z]|\Z)",
    100, "any tag: <x>, <|x|>, <ns|x>, <<<X>>>, [X], [Calling tool:")


class Wrapped(Format):
    name = "wrapped"
    syntax = "json"
    aliases = ("generic_wrapper",)
    description = "a known call body in a wrapper no format declares, naming a declared tool"
    tool_openers = (WRAPPER,)
    shaped = True
    examples = True
    priority = 95
    example = '<acme_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</acme_call>'

    def closer_for(self, opener):
        ends = closers(opener)
        return ends[0] if ends else None

    def decide(self, opener, look, eof, ctx):
        return pick(look, eof, ctx, opener)[0]

    def parse(self, r, ctx, opener):
        while True:
            view = r.buf[r.pos:r.pos + LOOK_MAX]
            v, body = pick(view, r.eof or len(view) >= LOOK_MAX, ctx, opener)
            if v == YES and body is not None:
                break
            if v == NO or not (yield from more(r)):
                raise Reject("no known body") if v == NO else Truncated("cut off before a call")
        ends = tuple(sorted(closers(opener), key=lambda m: (-len(m), m)))
        yield from body.read(r, ctx, opener, ends, "json")
