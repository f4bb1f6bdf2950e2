"""A checkpoint's `response_template` (the declarative output format transformers reads) as a
streaming format (docs/library.md#response-template).

transformers' and vLLM's readers of it deliver a call whole once its region closes; here the
template's `tool_calls` field becomes parts (formats/_parts.py): its `open` (or `open_pattern`)
and `close` are the wrapper, its `content` and `transform` say the body, so the name streams
first and the arguments as deltas.  What the template says that no part reads (a `content_args`
JSON dialect, a transform of other keys) is a ValueError, never a silent misreading.
"""
from __future__ import annotations

import json
import re

from . import MAYBE, NO, YES, Format
from ._json import LOOK_MAX, call_object
from ._parts import JsonCalls, _closer, _longest
from ._xml import Dialect, Tag
from ._xml import call as xml_call
from ..reader import Reject, Truncated, more

# The keys a call object may name its tool and arguments by (what _json.call_object reads).
_NAME_KEYS = ("name", "tool_name")
_ARGS_KEYS = ("arguments", "parameters", "args", "input")
_META = set(".^$*+?{}[]()|\\")


def literal_prefix(pattern: str) -> str:
    """The literal text every match of `pattern` begins with (`<\\|channel\\|>` → `<|channel|>`)."""
    out, i = [], 0
    while i < len(pattern):
        c = pattern[i]
        if c == "\\" and i + 1 < len(pattern) and not pattern[i + 1].isalnum():
            out.append(pattern[i + 1])
            i += 2
            continue
        if c in _META:
            if c in "*?{" and out:
                out.pop()              # (the character before a quantifier may be absent)
            break
        out.append(c)
        i += 1
    return "".join(out)


def _placeholder(v) -> str | None:
    """`"{x}"` → `x` (a transform's reference to a captured group or the region's content)."""
    if isinstance(v, str) and v.startswith("{") and v.endswith("}") and v.count("{") == 1:
        return v[1:-1]
    return None


class ResponseTemplate(Format):
    """The `tool_calls` field of a response_template, read as parts."""

    syntax = "json"

    def __init__(self, template: dict, name: str = "response_template"):
        field = (template.get("fields") or {}).get("tool_calls")
        if not isinstance(field, dict):
            raise ValueError("the response_template has no tool_calls field")
        self.name, self.description = name, "a checkpoint's response_template"
        close = field.get("close")
        if not isinstance(close, str) or not close:
            raise ValueError("tool_calls: a literal `close` is needed to stream the calls")
        self.closer, self.closes = close, (close,)
        if field.get("open"):
            self.pattern = None
            self.openers = (field["open"],)
        elif field.get("open_pattern"):
            self.pattern = re.compile(field["open_pattern"], re.S)
            lead = literal_prefix(field["open_pattern"])
            if not lead:
                raise ValueError("tool_calls: open_pattern must begin with a literal")
            self.openers = (lead,)
        else:
            raise ValueError("tool_calls: no `open` or `open_pattern`")
        fn = (field.get("transform") or {}).get("function")
        content = field.get("content", "text")
        args = field.get("content_args") or {}
        self.named = False                 # the name is the opener's `name` group
        if content == "json":
            if set(args) - {"strip"}:
                raise ValueError(f"tool_calls: content_args {sorted(args)} are not read")
            if _placeholder(fn) == "content":
                self.body = "calls"        # the region holds call objects
            elif isinstance(fn, dict) and _placeholder(fn.get("name")) == "name" and \
                    _placeholder(fn.get("arguments")) == "content":
                self.body, self.named = "arguments", True
            elif isinstance(fn, dict) and self._keys(fn):
                self.body = "calls"        # objects whose keys the transform names
            else:
                raise ValueError(f"tool_calls: transform {fn!r} is not read")
        elif content == "xml-inline":
            tag = args.get("tag_pattern", "")
            head, sep, tail = tag.partition("(?P<value>")
            if not (sep and "(?P<key>" in head and isinstance(fn, dict)
                    and _placeholder(fn.get("name")) == "name" and _placeholder(fn.get("arguments")) == "content"):
                raise ValueError("tool_calls: xml-inline needs a tag_pattern with key and value groups")
            param, value_close = literal_prefix(head), literal_prefix(tail.split(")", 1)[-1].replace(r"\s*", ""))
            if not param or not value_close:
                raise ValueError("tool_calls: the tag_pattern's tags must begin with literals")
            opening = head.rstrip("\\s*")
            self.body, self.named = "params", True
            self.dialect = Dialect(call=Tag(("\x00",), "\x00"), call_close=(close,),
                                   param=Tag((param,), opening, end=">"), value_close=(value_close,),
                                   trim_nl=True)
        else:
            raise ValueError(f"tool_calls: content {content!r} is not read")
        if self.named and (self.pattern is None or "name" not in self.pattern.groupindex):
            raise ValueError("tool_calls: the name must be the open_pattern's `name` group")

    @staticmethod
    def _keys(fn: dict) -> bool:
        """Does the transform take the name and arguments from keys call_object reads?"""
        name, args = _placeholder(fn.get("name")), _placeholder(fn.get("arguments"))
        return name is not None and args is not None and name.split(".")[-1] in _NAME_KEYS \
            and args.split(".")[-1] in _ARGS_KEYS

    def decide(self, opener, look, eof, ctx):
        if self.pattern is None:
            return YES
        m = self.pattern.match(opener + look[:LOOK_MAX])
        if m is not None and (m.end() < len(opener) + len(look) or eof):
            return YES
        return NO if eof or len(look) >= LOOK_MAX else MAYBE

    def parse(self, r, ctx, opener):
        name = None
        if self.pattern is not None:
            while True:                    # the opener's whole match (its name group)
                m = self.pattern.match(opener + r.buf[r.pos:])
                if m is not None and (m.end() < len(opener) + len(r.buf) - r.pos or r.eof):
                    r.pos += m.end() - len(opener)
                    name = m.groupdict().get("name")
                    break
                if not (yield from more(r)):
                    raise Truncated("cut off in the call's opener") if m is None else Reject("no call")
        if self.body == "calls":
            yield from JsonCalls().read(r, ctx, opener, self.closes, "json")
            return
        name = ctx.check((name or "").strip())
        if self.body == "arguments":
            yield from call_object(r, ctx, name=name)
        else:
            yield from xml_call(r, ctx, self.dialect, name)
            return                         # (the call's closer is the region's)
        yield from _closer(r, _longest(self.closes))


_built: dict[str, ResponseTemplate] = {}


def response_format(template: dict) -> ResponseTemplate:
    """The format of a checkpoint's response_template (its tool_calls field); built once per
    template (a server passes the same one with every request)."""
    key = json.dumps(template, sort_keys=True, default=str)
    hit = _built.get(key)
    if hit is None:
        if len(_built) >= 64:
            _built.clear()
        hit = _built[key] = ResponseTemplate(template)
    return hit
