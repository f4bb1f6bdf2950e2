"""What a chat template says, found by rendering it (needs jinja2: the `template` extra).

A probe conversation with known tool calls (distinctive names, ids and argument values; one call
and two) is rendered through the template, and the renders are compared:

  * the format: the registry's format that reads the rendered calls back exactly (auto-detected
    first, as a live stream would be); else a format *derived* from the markup around the names
    and arguments (formats/_derived.py), found by putting fields in place of the known values and
    diffing the one-call and two-call renders;
  * the thinking: whether the generation prompt ends inside a thinking block, with the request's
    thinking switch unset, on and off (a macro or any other Jinja is followed, as it is rendered).
"""
from __future__ import annotations

import dataclasses
import json
import re

from .. import formats
from ..formats._derived import ARGS, CALL, FIELDS, ID, NAME, PARAMS, Derived, Markup
from ..message import parse
from .read import SWITCHES, Shape, is_markup, tail_state, template_tokens
from .render import END_PROBE, USER, TemplateError, render, turn

PROBE_TOOLS = [
    {"type": "function", "function": {
        "name": n, "description": "Probe.",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}, "days": {"type": "integer"}},
                       "required": ["city"]}}}
    for n in ("zq_lookup", "zq_notify")]
# Ids of 9 letters and digits: Mistral's templates refuse any other.
PROBE_CALLS = [("Zq1call01", "zq_lookup", {"city": "Zqparis", "days": 3}),
               ("Zq2call02", "zq_notify", {"city": "Zqrome", "days": 7})]


def tool_call(cid: str, name: str, args: dict, as_string: bool = False) -> dict:
    return {"id": cid, "type": "function",
            "function": {"name": name, "arguments": json.dumps(args) if as_string else args}}


def assistant(calls, content: str = "", **extra) -> dict:
    """An assistant message with these (id, name, args) calls, as OpenAI clients send it."""
    msg = {"role": "assistant", "content": content, **extra}
    if calls:
        msg["tool_calls"] = [tool_call(*c) for c in calls]
    return msg


def output(template, message: dict, tools=PROBE_TOOLS, **kwargs) -> str | None:
    """What the model writes for `message` under `template` (arguments given as an object, else as
    the JSON string some templates want); None if the template cannot render it."""
    for as_string in (False, True):
        m = message
        if as_string:
            if not message.get("tool_calls"):
                return None
            m = {**message, "tool_calls": [{**c, "function": {**c["function"], "arguments": json.dumps(
                c["function"]["arguments"])}} for c in message["tool_calls"]]}
        try:
            return turn(template, m, tools, **kwargs)[1]
        except TemplateError:
            continue
    return None


def renders_calls(template, calls, **kwargs) -> str | None:
    """The output for an assistant message of `calls`, if every call's name is in it."""
    out = output(template, assistant(calls), **kwargs)
    if out is None or not all(name in out for _, name, _ in calls):
        return None
    return out


# -- reading the renders back -------------------------------------------------------------------

def reads_back(text: str, calls, format=None, tools=PROBE_TOOLS) -> str | None:
    """The format name that parses `text` to exactly `calls` (names and arguments); None if not."""
    try:
        msg = parse(text, tools=tools, format=format)
    except Exception:            # a format that cannot take this text at all
        return None
    got = [(c.name, c.arguments) for c in msg.tool_calls]
    if got != [(n, a) for _, n, a in calls] or msg.errors or msg.incomplete or _left_before(text, msg.content, calls):
        return None
    return msg.format or (format if isinstance(format, str) else getattr(format, "name", None))


def _left_before(text: str, content: str, calls) -> bool:
    """Markup the read left as text before the first call: the opener of a section the format
    does not know (`<zyphra_tool_call>` around Qwen3-Coder's `<function=…>`), so the format
    reads only the calls inside someone else's markup."""
    first = content.split(None, 1)
    if not first or not calls:
        return False
    at, name = text.find(first[0]), text.find(calls[0][1])
    return 0 <= at < name and any(c in first[0] for c in "<[|｜")


def _registry_format(texts, hint: str | None) -> str | None:
    """The registry's format that reads every probe render back.  Of the auto-detected one and
    the hint (the model name's, or the markup the template's text holds), the one whose opener
    the renders show wins, then the auto-detected one; when the renders show no marker at all
    (bare JSON), the hint.  Else the first format that reads them (by priority)."""
    # (`wrapped` reads a known body in any wrapper: a guess from a shape, no family's markup; a
    # template that writes such a wrapper gets a format derived from it, whose opener is a call's)
    read = {None if r and formats.get(r).shaped else r for r in (reads_back(t, c) for t, c in texts)}
    auto = read.pop() if len(read) == 1 and None not in read else None
    found = [f for f in (auto, hint) if f and (f == auto or all(reads_back(t, c, format=f) for t, c in texts))]

    def shown(name):
        f = formats.get(name)
        return any(o in t for o in (*f.openers, *f.tool_openers, *f.start_openers) if is_markup(o) for t, _ in texts)
    if found:
        marked = [f for f in found if shown(f)]
        return marked[0] if marked else found[-1]
    for f in formats.all_formats():
        if not f.shaped and all(reads_back(t, c, format=f.name) for t, c in texts):
            return f.name
    return None


# -- deriving the markup -----------------------------------------------------------------------

_TOKEN = re.compile(r"\x00[A-Z]+|<[^<>\n\x00]{1,64}>|\[[A-Za-z_]{2,32}\]|\s+|\w+|.", re.S)


def _tokens(s: str) -> list[str]:
    return _TOKEN.findall(s)


def _common_prefix(a: list, b: list) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def _common_suffix(a: list, b: list) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[-1 - n] == b[-1 - n]:
        n += 1
    return n


def _json_at(text: str, want) -> tuple[int, int] | None:
    """The span of a JSON object in `text` that decodes to `want` (a dict, or a predicate)."""
    dec = json.JSONDecoder()
    for m in re.finditer(r"\{", text):
        try:
            v, end = dec.raw_decode(text, m.start())
        except ValueError:
            continue
        if (want(v) if callable(want) else v == want):
            return m.start(), end
    return None


def _is_call(name, args):
    def ok(v):
        return isinstance(v, dict) and name in v.values() and any(
            x == args or x == json.dumps(args) for x in v.values())
    return ok


def _fields(out: str, calls):
    """`out` with FIELDS in place of each call's known values, and the PARAMS markup if any."""
    params = None
    trim = False
    pos, pieces = 0, []
    for cid, name, args in calls:
        span = _json_at(out[pos:], _is_call(name, args))
        kind = CALL
        if span is None:
            span, kind = _json_at(out[pos:], args), ARGS
        n = out.find(name, pos)
        if n < 0:
            return None
        if span is None:                               # key/value tags
            found = _params(out, n + len(name), args)
            if found is None:
                return None
            (start, end), params, trim = found
            span, kind = (start - pos, end - pos), PARAMS
        s, e = span[0] + pos, span[1] + pos
        head = out[pos:s]
        if kind != CALL:
            if name not in head:
                return None
            head = head.replace(name, NAME, 1)
        head = head.replace(cid, ID, 1)
        pieces += [head, kind]
        pos = e
    pieces.append(out[pos:])
    return "".join(pieces), params, trim


def _params(out: str, at: int, args: dict):
    """Key/value tags after a call's name: ((start, end) of them all, (key open, key close +
    value open, value close), values on lines of their own)."""
    marks = []
    i = at
    for k, v in args.items():
        k_at = out.find(k, i)
        v_at = out.find(str(v), k_at + len(k)) if k_at >= 0 else -1
        if v_at < 0:
            return None
        marks.append((k_at, k_at + len(k), v_at, v_at + len(str(v))))
        i = v_at + len(str(v))
    if len(marks) < 2:
        return None
    (k1, k1e, v1, v1e), (k2, k2e, v2, v2e) = marks[0], marks[1]
    after_name, between, tail = _tokens(out[at:k1]), _tokens(out[v1e:k2]), _tokens(out[v2e:])
    n_open = _common_suffix(after_name, between)
    n_close = min(_common_prefix(between, tail), len(between) - n_open)
    k_open = "".join(between[len(between) - n_open:]).strip()
    v_close = "".join(between[:n_close]).strip()
    first, other = out[k1e:v1].strip(), out[k2e:v2].strip()
    mid: str | tuple[str, str] = first
    if first != other:
        # attributes that differ per parameter (`string="true"` / `"false"`): a common start and end
        a, b = _tokens(first), _tokens(other)
        pre, suf = _common_prefix(a, b), _common_suffix(a, b)
        mid = ("".join(a[:pre]).strip(), "".join(a[len(a) - suf:]).strip())
        if not all(mid) or pre + suf > min(len(a), len(b)):
            return None
    if not k_open or not v_close or not mid:
        return None
    trim = out[k1e:v1].endswith("\n") and out[v1e:v1e + 1] == "\n"
    start = out.rfind(k_open, at, k1 + 1)
    end = out.find(v_close, v2e) + len(v_close)
    return (start, end), (k_open, mid, v_close), trim


def _literals(tokens) -> list[str]:
    """Tokens as parts: fields kept, text split at whitespace (whitespace is layout)."""
    parts, text = [], ""
    for t in tokens:
        if t in FIELDS:
            parts += text.split()
            parts.append(t)
            text = ""
        else:
            text += t
    return parts + text.split()


def derive(one: str, two: str | None) -> Markup | None:
    """The markup of the calls in `one` (the render of PROBE_CALLS[:1]) and `two` (of both)."""
    f1 = _fields(one, PROBE_CALLS[:1])
    if f1 is None:
        return None
    s1, params, trim = f1
    t1 = _tokens(s1)
    idx = [i for i, t in enumerate(t1) if t in FIELDS]
    head, body, tail = t1[:idx[0]], t1[idx[0]:idx[-1] + 1], t1[idx[-1] + 1:]
    f2 = _fields(two, PROBE_CALLS) if two else None
    if f2 is not None:
        t2 = _tokens(f2[0])
        idx2 = [i for i, t in enumerate(t2) if t in FIELDS]
        per = len(idx)
        if len(idx2) != 2 * per:
            return None
        mid = t2[idx2[per - 1] + 1:idx2[per]]
        n_open = _common_suffix(head, mid)
        n_close = min(_common_prefix(tail, mid), len(mid) - n_open)
        call_open, call_close = head[len(head) - n_open:], tail[:n_close]
        section_open, section_close = head[:len(head) - n_open], tail[n_close:]
        sep = mid[n_close:len(mid) - n_open]
    else:
        call_open, call_close, section_open, section_close, sep = head, tail, [], [], []
    call = _literals(call_open) + _literals(body) + _literals(call_close)
    opening, closing = "".join(section_open).strip(), "".join(section_close).strip()
    if call == [CALL]:
        # JSON call objects in a section, alone or in a list (`<tool_calls>[{…}, {…}]</tool_calls>`)
        opening, closing = opening.removesuffix("[").strip(), closing.removeprefix("]").strip()
        return Markup(call=(CALL,), section_open=opening, section_close=closing) if opening else None
    if not call or call[0] in FIELDS:
        # no literal opens a call: the section's last literal opens the (one) call
        lits = _literals(section_open)
        if not lits:
            return None
        call = lits[-1:] + call
        opening = opening[:opening.rindex(lits[-1])].strip()
    return Markup(call=tuple(call), section_open=opening, section_close=closing, sep="".join(sep).strip(),
                  params=params or (), trim_nl=trim)


def derived_format(template, **kwargs) -> Derived | None:
    """A format for the calls `template` renders, checked by reading its renders back."""
    one = renders_calls(template, PROBE_CALLS[:1], **kwargs)
    if one is None:
        return None
    two = renders_calls(template, PROBE_CALLS, **kwargs)
    one, two = _after_prelude(template, one, **kwargs), two and _after_prelude(template, two, **kwargs)
    try:
        markup = derive(one, two)
        if markup is not None and PARAMS in markup.call and _quotes_as_xml(template, **kwargs):
            markup = dataclasses.replace(markup, xml=True)
        fmt = Derived(markup) if markup is not None else None
    except (ValueError, IndexError):          # markup this cannot describe
        return None
    if fmt is None:
        return None
    checks = [(one, PROBE_CALLS[:1])] + ([(two, PROBE_CALLS)] if two else [])
    if not all(reads_back(t, c, format=fmt) for t, c in checks):
        return None
    fmt.knows(template_tokens(template))
    return fmt




# A value holding markup: a template that quotes it as XML does (MiniCPM5's CDATA) says its
# values are XML text, to be read back the same way.
QUOTED = "Zq<b> & c"


def _quotes_as_xml(template, **kwargs) -> bool:
    cid, name, args = PROBE_CALLS[0]
    out = renders_calls(template, [(cid, name, {**args, "city": QUOTED})], **kwargs) or ""
    return "<![CDATA[" + QUOTED in out or "Zq&lt;b&gt; &amp; c" in out


def _after_prelude(template, out: str, **kwargs) -> str:
    """`out` less what the template writes before any answer (an empty thinking block): the
    part it shares with a plain answer's render."""
    plain = output(template, assistant([], content=END_PROBE), **kwargs) or ""
    n = _common_prefix(_tokens(plain), _tokens(out))
    return "".join(_tokens(out)[n:])


def call_separator(template) -> str | None:
    """The whitespace `template` writes between an assistant message's content and its first call
    (`"\n"` for Qwen's `content + '\n' + '<tool_call>'`), so that a turn's content can be given
    back with the model's own whitespace less exactly that; None when it cannot render a call
    after content."""
    cid, name, args = PROBE_CALLS[0]
    both = output(template, assistant([(cid, name, args)], content=END_PROBE))
    alone = renders_calls(template, PROBE_CALLS[:1])
    if both is None or alone is None or END_PROBE not in both or name not in both:
        return None
    rest = both[both.index(END_PROBE) + len(END_PROBE):]
    call = _after_prelude(template, alone).lstrip()
    if not call or not rest.endswith(call):
        return None
    sep = rest[:len(rest) - len(call)]
    # (the whitespace before any markup the template writes there: Functionary's `>>>`)
    return sep[:len(sep) - len(sep.lstrip())]


# -- the whole answer --------------------------------------------------------------------------

def prompt_tail(template, **kwargs) -> str:
    """The generation prompt `template` writes after a user turn, trailing whitespace stripped."""
    return render(template, [USER], PROBE_TOOLS, add_generation_prompt=True, **kwargs).rstrip()


def opens_under(template, switches: dict) -> bool | None:
    """Does the generation prompt end inside a thinking block with these template variables set?
    None if it cannot be rendered with them (a request's variables may be anything, even ones
    named like the render's own arguments: `messages`, `tools`)."""
    try:
        return tail_state(prompt_tail(template, **switches))[0] == "open"
    except (TemplateError, TypeError):
        return None


def thinking(template) -> tuple[bool, bool, str | None] | None:
    """(opens by default, the request's switch changes it, the syntax opened) from the rendered
    generation prompt; None if it cannot be rendered."""
    ends = {}
    # (Hy3 switches thinking by `reasoning_effort` alone: high opens `<think:opensource>`)
    on, off = {**dict.fromkeys(SWITCHES, True), "reasoning_effort": "high"}, dict.fromkeys(SWITCHES, False)
    for state, env in (("unset", {}), ("on", on), ("off", off)):
        try:
            ends[state] = tail_state(prompt_tail(template, **env))
        except TemplateError:
            if state == "unset":
                return None
            ends[state] = ends["unset"]
    default = ends["unset"]
    syntax = next((e[1] for e in (default, ends["on"]) if e[0] == "open"), None)
    return default[0] == "open", ends["on"][0] != ends["off"][0], syntax


def shape(template, hint: str | None = None) -> tuple[Shape, Derived | None] | None:
    """The Shape a rendered template shows, and a derived format when no registered one reads its
    calls; None if the template cannot be rendered at all."""
    think = thinking(template)
    if think is None:
        return None
    fmt, derived = None, None
    one = renders_calls(template, PROBE_CALLS[:1])
    if one is not None:
        texts = [(one, PROBE_CALLS[:1])]
        two = renders_calls(template, PROBE_CALLS)
        if two is not None:
            texts.append((two, PROBE_CALLS))
        fmt = _registry_format(texts, hint)
        if fmt is None:
            derived = derived_format(template)
            fmt = derived.name if derived else None
    return Shape(fmt, *think), derived
