"""Harmony frames read by their parts (issue 31), on frames no test wrote by hand.

Two generators, in the style of tests/test_generality.py:
- a harmony turn (reasoning, a preamble or an answer, calls as consecutive messages) written with
  random blanks after its special tokens and around its header words (LLM-jp-4.1 writes a space
  after every special token), the recipient in the channel header or the role header, the
  payload type as `<|constrain|>json`, a bare `json` or none: the reasoning, the content and the
  calls are what the frame says, the one space after `<|message|>` the token's, in any chunking;
- a harmony header (`[ROLE ]to=NS.NAME[ TYPE]`, harmony's tokens in it or not) then JSON (or
  `<parameter=K>` tags), inside a
  made-up wrapper of every spelling (SGLang writes it inside `<tool_call>`): a call for a
  declared tool, the wrapper markup; the same header naming an undeclared tool, quoted in inline
  code, or after prose words in the wrapper, stays text.
"""
from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import accounted, deltas_ok, feed, split, summary, tools
from test_generality import KNOWN, STYLES, _word, check_read, wrapper

from callsieve import parse

TOOLS = tools("get_weather", "get_time", "search.web")
NAMES = ("get_weather", "get_time", "search.web")
TEXTS = ("Need the weather.", "天気を調べます。", "Plan: a < b && c.", "x", "Check {braces} and [1, 2].")


def _gap(rng: random.Random) -> str:
    """Blanks a tokenizer or a model writes after a token or between header words."""
    return rng.choice(("", " ", " ", "  ", "\t", " \n"))


def _args(rng: random.Random) -> dict:
    return rng.choice(({}, {"city": "Tokyo"}, {"tz": "Asia/Tokyo", "n": [1, 2]}, {"q": "日本 \"quoted\""}))


def harmony_turn(rng: random.Random):
    """(text, reasoning, content, calls) of one generated turn."""
    g = lambda: _gap(rng)                                       # noqa: E731
    start = lambda: "<|start|>" + g() + "assistant"             # noqa: E731
    msg = lambda: "<|message|>" + rng.choice(("", " "))         # noqa: E731  (one space: the token's)
    parts, reasoning, content, calls = [], "", "", []
    first = True

    def head(channel: str, to: str = "") -> str:
        nonlocal first
        lead = "" if first and rng.random() < 0.5 else start()
        first = False
        rcpt = ""
        if to:
            rcpt = rng.choice((" ", "  ", " \t")) + rng.choice(("to=", "to = ", "to= ")) + "functions." + to
        kind = rng.choice(("", " json", " <|constrain|>" + g() + "json")) if to else ""
        if to and rng.random() < 0.3:                            # the recipient in the role header
            return (lead or start()) + rcpt + "<|channel|>" + g() + channel + kind + g() + msg()
        return lead + "<|channel|>" + g() + channel + rcpt + kind + g() + msg()

    if rng.random() < 0.7:
        t = rng.choice(TEXTS)
        parts.append(head("analysis") + t + "<|end|>" + g())     # (a blank after <|end|> too)
        reasoning = t
    n = rng.randint(0, 2)
    if n == 0 or rng.random() < 0.3:
        t = rng.choice(TEXTS)
        ch = "final" if n == 0 else "commentary"
        parts.append(head(ch) + t + ("<|end|>" + g() if n else rng.choice(("<|return|>", "<|end|>", ""))))
        content = t
    for i in range(n):
        name, args = rng.choice(NAMES), _args(rng)
        end = "<|call|>" if i == n - 1 or rng.random() < 0.5 else "<|end|>"
        parts.append(head("commentary", name) + json.dumps(args, ensure_ascii=rng.random() < 0.5) + end)
        calls.append((name, args))
    return "".join(parts), reasoning, content, calls


def check_turn(text, reasoning, content, calls, chunks):
    whole = parse(text, tools=TOOLS)
    got = (whole.reasoning, whole.content, [(c.name, c.arguments) for c in whole.tool_calls])
    assert got == (reasoning, content, calls) and not whole.errors, (text, got, whole.errors)
    msg, evs = feed(text, chunks, tools=TOOLS)
    assert summary(msg) == summary(whole), (text, chunks)
    deltas_ok(evs)
    _, evs = feed(text, chunks, tools=TOOLS, markup=True)
    accounted(text, evs, ordered=False)


@settings(deadline=None)
@given(st.randoms(use_true_random=False))
def test_a_harmony_turn_with_blanks_after_its_tokens_is_read_as_written(rng):
    text, reasoning, content, calls = harmony_turn(rng)
    check_turn(text, reasoning, content, calls, split(text, [rng.randint(1, 9) for _ in range(13)]))


# ---------------------------------------------------------------- a harmony header in a made-up wrapper
# (a call line holds a call expression; a name prefix, `<w:NAME{…}/>`, a name: neither a header)
WRAPPERS = tuple(s for s in STYLES if s not in ("call_line", "name_prefix"))


def header(rng: random.Random, name: str, tokens: bool = True) -> str:
    """A harmony header addressed to `name`, in one of the spellings a model writes (`tokens`:
    harmony's special tokens in it, or only words)."""
    g = lambda: rng.choice((" ", "  ", "\t"))                   # noqa: E731
    role = rng.choice(("", "assistant" + g(), "model" + g()) + (("assistant<|channel|>commentary" + g(),) * tokens))
    ns = rng.choice(("functions.", "functions.", "tools.", ""))
    kind = rng.choice(("", g() + "json") + ((g() + "<|constrain|>json", "<|channel|>commentary" + g() + "json") * tokens))
    msg = rng.choice(("", "<|message|>")) if "<|" in kind else ""
    return role + rng.choice(("to=", "to = ")) + ns + name + kind + msg + rng.choice(("\n", " ", "", "\n\n"))


def header_call(rng: random.Random, style: str, tokens: bool = True):
    """(text, calls, (opener, closer)) of one call, or None when the made-up wrapper is a known
    marker.  `tokens`: harmony's special tokens may be in it (a look-alike holds none: with them
    it is a harmony message of its own, wherever it stands)."""
    opener, closer = wrapper(rng, style)
    if any(opener.startswith(m) or closer.startswith(m) for m in KNOWN if len(m) > 1):
        return None
    name, args = rng.choice(NAMES), _args(rng)
    end = rng.choice(("", "\n", "<|call|>") if tokens else ("", "\n"))
    payload = json.dumps(args)
    if args and rng.random() < 0.3:              # the arguments as parameter tags
        nl = rng.choice(("", "\n"))
        payload = nl + "".join(f"<parameter={k}>{nl}{v if isinstance(v, str) else json.dumps(v)}{nl}</parameter>{nl}"
                          for k, v in args.items())
    body = header(rng, name, tokens) + payload + end
    return opener + body + closer, [(name, args)], (opener, closer)


def check_text(text, chunks):
    """No call, nothing lost: the content is the text, whole and in `chunks`.  (A harmony token
    that opens no message, `<|channel|>` before a header that is not one, is reported, its raw
    text empty: it stays in the content.)"""
    for c in ([text], chunks):
        msg, _ = feed(text, c, tools=TOOLS)
        assert msg.content == text and not msg.tool_calls, (text, summary(msg))
        assert all(not e.raw and e.index is None for e in msg.errors), (text, summary(msg))


@settings(deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(WRAPPERS))
def test_a_harmony_header_in_any_wrapper_is_a_call_and_its_look_alikes_stay_text(rng, style):
    got = header_call(rng, style)
    if got is None:
        return
    text, calls, (opener, closer) = got
    chunks = split(text, [rng.randint(1, 7) for _ in range(11)])
    check_read(text, TOOLS, calls, chunks)
    # after prose, the call that ends the turn is read; the prose is the content
    lead = rng.choice(("Sure.", "Some preamble."))
    msg, _ = feed(lead + "\n" + text, split(lead + "\n" + text, [rng.randint(1, 7)]), tools=TOOLS)
    assert [(c.name, c.arguments) for c in msg.tool_calls] == calls and msg.content == lead, summary(msg)
    # look-alikes: an undeclared tool, inline code, prose words before the recipient
    plain = header_call(rng, style, tokens=False)
    if plain is None:
        return                                   # (the made-up wrapper was a known marker this time)
    text, calls, (opener, closer) = plain
    name = calls[0][0]
    undeclared = text.replace(name, "not_" + _word(rng).replace(".", ""), 1)
    check_text(undeclared, split(undeclared, [3]))
    quoted = f"Write `{text}` to call it."
    check_text(quoted, split(quoted, [5]))
    i = text.index("to", len(opener))
    prose = text[:len(opener)] + "please send it " + text[i:]
    check_text(prose, split(prose, [4]))


def test_every_wrapper_style_holds_a_harmony_header():
    """The sweep: each wrapper style, several seeds, so no style is left to chance."""
    ran = 0
    for seed in range(6):
        rng = random.Random(seed)
        for style in WRAPPERS:
            got = header_call(rng, style)
            if got is None:
                continue
            text, calls, _ = got
            m = parse(text, tools=TOOLS)
            assert [(c.name, c.arguments) for c in m.tool_calls] == calls and m.content == "", (text, summary(m))
            ran += 1
    assert ran > 40
