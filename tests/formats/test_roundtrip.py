"""Random calls, written in each format's syntax, parse back to the same calls (as Pygments runs
random input through every lexer).  The writers follow the documented syntax: the JSON families'
from samples_json, the XML-like ones' from samples_xml, the rest here.  A format with no writer
must be named in NO_WRITER, so a new format gets one or says why not."""
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from callsieve import formats, parse
from helpers import feed, split, tools
from samples_json import FAMILIES
from samples_xml import WRITERS

NAME = st.from_regex(r"[a-z][a-z0-9_]{0,11}", fullmatch=True)
KEY = st.from_regex(r"[a-z][a-z0-9_]{0,7}", fullmatch=True)
TEXT = st.text(max_size=12)
SCALAR = (st.none() | st.booleans() | st.integers(-10**12, 10**12)
          | st.floats(allow_nan=False, allow_infinity=False) | TEXT)
JSON = st.recursive(SCALAR, lambda c: st.lists(c, max_size=3) | st.dictionaries(TEXT, c, max_size=3),
                    max_leaves=6)


def calls_of(args, n=3):
    return st.lists(st.tuples(NAME, st.dictionaries(KEY, args, max_size=4)), min_size=1, max_size=n)


def j(v) -> str:
    return json.dumps(v, ensure_ascii=False)


def py(v) -> str:
    """A Python literal (the pythonic families' arguments)."""
    if isinstance(v, dict):
        return "{" + ", ".join(f"{j(k)}: {py(x)}" for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ", ".join(map(py, v)) + "]"
    return repr(v) if v is None or isinstance(v, (bool, float)) else j(v)


def pythonic(calls) -> str:
    return "[" + ", ".join(f"{n}(" + ", ".join(f"{k}={py(v)}" for k, v in a.items()) + ")" for n, a in calls) + "]"


def gemma_value(v, quote) -> str:
    if isinstance(v, str):
        return quote + v + quote
    if isinstance(v, list):
        return "[" + ",".join(gemma_value(x, quote) for x in v) + "]"
    return j(v)


def gemma(open_, close, quote):
    return lambda calls: "".join(
        f"{open_}call:{n}{{" + ",".join(f"{k}:{gemma_value(v, quote)}" for k, v in a.items()) + f"}}{close}"
        for n, a in calls)


# format: (writer of a list of calls, the arguments it can write, at most this many calls)
LITERAL_TEXT = st.text(max_size=12).filter(lambda s: "<" not in s)
LITERAL = (st.booleans() | st.integers(-10**9, 10**9) | LITERAL_TEXT
           | st.lists(st.booleans() | st.integers(-99, 99) | LITERAL_TEXT, max_size=3))
OTHERS = {
    "pythonic": (pythonic, JSON, 3),
    "lfm2": (lambda calls: "<|tool_call_start|>" + pythonic(calls) + "<|tool_call_end|>", JSON, 3),
    "tool_code": (lambda calls: "```tool_code\n" + pythonic(calls)[1:-1] + "\n```", JSON, 1),
    "solar_open": (lambda calls: "<|tool_calls|>" + "".join(
        f"<|tool_call:begin|>c{i}<|tool_call:name|>{n}<|tool_call:args|>{j(a)}<|tool_call:end|>"
        for i, (n, a) in enumerate(calls)) + "<|calls|>", JSON, 3),
    "hyperclovax": (lambda calls: " -> tool/function_call\n" + j([{"name": n, "arguments": a} for n, a in calls]),
                    JSON, 3),
    "harmony": (lambda calls: "".join(
        f"<|start|>assistant<|channel|>commentary to=functions.{n} <|constrain|>json<|message|>{j(a)}<|call|>"
        for n, a in calls), JSON, 3),
    "inkling": (lambda calls: "".join(
        f"<|message_model|>{n}<|content_invoke_tool_json|>{j({'name': n, 'args': a})}<|end_message|>"
        for n, a in calls), JSON, 3),
    "tool_call_hash": (lambda calls: "\n".join(
        f'[TOOL_CALL]\n{{tool => "{n}", args => {{\n' + "".join(f"  --{k} {j(v)}\n" for k, v in a.items())
        + "}}\n[/TOOL_CALL]" for n, a in calls), st.booleans() | st.integers(-10**9, 10**9) | TEXT, 3),
    "gemma_special": (gemma("<|tool_call>", "<tool_call|>", '<|"|>'), LITERAL, 3),
    "functiongemma": (gemma("<start_function_call>", "<end_function_call>", "<escape>"), LITERAL, 3),
}
NO_WRITER = {
    "native": "no syntax: the server parsed the calls",
    "wrapped": "no wrapper of its own: tests/test_generality.py writes every body in made-up wrappers",
    "cwm": "one raw-text argument (`command`), no general arguments: tests/formats/test_cwm.py",
    "react": "a call only with tools declared, for a declared tool: tests/test_generality_bends.py writes it",
    "qwen_agent": "a call only with tools declared, for a declared tool: tests/formats/test_labelled.py writes it",
}


def test_every_format_has_a_writer_or_says_why_not():
    written = {f.name for f in FAMILIES} | set(XML) | set(OTHERS)
    assert sorted(set(formats.names()) - written) == sorted(NO_WRITER)
    assert not written & set(NO_WRITER)


def same_calls(text, want, fmt, chunks, **kw):
    m = parse(text, format=fmt, **kw)
    assert [(c.name, c.arguments) for c in m.tool_calls] == want, (text, m.tool_calls, m.incomplete, m.errors)
    fed, _ = feed(text, split(text, chunks), format=fmt, **kw)
    assert [(c.name, c.arguments) for c in fed.tool_calls] == want, chunks


CHUNKS = st.lists(st.integers(1, 9), min_size=1, max_size=8)
few = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("fam", FAMILIES, ids=[f.name for f in FAMILIES])
@few
@given(calls=calls_of(JSON), chunks=CHUNKS)
def test_json_families(fam, calls, chunks):
    same_calls(fam.render(calls), [(n, a) for n, a in calls], fam.name, chunks)


@pytest.mark.parametrize("name", sorted(OTHERS))
@few
@given(data=st.data(), chunks=CHUNKS)
def test_other_families(name, data, chunks):
    write, args, n = OTHERS[name]
    calls = data.draw(calls_of(args, n))
    same_calls(write(calls), [(n, a) for n, a in calls], name, chunks)


# XML-like values are text, typed by the declared schema: strings that hold no markup, integers
# and booleans.
XML_TEXT = st.text(st.characters(exclude_characters="<>&", exclude_categories=("Cs", "Cc", "Zs", "Zl", "Zp")),
                   min_size=1, max_size=12)
XML_VALUE = (st.tuples(st.just("string"), XML_TEXT) | st.tuples(st.just("integer"), st.integers(-10**9, 10**9))
             | st.tuples(st.just("boolean"), st.booleans()))


NS = "]<]minimax[>["
XML = {name: w for name, (w, _) in WRITERS.items()} | {
    "longcat_xml": lambda n, params: f"<longcat_tool_call>{n}\n" + "".join(
        f"<longcat_arg_key>{k}</longcat_arg_key>\n<longcat_arg_value>{v}</longcat_arg_value>\n"
        for k, v in params) + "</longcat_tool_call>",
    "minimax_m3": lambda n, params: f'{NS}<tool_call>\n{NS}<invoke name="{n}">' + "".join(
        f"{NS}<{k}>{v}{NS}</{k}>" for k, v in params) + f"{NS}</invoke>\n{NS}</tool_call>",
    "muse": lambda n, params: f'<atem:function_calls>\n<atem:invoke name="{n}">\n' + "".join(
        f'<atem:parameter name="{k}">{v}</atem:parameter>\n' for k, v in params)
        + "</atem:invoke>\n</atem:function_calls>",
    "tool_tag": lambda n, params: f"<{n}>\n" + "".join(f"<{k}>{v}</{k}>\n" for k, v in params) + f"</{n}>",
    "tool_attrs": lambda n, params: f"<{n}" + "".join(
        f' {k}="{v.replace(chr(34), "&quot;")}"' for k, v in params) + " />",
}


@pytest.mark.parametrize("name", sorted(XML))
@few
@given(call=st.tuples(NAME, st.dictionaries(KEY, XML_VALUE, max_size=4)), chunks=CHUNKS)
def test_xml_families(name, call, chunks):
    write = XML[name]
    fn, params = call
    raw = [(k, v if t == "string" else j(v)) for k, (t, v) in params.items()]
    schema = tools(**{fn: {k: {"type": t} for k, (t, _) in params.items()}})
    same_calls(write(fn, raw), [(fn, {k: v for k, (_, v) in params.items()})], name, chunks, tools=schema)
