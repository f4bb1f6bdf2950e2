"""Markup typos, generated (issue 31, wave 6): ONE character of ONE delimiter of ONE tag of a known
family's call corrupted, the way fresh harvests show models do it (hunts l, o: a Qwen3-Coder
`<parameter=path` with its `>` dropped, a MiniMax-M3 invoke with its `<` dropped, an envelope
missing its left half, a `</parameter` cut, `<function name>` for `<function=name>`).

Every registered family whose example call is tag markup (the same examples as
tests/test_generality_bends.py's bent axis: an opener, a body and the family's closer, read whole
with its tools declared) is corrupted at every tag of the example, by every typo that applies:

- `drop_left` / `drop_right`: the tag's `<` (`[`) or `>` (`]`) dropped;
- `drop_slash`: a closer's `/` dropped (`</x>` -> `<x>`);
- `double_left` / `double_right`: a delimiter doubled (`<<x>`, `<x>>`);
- `space_left` / `space_right`: a space inside the tag after `<` or before `>`;
- `misspelled`: a closer's name with one letter dropped (`</paramter>`).

Each variant, with its tools declared, whole and in two chunkings (every character the model
wrote is the content, the reasoning or markup, once, in every one), has one of five outcomes:
**read** (the calls as written, the same in every chunking); **literal** (a doubled delimiter at
a value's edge kept in the value, `<parameter=op>>x`: ambiguous with an operator's `>`);
**refused** (no call runs, the call's text is the content, with an error); **cut** (no call
runs, the call is reported incomplete or cut off, its text in the error: docs/guarantees.md's
rule for a block that never closes); **wrong** (a call ran with other arguments, or ran in one
chunking and not another).  Wrong is a bug: the test asserts there is none (XFAIL says which
typos still make one).  `python tests/test_generality_typos.py` prints the counts per typo and
per family; docs/generality.md quotes them.
"""
from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "src"))

from callsieve import parse  # noqa: E402
from helpers import accounted, feed, split, summary  # noqa: E402
from test_generality_bends import KNOWN_WRAPPERS  # noqa: E402

# A tag of the markup: `<x>`, `</x>`, `<|x|>`, `<x=y>`, `<invoke name="f">`, `[X]`, `[/X]`.
TAG = re.compile(r"<[^<>\n]{1,80}>|\[/?[A-Z][A-Z_]*\]")
TYPOS = ("drop_left", "drop_right", "drop_slash", "double_left", "double_right", "space_left",
         "space_right", "misspelled")


def _closer(tag: str) -> bool:
    return tag[1:2] == "/" or tag[1:3] in ("|/", "｜/")


def typo(tag: str, kind: str) -> str | None:
    """`tag` with the typo `kind`, or None when it does not apply (no slash to drop)."""
    left, inner, right = tag[0], tag[1:-1], tag[-1]
    if kind == "drop_left":
        return inner + right
    if kind == "drop_right":
        return left + inner
    if kind == "double_left":
        return left + tag
    if kind == "double_right":
        return tag + right
    if kind == "space_left":
        return f"{left} {inner}{right}"
    if kind == "space_right":
        return f"{left}{inner} {right}"
    if not _closer(tag):
        return None
    if kind == "drop_slash":
        return tag.replace("/", "", 1)
    word = re.search(r"[A-Za-z_]{4,}", tag)             # (the closer's name; a letter off its middle)
    if kind == "misspelled" and word:
        w = word.group()
        return tag[:word.start()] + w[:len(w) // 2] + w[len(w) // 2 + 1:] + tag[word.end():]
    return None


def variants():
    """(family, typo, text, tools, calls) of every tag of every known example, every typo."""
    for fam, opener, inner, closer, tools, calls in KNOWN_WRAPPERS:
        text = opener + inner + closer
        for m in TAG.finditer(text):
            for kind in TYPOS:
                bent = typo(m.group(), kind)
                if bent is not None:
                    yield fam, kind, text[:m.start()] + bent + text[m.end():], tools, calls


def outcome(text: str, tools, calls) -> str:
    """'read', 'refused' or 'wrong' (see the module's doc)."""
    whole = parse(text, tools=tools)
    runs = [(c.name, c.arguments) for c in whole.tool_calls]
    for chunks in (split(text, [1, 3]), split(text, [5, 2, 7])):
        msg, _ = feed(text, chunks, tools=tools)
        if summary(msg) != summary(whole):
            return "wrong"
        _, evs = feed(text, chunks, tools=tools, markup=True)
        try:
            accounted(text, evs)
        except AssertionError:
            return "wrong"
    if runs == calls:
        return "read"
    if not runs and calls[0][0] in whole.content:
        return "refused"
    if not runs and whole.errors and any(calls[0][0] in (e.raw or "") for e in whole.errors) \
            or whole.incomplete:
        return "cut"
    if _literal(runs, calls):
        return "literal"
    return "wrong"


def _literal(runs, calls) -> bool:
    """The calls as written but for one value that kept a doubled delimiter at its edge
    (`<parameter=op>>x`: the value `>x`, as an operator's `>` would be written): ambiguous."""
    if [n for n, _ in runs] != [n for n, _ in calls]:
        return False
    diff = [(a, b) for (_, ra), (_, ca) in zip(runs, calls) for a, b in zip(ra.values(), ca.values())
            if a != b] + [1 for (_, ra), (_, ca) in zip(runs, calls) if list(ra) != list(ca)]
    return len(diff) == 1 and diff[0] != 1 and isinstance(diff[0][0], str) \
        and diff[0][0] in (">" + str(diff[0][1]), str(diff[0][1]) + "<", ">\n" + str(diff[0][1]))


VARIANTS = list(variants())
# Typos that still run a wrong call somewhere, and why (strict: a fix must remove its line).
XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("kind", [pytest.param(k, marks=[pytest.mark.xfail(strict=True, reason=XFAIL[k])]
                                               if k in XFAIL else []) for k in TYPOS])
def test_a_typo_in_a_tag_never_runs_a_wrong_call_nor_loses_text(kind):
    """Whatever the typo, the call runs as written (or, a doubled delimiter at a value's edge,
    with it kept in the value: `literal`), or not at all, every character kept."""
    wrong = [(fam, text) for fam, k, text, tools, calls in VARIANTS
             if k == kind and outcome(text, tools, calls) == "wrong"]
    assert not wrong, wrong[:5]


def sweep() -> None:
    by_kind: dict[str, Counter] = {k: Counter() for k in TYPOS}
    by_fam: dict[str, Counter] = {}
    for fam, kind, text, tools, calls in VARIANTS:
        got = outcome(text, tools, calls)
        by_kind[kind][got] += 1
        by_fam.setdefault(fam, Counter())[got] += 1
        if got == "wrong" or "-v" in sys.argv:
            print(f"  {got:8} {fam:16} {kind:12} {text!r}")
    total: Counter = sum(by_kind.values(), Counter())
    for name, c in [*by_kind.items(), *sorted(by_fam.items()), ("all", total)]:
        n = sum(c.values())
        print(f"{name:20} read {c['read']:4} / {n:<4} ({100 * c['read'] / max(n, 1):5.1f} %)"
              f"  literal {c['literal']:3}  refused {c['refused']:4}  cut {c['cut']:3}  wrong {c['wrong']}")


if __name__ == "__main__":
    sweep()


# ---------------------------------------------------------------- a value's closer garbled

_F = [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}]
_VALUE_BODIES = ("<acme_call><function=f><parameter=a>1{c}</function></acme_call>",
                 '<zz:calls><zz:invoke name="f"><zz:parameter name="a">1{c}</zz:invoke></zz:calls>',
                 "<tool_call>f<arg_key>a</arg_key><arg_value>1{c}</tool_call>")


@pytest.mark.parametrize("body", _VALUE_BODIES)
@pytest.mark.parametrize("garbled", ["</{w}", "/{w}>", "< /{w}>", "</{w} >", "\n</{w}\n", " /{w}>\n"])
def test_a_value_closer_one_character_off_before_the_call_s_next_tag_is_its_closer(body, garbled):
    """The value's closer with a delimiter dropped or spaced, right before the call's next tag:
    the closer, markup; the value as written before it."""
    w = re.search(r"<((?:zz:)?(?:parameter|arg_value))", body).group(1)
    text = body.format(c=garbled.format(w=w))
    whole = parse(text, tools=_F)
    assert [(c.name, c.arguments) for c in whole.tool_calls] == [("f", {"a": 1})], (text, summary(whole))
    assert outcome(text, _F, [("f", {"a": 1})]) == "read"


@pytest.mark.parametrize("body", _VALUE_BODIES)
@pytest.mark.parametrize("after", ["</{x}>", "</{w}s>", "</{w}> x </q>", "/{w}> then text"])
def test_another_closing_tag_or_a_misspelled_closer_is_no_closer_and_no_call(body, after):
    """Not the value's closer with a delimiter garbled (its name misspelled, a word after it):
    the value may be text holding tags and its closer is missing, so no call runs and every
    character is kept.  (A closing tag of another name, `1</b></function>`, is the value's text,
    its closer missing: the lenient rule of docs/syntax.md, unchanged.)"""
    w = re.search(r"<((?:zz:)?(?:parameter|arg_value))", body).group(1)
    text = body.format(c=after.format(w=w, x=w[:-3] + w[-2:]))
    assert outcome(text, _F, [("f", {"a": 1})]) == "refused", (text, summary(parse(text, tools=_F)))


# ---------------------------------------------------------------- a tag one delimiter off where it is expected

_TOOLS = [{"type": "function", "function": {"name": n, "parameters": {"type": "object"}}} for n in ("f", "g")]


@pytest.mark.parametrize("ns", ["", "zz:", "｜Q｜"])
@pytest.mark.parametrize("layout", ["", "\n"])
def test_a_value_closer_without_its_slash_before_the_call_s_closer_is_that_closer(ns, layout):
    """`1<parameter></invoke>`: the value's closer with its `/` dropped (it reads as the syntax's
    own parameter opener) where the call's closer follows is that closer, never value text; with
    text after it, the value may hold anything: no call runs, every character kept."""
    body = (f'<{ns}invoke name="f">{layout}<{ns}parameter name="a">1<{ns}parameter>{layout}</{ns}invoke>'
            f'{layout}<{ns}invoke name="g">{layout}<{ns}parameter name="b">x</{ns}parameter>{layout}</{ns}invoke>')
    text = f"<{ns}function_calls>{layout}{body}{layout}</{ns}function_calls>"
    assert outcome(text, _TOOLS, [("f", {"a": 1}), ("g", {"b": "x"})]) == "read", summary(parse(text, tools=_TOOLS))
    spoiled = text.replace(f"<{ns}parameter>", f"<{ns}parameter> and more", 1)
    whole = parse(spoiled, tools=_TOOLS)
    assert ("f", {"a": 1}) not in [(c.name, c.arguments) for c in whole.tool_calls], summary(whole)
    assert outcome(spoiled, _TOOLS, [("g", {"b": "x"})]) != "wrong"


@pytest.mark.parametrize("value,expected", [("45", 45), ("two words", "two words"), ("", "")])
def test_a_closer_s_doubled_left_delimiter_at_the_start_of_its_line_is_markup(value, expected):
    """`45\n<</parameter>`: the closer's `<` doubled on its own line is markup; after text on the
    line (`x <</parameter>`) the `<` may be the value's and is kept (`literal`)."""
    text = f"<acme_call>\n<function=f>\n<parameter=a>\n{value}\n<</parameter>\n</function>\n</acme_call>"
    assert outcome(text, _TOOLS, [("f", {"a": expected})]) == "read", summary(parse(text, tools=_TOOLS))
    inline = text.replace("\n<</", " <</")
    assert [(c.name, c.arguments) for c in parse(inline, tools=_TOOLS).tool_calls] == [("f", {"a": f"{value} <"})]


@pytest.mark.parametrize("gap", ["</arg_key>><arg_value>", "</arg_key>arg_value>", "</arg_key>< arg_value>",
                                 "</arg_key><arg_value >", "</arg_key><<arg_value>",
                                 "<</arg_key><arg_value>"])
@pytest.mark.parametrize("wrapper", ["<tool_call>{}</tool_call>", "<tool_calls><tool_call>{}</tool_call></tool_calls>"])
def test_a_key_value_gap_one_delimiter_off_is_the_gap(gap, wrapper):
    """GLM's layout, the tags between a key and its value one delimiter off (`</arg_key>arg_value>`,
    `</arg_key>><arg_value>`): where the value's opener is expected, that opener; the key and the
    value as written.  (`<arg_value>>a`: the value `>a`, as `<parameter=op>>x` — `literal`.)"""
    text = wrapper.format("f<arg_key>path</arg_key><arg_value>a b</arg_value>".replace(
        "</arg_key><arg_value>", gap))
    assert outcome(text, _TOOLS, [("f", {"path": "a b"})]) == "read", summary(parse(text, tools=_TOOLS))


@pytest.mark.parametrize("quote,wrapper", [("<escape>", "<start_function_call>{}<end_function_call>"),
                                           ('<|"|>', "<|tool_call>{}<tool_call|>")])
def test_a_string_delimiter_without_its_left_delimiter_is_the_delimiter(quote, wrapper):
    """Gemma's literals, a string opened by its delimiter with the `<` dropped (`to:escape>+1<escape>`):
    what is left of the delimiter is no text of the string."""
    text = wrapper.format(f"call:f{{to:{quote[1:]}+354 0{quote},n:2}}")
    assert outcome(text, _TOOLS, [("f", {"to": "+354 0", "n": 2})]) == "read", summary(parse(text, tools=_TOOLS))


_CALL_BODIES = ("<{w}><function=f><parameter=a>1</parameter></function>{c}",
                "<{w}>f<arg_key>a</arg_key><arg_value>1</arg_value>{c}",
                '<{w}>{{"name": "f", "arguments": {{"a": 1}}}}{c}')


@pytest.mark.parametrize("body", _CALL_BODIES)
@pytest.mark.parametrize("w", ["tool_call", "acme_tool_call", "zz_call"])
@pytest.mark.parametrize("garbled", ["/{w}>", "< /{w}>", "</{w} >", "<</{w}>", "</{w}"])
def test_a_wrapper_closer_one_delimiter_off_after_its_call_is_its_closer(body, w, garbled):
    """The call's wrapper closed by its closer with one delimiter garbled (`/tool_call>`,
    `</tool_call >`, at the end of the stream or before prose on the next line): the closer,
    markup; the call as written; the prose after it, content.  (`</tool_call>>`: the closer is
    whole and the `>` after it its markup: tests/test_doubled_closer.py.)"""
    text = body.format(w=w, c=garbled.format(w=w)) + "\nDone."
    whole = parse(text, tools=_TOOLS)
    assert [(c.name, c.arguments) for c in whole.tool_calls] == [("f", {"a": 1})], summary(whole)
    assert outcome(text, _TOOLS, [("f", {"a": 1})]) == "read"
    assert whole.content.strip() == "Done.", summary(whole)


@pytest.mark.parametrize("after", ["/b> and more", "< /p>", "/tool_call> is garbled", "/ tool_call>"])
def test_a_closer_shaped_text_after_a_call_that_is_no_closer_of_a_call_stays_text(after):
    """Text after a call that looks like a garbled closer but whose word is no call's, or that
    shares its line with prose: content, as written."""
    text = "<tool_call>f<arg_key>a</arg_key><arg_value>1</arg_value>" + after
    whole = parse(text, tools=_TOOLS)
    assert after.strip() in whole.content or not whole.tool_calls, summary(whole)
    assert outcome(text, _TOOLS, [("f", {"a": 1})]) != "wrong"


_KV_SPELLINGS = (("<arg_key>", "</arg_key>", "<arg_value>", "</arg_value>"),
                 ("<param_key>", "</param_key>", "<param_value>", "</param_value>"),
                 ("<ns|arg_key>", "</ns|arg_key>", "<ns|arg_value>", "</ns|arg_value>"))


def _one_off(tag: str) -> list[str]:
    """`tag` with each one-delimiter typo a reader takes for it where it is expected."""
    closer = tag.startswith("</")
    out = [tag[1:], "<" + tag, "< " + tag[1:], tag[:-1] + " >"]
    if closer:
        out.append(tag + ">")
        w = tag[2:-1]
        out.append(tag[:-1])               # (its `>` dropped: a tag or a line follows)
        out.append(f"</{w[:len(w) // 2]}{w[len(w) // 2 + 1:]}>")      # one letter of its name dropped
    else:
        out.append(tag[:-1])               # (its `>` dropped: the value's first character follows)
        # (its `>` doubled, `<arg_value>>a`: the value `>a`, as `<parameter=op>>x`: `literal`)
    return out


@pytest.mark.parametrize("spelling", _KV_SPELLINGS)
@pytest.mark.parametrize("which", [1, 2])
@pytest.mark.parametrize("wrapper", ["<zz_call>{}</zz_call>", "<tool_call>{}</tool_call>"])
def test_a_key_closer_or_value_opener_one_delimiter_off_is_that_tag(spelling, which, wrapper):
    """Key/value tags of any spelling (the role read from the word), the key's closer or the
    value's opener one delimiter off, where the reader expects that tag: that tag, the call as
    written, in every chunking."""
    for bent in _one_off(spelling[which]):
        parts = list(spelling)
        parts[which] = bent
        text = wrapper.format("f\n{0}path{1}\n{2}a.md{3}\n".format(*parts))
        assert outcome(text, _TOOLS, [("f", {"path": "a.md"})]) == "read", (text, summary(parse(text, tools=_TOOLS)))


@pytest.mark.parametrize("prose", ["see arg_value>x for the value", "write /tool_call> and < /x> in the doc",
                                   "a stray </arg_key <arg_value ends nothing", "the </paramkey> tag"])
def test_outside_a_call_a_garbled_tag_is_text(prose):
    """A tag one delimiter off is read only inside a call whose opener was read, where that tag
    is expected: in prose, with the tools declared, it is content, as written."""
    whole = parse(prose, tools=_TOOLS)
    assert whole.content == prose and not whole.tool_calls and not whole.errors, summary(whole)


_CLOSED_BODIES = ("<zz:calls><zz:invoke name=\"f\"><zz:parameter name=\"a\">1{v}{c}</zz:calls>",
                  "<acme_call><function=f><parameter=a>1{v}{c}</acme_call>",
                  "<zz_call>f<arg_key>a</arg_key><arg_value>1{v}</zz_call>")


@pytest.mark.parametrize("body", _CLOSED_BODIES)
def test_a_value_closer_with_its_right_delimiter_doubled_before_the_next_tag_is_that_closer(body):
    """`1</parameter>></function>`: the value's closer, its `>` doubled, then the call's next tag:
    the closer and its `>`, markup; the value as written.  Then anything but a tag (`1</parameter>> x`):
    the closer was the value's text, the call not runnable."""
    w = re.search(r"<((?:zz:)?(?:parameter|arg_value))", body).group(1)
    call = re.search(r"<((?:zz:)?(?:invoke|function))", body)
    c = f"</{call.group(1)}>" if call else ""
    text = body.format(v=f"</{w}>>", c=c)
    assert outcome(text, _TOOLS, [("f", {"a": 1})]) == "read", summary(parse(text, tools=_TOOLS))
    text = body.format(v=f"</{w}>> x", c=c)
    assert outcome(text, _TOOLS, [("f", {"a": 1})]) in ("refused", "cut"), summary(parse(text, tools=_TOOLS))


@pytest.mark.parametrize("body", _CLOSED_BODIES[:2])
@pytest.mark.parametrize("closer", ["</{w}>", "/{w}>", "</{w} >"])
def test_a_call_closer_a_letter_short_or_one_delimiter_off_where_it_is_expected_is_that_closer(body, closer):
    """The call's own closer (`</invoke>`, `</function>`) a letter short (`</funcion>`) or one
    delimiter off, right after the last value, before the block's closer: that closer, markup,
    and the block read on; a closer of another word (`</b>`) is not it, and no call runs."""
    w = re.search(r"<((?:zz:)?(?:parameter|arg_value))", body).group(1)
    call = re.search(r"<((?:zz:)?(?:invoke|function))", body).group(1)
    short = call[:len(call) - 3] + call[len(call) - 2:]
    text = body.format(v=f"</{w}>", c=closer.format(w=short if closer == "</{w}>" else call))
    assert outcome(text, _TOOLS, [("f", {"a": 1})]) == "read", summary(parse(text, tools=_TOOLS))
    other = body.format(v=f"</{w}>", c="</b>")
    assert outcome(other, _TOOLS, [("f", {"a": 1})]) != "wrong"
