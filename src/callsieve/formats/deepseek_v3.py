"""DeepSeek V3 / R1-0528 and V3.1: calls in a <｜tool▁calls▁begin｜> section (docs/syntax.md#deepseek_v3, #deepseek_v31).

  V3:   <｜tool▁call▁begin｜>function<｜tool▁sep｜>NAME\\n```json\\n{args}\\n```<｜tool▁call▁end｜>
  V3.1: <｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{args}<｜tool▁call▁end｜>
inside <｜tool▁calls▁begin｜> … <｜tool▁calls▁end｜>, a newline between calls.  Both share the
opener; what follows <｜tool▁sep｜> tells them apart (an identifier: V3's name; `{`: V3.1's
arguments), so the two names are two declarations of one section, whose call part reads either
shape per call.

Look-alikes are read too: ASCII `|` for `｜`, `_` or a space for `▁`, `<｜tool▁calls｜>` for the
section opener, and a call begin without its section.  StepFun Step-3 writes the same tokens
with `_` but an XML body (`<steptml:invoke`): not claimed.  The section end is optional.

Families of known parts, declared with no code (formats/_sections.py: a Section of SepCalls).
"""
from ._parts import Family
from ._sections import SepCall, Section

_BARS = ("｜", "|")
_SEPS = ("▁", "_", " ")


def _spellings(*words):
    return tuple(f"<{b}{s.join(words)}{b}>" for b in _BARS for s in _SEPS)


SECTION = _spellings("tool", "calls", "begin") + _spellings("tool", "calls")
CALL = _spellings("tool", "call", "begin")


def _end(opener: str) -> str:
    """The section's end in the opener's own spelling (its bars, its word separator)."""
    sep = next((c for c in _SEPS if c in opener), "▁")
    return f"<{opener[1]}tool{sep}calls{sep}end{opener[1]}>"


CLOSERS = {o: _end(o) for o in SECTION + CALL}
ENDS, AGAIN = ("tool_calls_end",), ("tool_calls_begin", "tool_calls")    # the section's end; its opener, again
# The family's other tokens (its template's; `<|end▁of▁sentence|>` with ASCII bars as some servers
# write it), and the tool results it frames: made up when a model writes them, never the answer.
TOKENS = (_spellings("tool", "calls", "end") + _spellings("tool", "call", "end") + _spellings("tool", "sep")
          + _spellings("tool", "outputs", "begin") + _spellings("tool", "outputs", "end")
          + _spellings("end", "of", "sentence") + _spellings("begin", "of", "sentence")
          + ("<｜Assistant｜>", "<｜User｜>", "<|Assistant|>", "<|User|>"))
OUTPUTS = tuple(zip(_spellings("tool", "output", "begin"), _spellings("tool", "output", "end")))


DEEPSEEK_V3 = Family(
    "deepseek_v3", SECTION + CALL, Section(SepCall("typed"), ends=ENDS, again=AGAIN), closer=CLOSERS,
    aliases=("deepseek_r1",),
    description="DeepSeek V3 / R1-0528: function<｜tool▁sep｜>NAME + ```json fence, in a tool-calls section",
    models=("deepseek-v3", "deepseek-v3-0324*", "deepseek-r1*"),
    specials=TOKENS, spans=OUTPUTS, priority=20,
    example=('<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>check_stock\n'
             '```json\n{"sku": "KX-88"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>'))

DEEPSEEK_V31 = Family(
    "deepseek_v31", SECTION + CALL, Section(SepCall("named"), ends=ENDS, again=AGAIN), closer=CLOSERS,
    aliases=("deepseek_v3.1",),
    description="DeepSeek V3.1: NAME<｜tool▁sep｜>{args}, in a tool-calls section",
    models=("deepseek-v3.1*",),
    specials=TOKENS, spans=OUTPUTS, priority=21,
    example=('<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>lookup_flight<｜tool▁sep｜>{"code": "FI615"}'
             '<｜tool▁call▁end｜><｜tool▁calls▁end｜>'))
