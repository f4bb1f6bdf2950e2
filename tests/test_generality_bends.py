"""What real models do to their markup (issue 31), generated: bent wrappers of known families,
values in other encodings, agent-transcript dialects.

tests/test_generality.py generates families no module knows; fresh harvests still miss shapes
it never draws.  Three more axes, each a list of variants drawn at random and checked like the
generator's own (the call read as written in any chunking, the wrapper markup; its look-alikes
text, whole):

- **bent**: a known family's call (its registry example; the opener and closer taken from the
  registry, never from a hand list) with its wrapper bent: the opener missing, the closer missing
  at the end of the stream, the closer misspelled or another family's, blank lines between its
  tokens, a special token spaced (`<| tool_call |>`), a namespace or a suffix on its tokens
  (`<|acme:tool_call|>`, `<tool_call_v2>`), its bars swapped (`｜` for `|`), the wrapper doubled.
- **values**: a generated call (test_generality's builders) whose values are in another encoding:
  the arguments as one JSON string (`"arguments": "{\\"a\\": 1}"`), single quotes and Python
  literals (`{'a': True, 'b': None}`), trailing commas, XML entities and CDATA in tag bodies; its
  name and arguments keys as agent frameworks spell them (`action` / `action_input`).
- **dialects**: agent transcripts: ReAct's `Action: NAME\\nAction Input: {json}` (LangChain's
  ReActSingleInputOutputParser and LlamaIndex's ReActOutputParser read it as an action),
  Qwen-Agent's `✿FUNCTION✿: NAME\\n✿ARGS✿: {json}` (then its `✿RESULT✿` stop word or not), a call
  line `[Tool call: NAME({json})]`, a Markdown header then a fenced JSON call: calls with tools
  declared and a declared name; `TOOL: NAME {json}` and `→ NAME({json})` stay text (prose and
  documentation write a word or an arrow before a call expression).

Variants that fail are strict xfails that say why.  `python tests/test_generality_bends.py [SEEDS]`
prints the numbers docs/generality.md quotes.
"""
from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent / "src"))

from callsieve import formats, parse  # noqa: E402
from helpers import accounted, deltas_ok, feed, split, summary  # noqa: E402
from test_generality import STYLES, _known, _word, arguments, body, check_after, check_text, wrapper  # noqa: E402


# ---------------------------------------------------------------- bent wrappers of known families

def _tag(token: str) -> bool:
    """A whole tag-shaped token (`<x>`, `<|x|>`, `<｜x｜>`, `[X]`), not the start of a body."""
    return bool(re.fullmatch(r"<[^<>\s]+>|\[[A-Z_/]+\]", token))


def _known_wrappers() -> list[tuple[str, str, str, str, list, list]]:
    """(family, opener, body, closer, tools, calls) of every registered family whose example is a
    tag-shaped opener, a body and the family's closer, read whole with its tools declared."""
    out = []
    for f in formats.all_formats():
        ex = f.example
        openers = [o for o in (*f.openers, *f.tool_openers, *f.start_openers) if isinstance(o, str)]
        opener = max((o for o in openers if ex.startswith(o) and _tag(o)), key=len, default=None)
        closer = f.closer if f.closer and ex.endswith(f.closer) and _tag(f.closer) else None
        if opener is None or closer is None:
            continue
        calls = [(c.name, c.arguments) for c in parse(ex, format=f.name).tool_calls]
        tools = [{"type": "function", "function": {"name": n, "parameters": {"type": "object"}}}
                 for n in dict.fromkeys(n for n, _ in calls)]
        got = parse(ex, tools=tools)
        if not calls or [(c.name, c.arguments) for c in got.tool_calls] != calls or got.content:
            continue        # (its example needs a model hint or a schema: not this test's subject)
        out.append((f.name, opener, ex[len(opener):len(ex) - len(closer)], closer, tools, calls))
    return out


KNOWN_WRAPPERS = _known_wrappers()
_SPECIAL = re.compile(r"^(<[|｜])(/?)(.*?)([|｜]>)$")          # `<|x|>`, `<｜x｜>`, `<|/x|>`
_PLAIN = re.compile(r"^(<)(/?)([A-Za-z][^<>|｜]*)(>)$")          # `<x>`, `</x>`


def _parts(token: str):
    """(left, slash, word, right) of a tag token, or None."""
    m = _SPECIAL.match(token) or _PLAIN.match(token)
    return m.groups() if m else None


def _spaced(token: str, rng: random.Random) -> str | None:
    p = _parts(token)
    if p is None or p[0] == "<":
        return None             # (a plain tag spaced, `< x >`, is prose's `a < b > c`)
    left, slash, word, right = p
    return rng.choice((f"{left} {slash}{word} {right}", f"{left}{slash} {word} {right}",
                       f"{left[0]} {left[1]}{slash}{word}{right[0]} {right[1]}"))


def _renamed(token: str, how) -> str | None:
    p = _parts(token)
    if p is None:
        return None
    left, slash, word, right = p
    return f"{left}{slash}{how(word)}{right}"


def _swapped(token: str) -> str | None:
    if "|" in token:
        return token.replace("|", "｜")
    if "｜" in token:
        return token.replace("｜", "|")
    return None


def _misspelled(opener: str, closer: str, rng: random.Random) -> str | None:
    """The closer as a model garbles it: a plural for a singular (or back), a missing slash, the
    closer of another known family."""
    choices = []
    if "call" in closer:
        choices.append(closer.replace("calls", "call") if "calls" in closer else closer.replace("call", "calls", 1))
    if "/" in closer and closer.replace("/", "", 1) != opener:
        choices.append(closer.replace("/", "", 1))
    others = [c for _, _, _, c, _, _ in KNOWN_WRAPPERS if c != closer and "/" in c]
    choices.append(rng.choice(others))
    return rng.choice(choices)


BENDS = ("no_opener", "no_closer", "other_closer", "blank_layout", "spaced_token", "namespaced",
         "suffixed", "bar_swap", "doubled")


def bent(rng: random.Random, bend: str, known: tuple):
    """(text, tools, calls, family) of a known family's call with its wrapper bent, or None when
    the bend does not apply to the family (a plain tag has no bars to space)."""
    fam, opener, inner, closer, tools, calls = known
    o, c = opener, closer
    if bend == "no_opener":
        o = ""
    elif bend == "no_closer":
        c = ""
    elif bend == "other_closer":
        c = _misspelled(opener, closer, rng)
    elif bend == "blank_layout":
        gap = lambda: rng.choice(("\n", "\n\n", "  ", "\n  ", " \n"))  # noqa: E731
        inner = re.sub(r"(?<=[>\]｜])(?=[<\[])", lambda m: gap() if rng.random() < 0.5 else "", inner)
        o, c = opener + gap(), gap() + closer
    elif bend == "spaced_token":
        o, c = _spaced(opener, rng), _spaced(closer, rng)
    elif bend == "namespaced":
        ns = _word(rng, 2, 6) + rng.choice((":", "|", "."))
        o, c = _renamed(opener, lambda w: ns + w), _renamed(closer, lambda w: ns + w)
    elif bend == "suffixed":
        sfx = rng.choice(("_v2", "_2", ":v1", "-beta", "_" + _word(rng, 2, 4)))
        o, c = _renamed(opener, lambda w: w + sfx), _renamed(closer, lambda w: w + sfx)
    elif bend == "bar_swap":
        o, c = _swapped(opener), _swapped(closer)
    elif bend == "doubled":
        o = opener + rng.choice(("", "\n")) + opener
        c = closer + rng.choice(("", "\n")) + closer if rng.random() < 0.5 else closer
    if o is None or c is None or (o, c) == (opener, closer):
        return None
    return o + inner + c, tools, calls, fam


def check_bent(text, tools, calls, chunks):
    """The family's calls as written, whole and in `chunks`; no character in the content (the
    bent wrapper is markup), every character once."""
    whole = parse(text, tools=tools)
    got = [(c.name, c.arguments) for c in whole.tool_calls]
    assert got == calls and whole.content.strip() == "", (text, got, whole.content, whole.errors)
    msg, evs = feed(text, chunks, tools=tools)
    assert summary(msg) == summary(whole), (text, chunks)
    deltas_ok(evs)
    _, evs = feed(text, chunks, tools=tools, markup=True)
    accounted(text, evs)


def check_not_run(text, tools, name, chunks):
    """No call runs, and the call's text is given back: its name is in the content (whether its
    control tokens are markup or text is tests/test_nothing_vanishes.py's question)."""
    for c in ([text], chunks):
        msg, _ = feed(text, c, tools=tools)
        assert not msg.tool_calls and name in msg.content, (text, summary(msg))


def bent_cases(rng: random.Random, bend: str):
    """The checks of `bend` on every known family, one group a family."""
    return [g for known in KNOWN_WRAPPERS if (g := bent_family(rng, bend, known))]


def bent_family(rng: random.Random, bend: str, known: tuple):
    got = bent(rng, bend, known)
    if got is None:
        return []
    text, tools, calls, fam = got
    chunks = split(text, [rng.randint(1, 7) for _ in range(11)])
    other = [{"type": "function", "function": {"name": "other_tool", "parameters": {"type": "object"}}}]
    name = calls[0][0]
    quoted = f"Write `{text}` to call it."
    fenced = f"For example:\n```\n{text}\n```\nThat is all."
    out = [("read", check_bent, (text, tools, calls, chunks)),
           ("undeclared", check_not_run, (text, other, name, chunks)),
           ("fenced", check_not_run, (fenced, tools, name, split(fenced, [4])))]
    if "\n" not in text:       # (inline code is one line: a code span across lines is no example's)
        out.append(("quoted", check_not_run, (quoted, tools, name, split(quoted, [5]))))
    return out


# ---------------------------------------------------------------- values in other encodings

def _py(v) -> str:
    """A value as a Python literal in single quotes (`{'a': True, 'b': None}`)."""
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_py(k)}: {_py(x)}" for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ", ".join(_py(x) for x in v) + "]"
    return repr(v)


def _trailing(v) -> str:
    """JSON with a comma after the last member of each object and list."""
    if isinstance(v, dict):
        return "{" + "".join(f"{json.dumps(k)}: {_trailing(x)}, " for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + "".join(f"{_trailing(x)}, " for x in v) + "]"
    return json.dumps(v)


_ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}
ENCODINGS = ("escaped_args", "single_quotes", "python_literals", "trailing_commas", "xml_entities", "cdata",
             "key_spellings")
# The name and arguments keys agent frameworks write in a JSON call: LangChain's JSON agents
# (`action` / `action_input`) and AgentAction (`tool` / `tool_input`), OpenAI's multi_tool_use
# (`recipient_name` / `parameters`), `function_name`, JSON-RPC's `params`, Anthropic's `input`.
KEY_SPELLINGS = (("action", "action_input"), ("tool", "tool_input"), ("tool_name", "tool_input"),
                 ("recipient_name", "parameters"), ("function_name", "arguments"), ("name", "params"),
                 ("name", "input"), ("tool", "args"))
# (the body kinds each encoding is drawn in: a JSON call object, or parameter tags)
JSON_KINDS = ("json", "json_list")
TAG_KINDS = ("functions", "invoke", "key_value")


def encoded(rng: random.Random, encoding: str):
    """(text, tools, calls) of a call in a generated wrapper whose values are in `encoding`."""
    style = rng.choice([s for s in STYLES if s not in ("call_line", "name_prefix", "nested")])
    opener, closer = wrapper(rng, style)
    if _known(opener, closer):
        return None
    name = _word(rng, 3, 12)
    args, props = arguments(rng, "json")
    if encoding in ("python_literals",):
        k = _word(rng, 2, 6) + "_flag"
        args[k], props[k] = rng.choice((True, False, None)), {}
    tools = [{"type": "function", "function": {"name": name, "parameters": {"type": "object", "properties": props}}}]
    if encoding in ("xml_entities", "cdata"):
        kind = rng.choice(TAG_KINDS)
        k = _word(rng, 2, 6) + "_src"
        args[k], props[k] = rng.choice(("a < b && c > d", 'if (x < 3) { y = "z"; }', "<b>bold</b> & more")), {"type": "string"}
        if encoding == "xml_entities":
            wrap = lambda s: "".join(_ENTITIES.get(ch, ch) for ch in s)  # noqa: E731
        else:
            wrap = lambda s: f"<![CDATA[{s}]]>"  # noqa: E731
        shown = {key: (wrap(v) if key == k else v) for key, v in args.items()}
        text = body(rng, kind, style, name, shown, rng.random())
        return opener + text + closer, tools, [(name, args)]
    obj = {"name": name, "arguments": args}
    if encoding == "key_spellings":
        nk, ak = rng.choice(KEY_SPELLINGS)
        inner = json.dumps({nk: name, ak: args})
    elif encoding == "escaped_args":
        inner = json.dumps({"name": name, "arguments": json.dumps(args)})
    elif encoding in ("single_quotes", "python_literals"):
        inner = _py(obj)
    else:
        inner = _trailing(obj)
    if rng.choice(JSON_KINDS) == "json_list":
        inner = "[" + inner + "]"
    return opener + inner + closer, tools, [(name, args)]


def value_cases(rng: random.Random, encoding: str):
    got = encoded(rng, encoding)
    if got is None:
        return []
    return [value_checks(rng, *got)]


def value_checks(rng: random.Random, text, tools, calls):
    chunks = split(text, [rng.randint(1, 7) for _ in range(11)])
    undeclared = [{"type": "function", "function": {"name": "other_tool", "parameters": {"type": "object"}}}]
    fenced = f"For example:\n```\n{text}\n```\nThat is all."
    return [("read", check_bent, (text, tools, calls, chunks)),
            ("undeclared", check_text, (text, undeclared, chunks)),
            ("fenced", check_text, (fenced, tools, split(fenced, [4])))]


# ---------------------------------------------------------------- agent-transcript dialects

# (dialect: is it a call with a declared name?)
DIALECTS = {"react": True, "qwen_agent": True, "call_line": True, "md_header": True, "tool_colon": False, "arrow": False}


def dialect(rng: random.Random, kind: str, name: str, args: dict) -> str:
    j = json.dumps(args)
    if kind == "react":
        thought = rng.choice(("", "Thought: I should look this up.\n", "Thought: the user wants data\n"))
        return f"{thought}Action: {name}\nAction Input: {j}"
    if kind == "qwen_agent":      # (its stop word, left in by a server that does not strip it, or not)
        return f"✿FUNCTION✿: {name}\n✿ARGS✿: {j}" + rng.choice(("", "\n✿RESULT✿"))
    if kind == "call_line":
        return f"[{rng.choice(('Tool call', 'Calling tool', 'Calling function'))}: {name}({j})]"
    if kind == "md_header":
        head = rng.choice(("### Tool call", "## Function call", "**Tool call**", "#### Calling tool"))
        return f"{head}\n```json\n" + json.dumps({"name": name, "arguments": args}) + "\n```"
    if kind == "tool_colon":
        return f"{rng.choice(('TOOL', 'Tool', 'CALL'))}: {name} {j}"
    if kind == "arrow":
        return f"{rng.choice(('→', '->', '=>'))} {name}({j})"
    raise ValueError(kind)


def dialect_cases(rng: random.Random, kind: str):
    name = _word(rng, 3, 12)
    args, props = arguments(rng, "json")
    tools = [{"type": "function", "function": {"name": name, "parameters": {"type": "object", "properties": props}}},
             {"type": "function", "function": {"name": "other_tool", "parameters": {"type": "object"}}}]
    text = dialect(rng, kind, name, args)
    chunks = split(text, [rng.randint(1, 7) for _ in range(11)])
    undeclared = tools[1:]
    fenced = f"For example:\n```\n{text}\n```\nThat is all."
    quoted = f"The log said `{text}` earlier."
    out = [("undeclared", check_text, (text, undeclared, chunks)),
           ("fenced", check_text, (fenced, tools, split(fenced, [4]))),
           ("quoted", check_text, (quoted, tools, split(quoted, [5])))]
    if kind == "md_header" or text.startswith("Thought:"):
        # (a header, a thought: the model's prose, the content; the call read)
        lead = text.split("\n", 1)[0]
        out.insert(0, ("read", check_after, (text, tools, [(name, args)], lead, chunks)))
    elif DIALECTS[kind]:
        out.insert(0, ("read", check_bent, (text, tools, [(name, args)], chunks)))
    else:
        out.insert(0, ("text", check_text, (text, tools, chunks)))
    if kind in ("react", "qwen_agent"):   # (a result after the step: a transcript's example, text)
        seen = "\nObservation: " if kind == "react" else "\n✿RESULT✿: "
        logged = text.removesuffix("\n✿RESULT✿") + seen + rng.choice(("22 degrees", "done", "no results"))
        out.append(("observed", check_text, (logged, tools, split(logged, [3]))))
    return [out]


# ---------------------------------------------------------------- the tests

AXES = {"bent": (BENDS, bent_cases), "values": (ENCODINGS, value_cases), "dialects": (tuple(DIALECTS), dialect_cases)}
# Variants not read yet, and why (strict: a fix must remove its line).
XFAIL: dict[tuple[str, str], str] = {
    ("bent", "no_closer"): "unsafe, by design: a key/value tag body (GLM, LongCat) cut by the end of the "
                           "stream before its closer may have lost arguments, so it is incomplete, never "
                           "run (a JSON body ends itself, and is read)",
    ("values", "xml_entities"): "unsafe, kept as written: a value may hold `&lt;` on purpose (an HTML "
                                "file's text), and nothing says a made-up family escapes its values "
                                "(the XML dialects, MiniCPM5's, decode them)",
}


def _params(xfails: bool):
    for axis, (variants, _) in AXES.items():
        for v in variants:
            why = XFAIL.get((axis, v)) if xfails else None
            marks = [pytest.mark.xfail(strict=True, reason=why)] if why else []
            yield pytest.param(axis, v, marks=marks, id=f"{axis}-{v}")


def _run(axis: str, variant: str, rng: random.Random, read: bool) -> None:
    """The drawn cases' checks: the reading ones (`read`), or the look-alikes."""
    _, make = AXES[axis]
    for group in make(rng, variant):
        for label, fn, args in group:
            if (label == "read") == read:
                fn(*args)


# (derandomized, so a strict xfail fails every run; no shrinking: the text is in the message)
SETTINGS = settings(max_examples=12, derandomize=True, phases=(Phase.explicit, Phase.generate))


@pytest.mark.parametrize(("axis", "variant"), list(_params(xfails=True)))
@SETTINGS
@given(st.randoms(use_true_random=False))
def test_a_bent_shape_is_read_as_written(axis, variant, rng):
    _run(axis, variant, rng, read=True)


@pytest.mark.parametrize(("axis", "variant"), list(_params(xfails=False)))
@SETTINGS
@given(st.randoms(use_true_random=False))
def test_its_look_alikes_run_no_call(axis, variant, rng):
    """Undeclared, fenced, quoted (and the dialects that stay text): never a call, whether or
    not the shape is read yet."""
    _run(axis, variant, rng, read=False)


def sweep(seeds: int) -> None:
    """Print, per axis and variant, how many drawn cases pass every check, and per check."""
    from collections import Counter
    for axis, (variants, make) in AXES.items():
        for v in variants:
            tried = passed = 0
            failed: Counter = Counter()
            for seed in range(seeds):
                for group in make(random.Random(seed), v):
                    ok = True
                    for label, fn, args in group:
                        try:
                            fn(*args)
                        except AssertionError:
                            ok = False
                            failed[label] += 1
                    tried += 1
                    passed += ok
            detail = ", ".join(f"{k} fails {n}" for k, n in failed.items())
            print(f"{axis:8} {v:16} {passed:4} / {tried:<4} {detail}")


if __name__ == "__main__":
    sweep(int(sys.argv[1]) if len(sys.argv) > 1 else 40)


@pytest.mark.parametrize("opener,closer", [("<| acme_call |>", "<| /acme_call |>"), ("<｜ acme_call ｜>", "<｜ /acme_call ｜>"),
                                           ("<| tool_calls_section_begin |>", "<| tool_calls_section_end |>"),
                                           ("< |acme_call| >", "< |/acme_call| >"), ("< ｜acme_call｜ >", "<｜/ acme_call ｜>"),
                                           ("<|acme_call| >", "<|/acme_call|>"), ("< | acme_call | >", "< |acme_call_end| >"),
                                           ("< |tool_calls_section_begin| >", "<| tool_calls_section_end |>"),
                                           ("<| acme:tool_calls_section_begin |>", "< |acme:tool_calls_section_end| >")])
def test_a_special_token_spaced_beside_its_bars_is_a_wrapper(opener, closer):
    """`<| x |>`, `< |x| >` (a detokenizer's spacing, the closer perhaps spaced otherwise): a
    wrapper like `<|x|>`, around a known body or a known family's own block (a family bent:
    Kimi K2's section around a JSON call is the parts', around Kimi's call tokens Kimi's); in
    prose, text."""
    tools = [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}]
    for inner in ('{"name": "f", "arguments": {"a": 1}}',
                  '<|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{"a": 1}<|tool_call_end|>'):
        text = opener + inner + closer
        check_bent(text, tools, [("f", {"a": 1})], split(text, [3]))
    check_text(f"a {opener} b", tools, split(f"a {opener} b", [2]))


@pytest.mark.parametrize("text", ["a <｜note> b", "<|x> and <y|>", "<｜tool_call>the weather is fine<tool_call｜>",
                                  "if a < |b| > c then d", "x < |y|", "|a| < |b|", "a < b and c > d", "1 < |x| >= 2",
                                  "< |note| >hello< |/note| >", "< |f| >and so on"])
def test_a_less_than_before_a_bar_in_prose_stays_text(text):
    """`< |` is where a spaced special token may start; in prose (absolute values, a made-up
    token around no call) it is text, whole, in any chunking."""
    tools = [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}]
    check_text(text, tools, split(text, [1]))
    check_text(text, tools, split(text, [2, 3]))


# ---------------------------------------------------------------- a closer of another spelling

_F = [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}]
_CALL_BODIES = ('{"name": "f", "arguments": {"a": 1}}', "<function=f><parameter=a>1</parameter></function>",
                '<invoke name="f"><parameter name="a">1</parameter></invoke>',
                "f\n<acme_key>a</acme_key><acme_value>1</acme_value>")


@pytest.mark.parametrize("opener", ["<acme_call>", "<|acme_call|>", "<tool_call>", "[ACME_CALL]"])
@pytest.mark.parametrize("stray", ["</acme_calls>", "</tool_calls>", "[/TOOL_CALL]", "<|acme_call_end|>",
                                   "<end_function_calls>", "<acme_call|>", "</zz_invoke>", "\n</acme_call_v2>"])
def test_a_closer_of_another_spelling_after_a_whole_call_is_markup(opener, stray):
    """A made-up wrapper's call whose closer came out misspelled, plural, another family's or
    another shape's: where the closer should be, a closing token whose words say call (or that
    shares a word with the closer) is the closer, markup, in any chunking."""
    for inner in _CALL_BODIES:
        text = opener + inner + stray
        check_bent(text, _F, [("f", {"a": 1})], split(text, [1, 2, 3]))
        # (prose on the next line is the content)
        after = text + "\nDone."
        msg, _ = feed(after, split(after, [2]), tools=_F)
        assert [(c.name, c.arguments) for c in msg.tool_calls] == [("f", {"a": 1})] and msg.content.strip() == "Done.", summary(msg)


@pytest.mark.parametrize("cut", ["</acme_call", "</acme_", "</tool_calls", "[/TOOL"])
def test_a_closer_the_end_of_the_stream_cut_is_markup(cut):
    """(a key/value body cut before its closer is not run: XFAIL's no_closer)"""
    for inner in _CALL_BODIES[:3]:
        text = "<acme_call>" + inner + cut
        check_bent(text, _F, [("f", {"a": 1})], split(text, [2, 5]))


@pytest.mark.parametrize("after", ["</b>", "</b> done", "</tool_calls> is the closer I should have written",
                                   "</code>", "</tool_result>", "[/NOTE]", "<b", "</note"])
def test_prose_where_the_closer_should_be_stays_text(after):
    """Not a call's closer: a tag of HTML, a closing token followed by prose on its line, a
    result's closer, a cut tag whose words do not say call: text, whole.  (A key/value body is
    then not closed: never run, XFAIL's no_closer.)"""
    for inner in _CALL_BODIES[:3]:
        text = "<acme_call>" + inner + after
        for chunks in ([text], split(text, [1, 3])):
            msg, _ = feed(text, chunks, tools=_F)
            assert [(c.name, c.arguments) for c in msg.tool_calls] == [("f", {"a": 1})], summary(msg)
            assert msg.content.strip() == after.strip(), summary(msg)


# ---------------------------------------------------------------- a name-led tag body, its opener stripped

_SONG = [{"type": "function", "function": {"name": "play_song", "parameters": {"type": "object", "properties": {
    "title": {"type": "string"}, "times": {"type": "integer"}}}}}]
_KEYED = {"glm": ("<arg_key>{k}</arg_key><arg_value>{v}</arg_value>", "</tool_call>"),
          "longcat": ("\n<longcat_arg_key>{k}</longcat_arg_key>\n<longcat_arg_value>{v}</longcat_arg_value>", "\n</longcat_tool_call>")}


@pytest.mark.parametrize("family", sorted(_KEYED))
@pytest.mark.parametrize("closer", ["own", "other", "cut"])
def test_a_declared_name_then_its_family_s_key_tags_opening_the_content_is_the_call(family, closer):
    """A server stripped the wrapper's opener (GLM's `<tool_call>`, LongCat's): a declared tool's
    name opening the content, then that family's key/value tags, is the call, its closer (its
    own, another spelling) markup; cut by the end before it, never run (arguments may be lost)."""
    pair, own = _KEYED[family]
    body = "play_song" + pair.format(k="title", v="Blue Train") + pair.format(k="times", v="2")
    end = {"own": own, "other": own.replace("call>", "calls>"), "cut": ""}[closer]
    text = body + end
    if closer == "cut":
        for chunks in ([text], split(text, [3, 5])):
            msg, _ = feed(text, chunks, tools=_SONG)
            assert not msg.tool_calls and msg.errors, summary(msg)
        return
    check_bent(text, _SONG, [("play_song", {"title": "Blue Train", "times": 2})], split(text, [1, 4, 2]))
    # its look-alikes: after prose, undeclared, in a fence, in inline code: text, whole
    for alike, tools in ((f"Sure: {text}", _SONG), (text, _F), (f"```\n{text}\n```", _SONG), (f"`{text}`", _SONG)):
        if "\n" in alike and alike.startswith("`") and not alike.startswith("```"):
            continue
        check_text(alike, tools, split(alike, [2, 3]))


# ---------------------------------------------------------------- a known family's opener bent

_LAMP = [{"type": "function", "function": {"name": "toggle_lamp", "parameters": {"type": "object"}}}]
_BENT = [  # (opener, body, closer): a family's body after its opener bent, by names none draws
    ("<|zeta.START_ACTION|>", '[{"tool_call_id": "0", "tool_name": "toggle_lamp", "parameters": {"room": "attic"}}]',
     "<|zeta.END_ACTION|>"),                                                    # Command R
    ("<|START_ACTION_r2|>", '[{"tool_call_id": "0", "tool_name": "toggle_lamp", "parameters": {"room": "attic"}}]',
     "<|END_ACTION|>"),
    ("<|tools_prefix-x|>", '[{"toggle_lamp": {"room": "attic"}}]', "<|tools_suffix-x|>"),          # Apertus
    ("<om:start_function_call>", "call:toggle_lamp{room:<escape>attic<escape>}", "<om:end_function_call>"),  # FunctionGemma
    ("<tool_calls_q7>", "<tool_call>toggle_lamp<tool_sep><arg_key>room</arg_key><arg_value>attic</arg_value></tool_call>",
     "</tool_calls_q7>"),                                                       # HY-V3
    ("<|k9|message_model|>", 'toggle_lamp<|content_invoke_tool_json|>{"name": "toggle_lamp", "args": {"room": "attic"}}', "<|k9|end_message|>"),  # Inkling
    ("<ab|seed:tool_call>", "<function=toggle_lamp><parameter=room>attic</parameter></function>", "</ab|seed:tool_call>"),
]


@pytest.mark.parametrize("opener,inner,closer", _BENT)
def test_a_known_family_s_body_after_its_opener_bent_is_read_by_the_family(opener, inner, closer):
    """A family's own opener with a namespace, a suffix or both (`<|zeta.START_ACTION|>`,
    `<tool_calls_q7>`): the family reads what follows as after its own opener; the bent
    wrapper and its closer are markup.  Undeclared, fenced, quoted, or around prose: text."""
    text = opener + inner + closer
    check_bent(text, _LAMP, [("toggle_lamp", {"room": "attic"})], split(text, [2, 5, 3]))
    fenced = f"For example:\n```\n{text}\n```\nThat is all."
    for alike, tools in ((text, _F), (fenced, _LAMP), (f"Write `{text}` to call it.", _LAMP),
                         (f"{opener}The lamp is on.{closer}", _LAMP)):
        check_not_run(alike, tools, "toggle_lamp" if "toggle_lamp" in alike else "lamp", split(alike, [3]))


@pytest.mark.parametrize("after,content", [("[/TOOL_CALL]", ""), ("</tool_calls>", ""), ("[b]", "[b]"),
                                           ("[note] later", "[note] later")])
def test_after_a_list_of_calls_a_bracket_is_not_lost(after, content):
    """A pythonic list reader takes a `[` after its list for another list: a closer that starts
    there is markup, and anything else is text, its bracket with it."""
    tools = [{"type": "function", "function": {"name": "toggle_lamp", "parameters": {"type": "object"}}}]
    text = '<|tool_call_start|>[toggle_lamp(room="attic", on=True)]' + after
    for chunks in ([text], split(text, [2, 5])):
        msg, _ = feed(text, chunks, tools=tools)
        assert [(c.name, c.arguments) for c in msg.tool_calls] == [("toggle_lamp", {"room": "attic", "on": True})]
        assert msg.content == content, summary(msg)


# ---------------------------------------------------------------- a body that says whose it is, its opener stripped

_LEADS = [f for f in formats.all_formats() if getattr(getattr(f, "body", None), "shape_lead", "") in f.start_openers]


def test_some_families_declare_a_lead():
    assert {f.name for f in _LEADS} >= {"apertus", "tool_call_hash"}


@pytest.mark.parametrize("fam", _LEADS, ids=[f.name for f in _LEADS])
@pytest.mark.parametrize("end", ["closer", "none", "blank closer"])
def test_a_body_that_says_whose_it_is_opening_the_content_is_the_family_s_call(fam, end):
    """A family whose closer is a distinctive token and whose body's shape names the tool
    (`Body.shape_lead`: Apertus' `[{"NAME": {…}}]`, `{tool => "NAME", …}`): its opener stripped, the
    body opening the content is the call for a declared tool, its closer markup; after prose,
    undeclared, fenced, quoted: text."""
    opener = fam.openers[0]
    calls = [(c.name, c.arguments) for c in parse(fam.example, format=fam.name).tool_calls]
    tools = [{"type": "function", "function": {"name": n, "parameters": {"type": "object"}}} for n, _ in calls]
    inner = fam.example[len(opener):len(fam.example) - len(fam.closer)]
    text = inner + {"closer": fam.closer, "none": "", "blank closer": "\n" + fam.closer}[end]
    check_bent(text, tools, calls, split(text, [2, 5, 1]))
    name = calls[0][0]
    other = [{"type": "function", "function": {"name": "other_tool", "parameters": {"type": "object"}}}]
    for alike, t in ((text, other), (f"Sure: {inner.strip()}", tools), (f"```\n{text}\n```\nDone.", tools)):
        check_not_run(alike, t, name, split(alike, [3]))


@pytest.mark.parametrize("text", ['{"action": "Final Answer", "action_input": "Paris is the capital."}',
                                  '```json\n{"action": "Final Answer", "action_input": "Paris."}\n```',
                                  '{"action": "delete", "id": 3}', 'Result: {"tool": "search", "tool_input": {"q": "x"}}'])
def test_a_json_agent_s_answer_or_an_undeclared_action_stays_text(text):
    """LangChain's JSON agents end with `{"action": "Final Answer", "action_input": …}`: no
    declared tool, so text, whole; so is an `action` key in data, and a tool no one declared."""
    tools = [{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object"}}}]
    check_text(text, tools, split(text, [1, 3]))


# ---------------------------------------------------------------- look-alike letters

def _styled(word: str, style: str) -> str:
    """`word`'s letters in a look-alike style (the compatibility form, NFKC, gives them back)."""
    import unicodedata
    out = []
    for ch in word:
        case = "SMALL" if ch.islower() else "CAPITAL"
        name = {"fullwidth": f"FULLWIDTH LATIN {case} LETTER {ch.upper()}", "italic": f"MATHEMATICAL ITALIC {case} {ch.upper()}",
                "bold": f"MATHEMATICAL BOLD {case} {ch.upper()}", "script": f"MATHEMATICAL BOLD SCRIPT {case} {ch.upper()}"}[style]
        try:
            out.append(unicodedata.lookup(name) if ch.isalpha() else ch)
        except KeyError:
            out.append(ch)      # (a hole in the block: `h` is the Planck constant in italic)
    return "".join(out)


_STYLES = ("fullwidth", "italic", "bold", "script")
_KIMI = '<|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{"a": 1}<|tool_call_end|>'


@pytest.mark.parametrize("style", _STYLES)
@pytest.mark.parametrize("shape", ["ns_json", "word_json", "ns_tool_tag", "word_section", "ns_section", "ns_keyed"])
def test_a_wrapper_in_look_alike_letters_is_read_as_in_ascii(style, shape):
    """A namespace or a wrapper word in look-alike letters (`<𝑛𝑠:read_file>`, `<ｔｏｏｌ_ｃａｌｌ>`,
    Kimi K2's section token in fullwidth letters): a tag as in ASCII, a known family's token
    by its compatibility form, its closer in the same letters markup; the text kept as written.
    Undeclared, fenced, or around prose: text."""
    ns = _styled("acme", style)
    tools = [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}]
    j = '{"name": "f", "arguments": {"a": 1}}'
    text = {"ns_json": f"<{ns}:tool_call>{j}</{ns}:tool_call>",
            "word_json": f"<{_styled('tool_call', style)}>{j}</{_styled('tool_call', style)}>",
            "ns_tool_tag": f"<{ns}:f>\n<a>1</a>\n</{ns}:f>",
            "word_section": f"<|{_styled('tool_calls_section_begin', style)}|>{_KIMI}<|{_styled('tool_calls_section_end', style)}|>",
            "ns_section": f"<|{ns}:tool_calls_section_begin|>{_KIMI}<|{ns}:tool_calls_section_end|>",
            "ns_keyed": f"<{ns}|tool_call>f<arg_key>a</arg_key><arg_value>1</arg_value></{ns}|tool_call>"}[shape]
    check_bent(text, tools, [("f", {"a": 1})], split(text, [1, 3, 2]))
    other = [{"type": "function", "function": {"name": "other_tool", "parameters": {"type": "object"}}}]
    fenced = f"For example:\n```\n{text}\n```\nThat is all."
    for alike, t in ((text, other), (fenced, tools)):
        check_not_run(alike, t, "f", split(alike, [3]))
    prose = f"<{ns}:note>The lamp is on.</{ns}:note> and <{_styled('b', style)}>bold</{_styled('b', style)}>"
    check_text(prose, tools, split(prose, [2]))
