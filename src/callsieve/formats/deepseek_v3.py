"""DeepSeek V3 / R1-0528 and V3.1: calls in a <｜tool▁calls▁begin｜> section (docs/syntax.md#deepseek_v3, #deepseek_v31).

  V3:   <｜tool▁call▁begin｜>function<｜tool▁sep｜>NAME\\n```json\\n{args}\\n```<｜tool▁call▁end｜>
  V3.1: <｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{args}<｜tool▁call▁end｜>
inside <｜tool▁calls▁begin｜> … <｜tool▁calls▁end｜>, a newline between calls.  Both share the
opener; what follows <｜tool▁sep｜> tells them apart (an identifier: V3's name; `{`: V3.1's
arguments), so the two names are two views of one parser, which reads either shape per call.

Look-alikes are read too: ASCII `|` for `｜`, `_` or a space for `▁`, `<｜tool▁calls｜>` for the
section opener, and a call begin without its section.  StepFun Step-3 writes the same tokens
with `_` but an XML body (`<steptml:invoke`): not claimed.  The section end is optional.
"""
import re

from . import MAYBE, NO, YES, Context, Format, Verdict
from ._json import LOOK_MAX, call_object, special, special_section, special_word
from ..reader import Reject, Truncated, startswith, token, until_any

_BARS = ("｜", "|")
_SEPS = ("▁", "_", " ")


def _spellings(*words):
    return tuple(f"<{b}{s.join(words)}{b}>" for b in _BARS for s in _SEPS)


SECTION = _spellings("tool", "calls", "begin") + _spellings("tool", "calls")
CALL = _spellings("tool", "call", "begin")
ENDS = ("tool_calls_end",)
# The family's other tokens (its template's; `<|end▁of▁sentence|>` with ASCII bars as some servers
# write it), and the tool results it frames: made up when a model writes them, never the answer.
TOKENS = (_spellings("tool", "calls", "end") + _spellings("tool", "call", "end") + _spellings("tool", "sep")
          + _spellings("tool", "outputs", "begin") + _spellings("tool", "outputs", "end")
          + _spellings("end", "of", "sentence") + _spellings("begin", "of", "sentence")
          + ("<｜Assistant｜>", "<｜User｜>", "<|Assistant|>", "<|User|>"))
OUTPUTS = tuple(zip(_spellings("tool", "output", "begin"), _spellings("tool", "output", "end")))
_B, _S = "[|｜]", "[▁_ ]"
_SEP = re.compile(rf"<{_B}tool{_S}sep{_B}>")
_CALL_BEGIN = re.compile(rf"\s*<{_B}tool{_S}call{_S}begin{_B}>")
_SECTIONS = re.compile(rf"(?:\s*<{_B}tool{_S}calls(?:{_S}begin)?{_B}>)*")   # the opener written again
_HEAD = re.compile(r"[^\s<>]*\s*(?:<[^>]*)?\Z")      # a name, perhaps the start of <｜tool▁sep｜>
_NAME = re.compile(r"[^\s`{<]+")
_LANG = re.compile(r"\w*")


def shape(opener: str, look: str, eof: bool) -> str | Verdict:
    """"v3", "v31", MAYBE or NO: the syntax of the call after `opener` (at most `look` ahead)."""
    s = look[:LOOK_MAX]
    if special_word(opener) != "tool_call_begin":
        s = s[_SECTIONS.match(s).end():]  # type: ignore[union-attr]  # (a `*` pattern: always matches)
        m = _CALL_BEGIN.match(s)
        if m is None:
            t = s.lstrip()
            return MAYBE if not eof and (not t or t[0] == "<" and ">" not in t) else NO
        s = s[m.end():]
    m = _SEP.search(s)
    if m is None:
        return MAYBE if not eof and _HEAD.match(s.lstrip()) else NO
    head, after = s[:m.start()].strip(), s[m.end():].lstrip()
    if head and (not _HEAD.match(head) or head[-1:] == ">"):
        return NO
    if not after:
        return NO if eof else MAYBE
    if after[0] in "{`":
        return "v31" if head else NO
    if head in ("function", "") and after[0] != "<":
        return "v3"                     # (the type word `function` is sometimes left out)
    return NO


def _call(r, ctx: Context):
    """One call after its begin token, in either shape; the arguments may sit in a ```json fence."""
    head, m = yield from until_any(r, _SEP, limit=512)
    if m is None:
        raise Truncated("cut off before <｜tool▁sep｜>")
    yield from special(r, ("tool_sep",))
    name = head.strip()
    if name in ("function", "") and not (yield from startswith(r, "{", skip_ws=True, consume=False)):
        nm = yield from token(r, _NAME, 256)         # V3: the type, then the name
        if nm is None:
            raise Reject("no tool name")
        name = nm.group()
    name = ctx.check(name)
    fenced = yield from startswith(r, "```", skip_ws=True)
    if fenced:
        yield from token(r, _LANG, 16)
    yield from call_object(r, ctx, name=name)
    if fenced:
        yield from startswith(r, "```", skip_ws=True)


class DeepSeekV3(Format):
    name = "deepseek_v3"
    syntax = "json"
    aliases = ("deepseek_r1",)
    description = "DeepSeek V3 / R1-0528: function<｜tool▁sep｜>NAME + ```json fence, in a tool-calls section"
    openers = SECTION + CALL
    closer = "<｜tool▁calls▁end｜>"
    models: tuple[str, ...] = ("deepseek-v3", "deepseek-v3-0324*", "deepseek-r1*")
    specials = TOKENS
    spans = OUTPUTS
    priority = 20
    kind = "v3"
    example = ('<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>check_stock\n'
               '```json\n{"sku": "KX-88"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>')

    def closer_for(self, opener):
        bar = opener[1]
        sep = next((c for c in _SEPS if c in opener), "▁")
        return f"<{bar}tool{sep}calls{sep}end{bar}>"

    def decide(self, opener, look, eof, ctx):
        s = shape(opener, look, eof)
        if s == self.kind:
            return YES
        return MAYBE if s == MAYBE else NO

    def parse(self, r, ctx, opener):
        if special_word(opener) == "tool_call_begin":
            r.push_front(opener)               # no section: the loop reads the call's begin token
        else:
            while (yield from special(r, ("tool_calls_begin", "tool_calls"))):
                pass                           # the section opener written again
        yield from special_section(r, ctx, _call, ENDS)


class DeepSeekV31(DeepSeekV3):
    name = "deepseek_v31"
    syntax = "json"
    aliases = ("deepseek_v3.1",)
    description = "DeepSeek V3.1: NAME<｜tool▁sep｜>{args}, in a tool-calls section"
    models = ("deepseek-v3.1*",)
    priority = 21
    kind = "v31"
    example = ('<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>lookup_flight<｜tool▁sep｜>{"code": "FI615"}'
               '<｜tool▁call▁end｜><｜tool▁calls▁end｜>')
