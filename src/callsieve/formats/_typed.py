"""Schema-typed values: bare text written as typed JSON (docs/syntax.md#schema-typed).

XML-like families (Qwen3-Coder, GLM, MiniMax, DSML…) write argument values as bare text; the
request's tool JSON schema decides the type.  `string` keeps the raw text even if it reads `42`;
`integer`, `number`, `boolean`, `null`, `object` and `array` are parsed; without a schema a value
is "JSON if it parses, else string".

`Value` writes one such value to an `Args` as it arrives.  A value that is (or has become) a
string streams at once (`str_begin`, `text` pieces, `str_end`); one that may still be a typed
value is buffered, which is only ever short (a number or a word) unless the text starts like an
object or array, and written parsed at its end.  Nothing is re-serialised: each character is
written once.
"""
from __future__ import annotations

import re

from ..jsonargs import Args, loads, utf8_len
from . import Context, parameters

KINDS = frozenset(("string", "integer", "number", "boolean", "null", "object", "array"))
STRING = frozenset(("string",))
ANY = None                       # no schema: "JSON if it parses, else string"

_PY = {str: "string", bool: "boolean", int: "integer", float: "number", type(None): "null",
       list: "array", dict: "object"}


def kinds(schema, root=None, depth: int = 0):
    """The JSON types a schema allows (a frozenset), or None when it says nothing usable.

    Resolves `type` (a name or a list), `anyOf` / `oneOf` / `allOf`, local `$ref`s, `enum` and
    `const`, and infers `object` / `array` from `properties` / `items`.
    """
    if not isinstance(schema, dict) or depth > 16:
        return None
    ref = schema.get("$ref")
    if isinstance(ref, str):
        return kinds(_deref(root, ref), root, depth + 1)
    t = schema.get("type")
    if isinstance(t, str):
        t = [t]
    if isinstance(t, list):
        found = frozenset(x for x in t if x in KINDS)
        if found:
            return found
    for k in ("anyOf", "oneOf", "allOf"):
        subs = schema.get(k)
        if isinstance(subs, list) and subs:
            parts = [kinds(s, root, depth + 1) for s in subs]
            if any(p is None for p in parts):
                if k != "allOf":
                    return None
                parts = [p for p in parts if p is not None]
                if not parts:
                    continue
            return frozenset().union(*parts)
    if "enum" in schema and isinstance(schema["enum"], list) and schema["enum"]:
        return frozenset(_PY.get(type(v), "string") for v in schema["enum"])
    if "const" in schema:
        return frozenset((_PY.get(type(schema["const"]), "string"),))
    if "properties" in schema:
        return frozenset(("object",))
    if "items" in schema:
        return frozenset(("array",))
    return None


def _deref(root, ref: str):
    if not ref.startswith("#") or not isinstance(root, dict):
        return None
    node = root
    for part in ref[1:].split("/"):
        if not part:
            continue
        part = part.replace("~1", "/").replace("~0", "~")
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node


def param_kinds(ctx: Context, tool: str, key: str):
    """The types allowed for parameter `key` of `tool` by the request's tools (None: unknown)."""
    schema = ctx.schema(tool, key)
    if schema is None:
        return None
    return kinds(schema, parameters(ctx, tool))


# ------------------------------------------------------------------------------ parsing a value

_WORDS = {"true": True, "false": False, "null": None, "True": True, "False": False, "None": None,
          "TRUE": True, "FALSE": False, "NULL": None}


def _fits(obj, allowed) -> bool:
    if allowed is None:
        return True
    k = _PY.get(type(obj))
    return k in allowed or (k == "integer" and "number" in allowed)


def convert(text: str, allowed, inner: bool = False):
    """Read `text` as a typed value under `allowed` kinds: (True, value), or (False, None) when
    it is to be kept as the raw string."""
    s = text.strip()
    if not s:
        return False, None
    try:
        obj = loads(s)                # strict: no NaN, no 1e999, no duplicate keys
    except (ValueError, RecursionError):
        if s in _WORDS:
            obj = _WORDS[s]
        elif allowed is not None and "string" not in allowed and s[0] in "{[(":
            if not inner and '\\"' in s:
                # JSON escaped once too often, its quotes written `\"` (GLM-4.7 / 5.x: the
                # inside of a JSON string without the string's own quotes): read it unescaped.
                unescaped = _unescape(s)
                if unescaped is not None:
                    return convert(unescaped, allowed, True)
            # Not JSON, and it cannot be a string: models write Python ({'k': 'v'}, [1, True]).
            # Adjacent strings stay apart: `{"k": "a" "b"}` is a mistyped object, not "ab".
            from ._pythonic import literal
            try:
                obj = literal(s, join=False)
            except ValueError:
                return False, None
        else:
            return False, None
    if allowed is None:
        return True, obj                          # no schema: JSON if it parses
    if isinstance(obj, str):
        if "string" not in allowed and not inner:
            # An object or list written as a JSON string ("{\"k\": 1}"): read it once more.
            return convert(obj, allowed, True)
        return False, None                        # typed kinds never come from a quoted string
    if isinstance(obj, float) and obj.is_integer() and "integer" in allowed and "number" not in allowed:
        obj = int(obj)
    if _fits(obj, allowed) or "string" not in allowed:
        # Not of the declared kind and no string reading allowed: the parsed JSON is still more
        # faithful than anything else we could make of it.
        return True, obj
    return False, None


def _json_string(text: str) -> str | None:
    """`text` (blanks around it aside) as exactly one JSON string literal, decoded; else None."""
    s = text.strip()
    if len(s) < 2 or s[0] != '"' or s[-1] != '"':
        return None
    try:
        out = loads(s)
    except (ValueError, RecursionError):
        return None
    return out if isinstance(out, str) else None


def _unescape(s: str) -> str | None:
    """`s` read as the inside of a JSON string (`[{\\"k\\": 1}]` → `[{"k": 1}]`), or None."""
    try:
        out = loads('"' + s + '"')
    except (ValueError, RecursionError):
        return None
    return out if isinstance(out, str) else None


# What a typed value may start with, per kind (tolerant spellings included).
_NUMBER_PREFIX = re.compile(r"-?\d*(?:\.\d*)?(?:[eE][+-]?\d*)?\s*\Z")
_WORD_LIST = {"boolean": ("true", "false", "True", "False", "TRUE", "FALSE"),
              "null": ("null", "None", "NULL")}
UNDECIDED_MAX = 64               # a number or a word is never longer than this
HELD_MAX = 4096                  # nor is the whitespace before it


def _could_be_scalar(s: str, allowed) -> bool:
    """Could `s` (no leading whitespace) still become a number or word of an allowed kind?"""
    if (allowed is None or "number" in allowed or "integer" in allowed) and _NUMBER_PREFIX.match(s):
        return True
    word = s.rstrip()
    ended = len(word) != len(s)                   # whitespace after it: the word is complete
    for k, words in _WORD_LIST.items():
        if allowed is None or k in allowed:
            if any(word == w or (not ended and w.startswith(word)) for w in words):
                return True
    return False


class Value:
    """One bare-text value, fed piece by piece, written to `a` as typed JSON.

    `allowed` is a frozenset of JSON kinds (`STRING`: always a string) or None (no schema).
    `trim_nl`: exactly one leading and one trailing newline are syntax, not value (Qwen3-Coder);
    `None`: the value's own first character says (`led`): a value that starts with a newline is
    laid out, one newline at each end; one that does not keeps its newlines.
    `hold_nl`: a trailing newline is held until the value ends, and dropped if it was the line
    break before the next tag of a value whose closer is missing (end(layout=True)).
    `quoted`: the family writes values as JSON, so a value that may be a string and is exactly one
    JSON string literal (`"Seoul"`) is that string (held whole until its end to know that).
    """

    __slots__ = ("a", "allowed", "mode", "held", "size", "lead", "tail", "limit", "keep_nl", "led", "by_lead", "quoted")

    def __init__(self, a: Args, allowed, trim_nl: bool | None = False, limit: int | None = None,
                 hold_nl: bool = False, quoted: bool = False):
        self.a = a
        self.allowed = allowed
        self.quoted = quoted
        self.held: list[str] = []
        self.size = 0
        self.by_lead = trim_nl is None   # the first character decides whether to trim
        self.lead = trim_nl is not False  # a leading newline may still come (and be dropped)
        self.led = False              # …and came
        self.tail = "" if trim_nl is not False or hold_nl else None   # a held trailing newline
        self.keep_nl = not trim_nl    # the held newline is value when the value's closer follows
        self.limit = limit if limit is not None else a.limit
        if allowed is not None and allowed == STRING and not quoted:
            self.mode: str | None = "str"
            a.str_begin()
        elif allowed is not None and "string" not in allowed:
            self.mode = "buf"         # no string reading: parse it at the end
        else:
            self.mode = None          # undecided: a string, or a typed value?

    def feed(self, piece: str) -> None:
        if not piece:
            return
        if self.lead:
            self.lead = False
            if piece[0] == "\n":
                piece = piece[1:]
                self.led = True
            if self.by_lead:          # laid out: the newline before the closer is layout too
                self.keep_nl = not self.led
        if self.tail is not None:
            if self.tail:
                piece = self.tail + piece
            if piece.endswith("\n"):
                self.tail, piece = "\n", piece[:-1]
            else:
                self.tail = ""
            if not piece:
                return
        mode = self.mode
        if mode == "str":
            self.a.text(piece)
            return
        if mode == "drop":
            return
        self.held.append(piece)
        self.size += utf8_len(piece)         # (max_call_bytes counts UTF-8 bytes)
        if mode is None:
            self._decide()            # (and held whole from now on: the same size check)
        if self.mode == "buf" and self.limit is not None and self.size > self.limit:
            # Too large to hold until it ends: the call's arguments stop here (the call is then
            # incomplete), and the rest of the value is read but not kept.
            self.a.go_over()
            self.held.clear()
            self.mode = "drop"

    def _decide(self) -> None:
        text = "".join(self.held)
        self.held[:] = [text]
        s = text.lstrip()
        if not s and len(text) <= HELD_MAX:
            return
        c = s[:1]
        if c and c in "{[" or (c == '"' and (self.allowed is None or self.quoted)):
            if self.allowed is None or ("object" if c == "{" else "array") in self.allowed or c == '"':
                self.mode = "buf"     # JSON text: read it whole at the end
                return
        elif len(s) <= UNDECIDED_MAX and len(text) <= HELD_MAX and _could_be_scalar(s, self.allowed):
            return
        self.mode = "str"             # it cannot be anything but a string: stream it from now
        self.held.clear()
        self.a.str_begin()
        self.a.text(text)

    def flush(self) -> None:
        """Write a held trailing newline that is value (not trim_nl's syntax)."""
        if self.tail and self.keep_nl:
            self.tail = None
            self.feed("\n")

    def end(self, layout: bool = False) -> None:
        """The value is complete: write it (a streamed string is closed).  `layout`: its closer
        was missing, so a held trailing newline was the line break before the next tag."""
        if not layout:
            self.flush()
        if self.mode == "str":
            self.a.str_end()
            return
        if self.mode == "drop":
            return
        text = "".join(self.held)
        self.held.clear()
        if self.quoted and (self.allowed is None or "string" in self.allowed):
            found = _json_string(text)
            if found is not None:
                self.a.value(found)
                return
        typed, obj = convert(text, self.allowed)
        if typed:
            self.a.value(obj)
            return
        self.a.string(text)           # (the arguments as they would be: what the model wrote)
        what = refused(text.strip(), self.allowed)
        if what is not None:
            self.a.refuse(f"a value that is not {what}: {text.strip()[:40]!r}", text)


# Proper prefixes of the literal words (3+ characters): a literal cut or misspelt (`tru`, `fals`).
_NEAR_LITERALS = frozenset(w[:n] for w in _WORDS for n in range(3, len(w)))


def refused(s: str, allowed) -> str | None:
    """A bare value `s` that did not parse under `allowed`: what it should have been, if that
    makes the call not runnable (None: it is the string it reads as).  A value of a parameter
    typed without `string` (`tru` for a boolean); a value read as "JSON if it parses" (no schema
    for the parameter) that is a near-miss of a literal (`tru`): the same call written in JSON
    would not parse, so neither does this one (docs/guarantees.md)."""
    if allowed is not None and "string" not in allowed:
        return " or ".join(sorted(allowed))
    if allowed is None and s in _NEAR_LITERALS:
        return "a JSON literal"
    return None
