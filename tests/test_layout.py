"""The output layout alone (layout.py): its moves and its save/restore round trip."""
import copy

from callsieve import fences
from callsieve.events import Reasoning, Text
from callsieve.layout import Layout, Lead
from callsieve.reasoning import ANY_THINK, SYNTAXES, Thought


def make(mode="auto"):
    out = []
    th = Thought(mode, None)
    lay = Layout(th, lambda s: out.append(("markup", s)), lambda k, s: out.append((k, s)))
    return lay, th, out, None


def text_of(out, kind=Text):
    return "".join(s for k, s in out if k is kind)


def test_leading_whitespace_of_the_content_is_layout_and_starts_nothing():
    lay, _, out, _ = make()
    lay.content("\n  ")
    assert lay.at_start and text_of(out) == ""
    lay.content("Hi")
    assert not lay.at_start
    assert out == [("markup", "\n  "), (Text, "Hi")]


def test_trailing_whitespace_is_held_until_more_content_follows():
    lay, _, out, _ = make()
    lay.content("one  ")
    assert text_of(out) == "one" and lay.ws == "  "
    lay.content("\n")
    assert text_of(out) == "one" and lay.ws == "  \n"
    lay.content("two")
    assert text_of(out) == "one  \ntwo"
    lay.content(" ")
    lay.end()
    assert text_of(out) == "one  \ntwo" and out[-1] == ("markup", " ")


def test_whitespace_after_a_call_keeps_the_prose_spacing():
    lay, _, out, _ = make()
    lay.content("before ")
    lay.after_markup(Lead.JUDGED)           # `before <call> after`
    lay.content(" after")
    assert text_of(out) == "before  after"
    assert lay.lead is Lead.TEXT


def test_a_newline_after_a_call_that_follows_spacing_is_layout_however_chunked():
    lay, _, out, _ = make()
    lay.content("check. ")
    lay.after_markup(Lead.JUDGED)           # `check. <call>\nMore`
    for piece in ("\n", " ", "More"):
        lay.content(piece)
    assert text_of(out) == "check. More"
    assert ("markup", "\n ") in out


def test_whitespace_after_thinking_is_layout():
    lay, _, out, _ = make()
    lay.content("a")
    lay.after_markup(Lead.LAYOUT)
    lay.content("\n\n")
    assert lay.gap == "\n\n"                # judged only once something visible follows
    lay.content("b")
    assert text_of(out) == "ab"


def test_a_gap_that_markup_follows_is_layout():
    lay, _, out, _ = make()
    lay.content("a")
    lay.after_markup(Lead.JUDGED)
    lay.content("  ")
    lay.end_gap()
    assert out[-1] == ("markup", "  ") and lay.gap == ""


def test_inline_code_and_fences_are_followed():
    lay, _, _, _ = make()
    lay.content("use `<tool")
    assert lay.quoting
    lay.content("_call>` here")
    assert not lay.quoting and lay.code
    lay.content("\n```json\n")
    assert lay.fenced
    lay.content("{}\n```\n")
    assert not lay.fenced


def test_thinking_text_drops_its_ends_and_holds_trailing_whitespace():
    lay, th, out, _ = make()
    th.opened(SYNTAXES[0])
    lay.thought_opens()
    lay.thought("\n plan")
    assert not lay.rlead
    lay.thought(" more\n")
    assert text_of(out, Reasoning) == "plan more" and lay.rws == "\n"
    lay.thought_ends()
    assert lay.rws == "" and lay.rlead and out[-1] == ("markup", "\n")


def test_legacy_keeps_thinking_inline_in_the_content_too():
    lay, th, out, _ = make("deepseek-legacy")
    th.opened(SYNTAXES[0])
    lay.thought("idea")
    assert text_of(out) == "idea" and text_of(out, Reasoning) == "idea"


def test_ended_line_is_where_a_prompt_opened_block_would_end():
    lay, _, _, _ = make()
    assert not lay.ended_line()              # nothing written yet
    lay.content("thought\n\n")
    assert lay.ended_line()
    lay.content("`x`\n")
    assert not lay.ended_line()              # code was written: a closer there is quoted


def test_save_and_restore_round_trip():
    lay, th, out, _ = make()
    lay.content("x ")
    lay.after_markup(Lead.JUDGED)
    lay.content(" ")
    saved = lay.save()
    fields = Layout.__slots__[4:]            # (after th and the three callbacks)
    before = {k: copy.copy(getattr(lay, k)) for k in fields}   # (said is a deque, changed in place)
    lay.content("\n```\n> more `a  ")
    lay.after_markup(Lead.LAYOUT)
    th.opened(SYNTAXES[0])
    lay.thought("`t ")
    lay.mention("<think>")
    changed = {k for k in fields if getattr(lay, k) != before[k]}
    # every field but one moved (`settled` is derived from `quote`: restore recomputes it)
    assert changed == set(fields) - {"at_start", "settled"}
    lay.restore(saved)
    assert {k: getattr(lay, k) for k in fields} == before
    assert lay.save() == saved


def test_a_fresh_layout_is_at_the_start_outside_code():
    lay, _, _, _ = make()
    assert lay.at_start and lay.lead is Lead.TEXT and lay.fence == fences.OUTSIDE
    assert not lay.quoting and not lay.fenced and lay.rlead
    assert ANY_THINK.closes                  # (the prompt-opened block ends at any closer)


def test_output_joins_text_of_one_kind_and_puts_it_before_the_next_event():
    from callsieve.events import Markup, ToolCallStart
    from callsieve.layout import Output
    flushed = []
    o = Output(markup=True)
    o.before = lambda: flushed.append(len(o.events))
    o.piece(Text, "a")
    o.piece(Text, "b")
    o.piece(Reasoning, "r")
    o.push(ToolCallStart(0, "id", "f"))
    o.markup("\n")
    assert o.events == [Text("ab"), Reasoning("r"), ToolCallStart(0, "id", "f"), Markup("\n")]
    assert flushed == [3]                    # the open call's deltas go out before markup


def test_output_without_the_markup_audit_drops_layout():
    from callsieve.layout import Output
    o = Output(markup=False)
    o.before = lambda: None
    o.markup("  ")
    o.piece(Text, "x")
    o.flush()
    assert o.events == [Text("x")]
