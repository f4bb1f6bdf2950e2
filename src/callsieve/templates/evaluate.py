"""Just enough of Jinja's and Go's template expressions to tell which branch a chat template's
generation prompt takes (`read`).  Not a renderer: no loops, no macros, no calls.

Every name the template does not get is *undefined*, as when a server renders the prompt for a
request that set nothing: falsy, equal to nothing, `is defined` false, `default(x)` gives x.
An expression this cannot read raises `Unreadable`; the caller then takes it as false / empty.
"""
from __future__ import annotations

import ast
import re


MAX_NESTING = 64       # blocks or parentheses nested deeper: the template is not read (no recursion on depth)


class Unreadable(ValueError):
    pass


class _Undefined:
    def __bool__(self):
        return False

    def __str__(self):
        return ""

    def __repr__(self):
        return "UNDEFINED"


UNDEFINED = _Undefined()
_CONST = {"true": True, "True": True, "false": False, "False": False, "none": None, "None": None}

# -- Jinja -----------------------------------------------------------------------------------
_JTOK = re.compile(r"""\s*(?:(?P<str>'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")|(?P<num>\d+(?:\.\d+)?)
                   |(?P<name>[A-Za-z_][A-Za-z0-9_]*)|(?P<op>==|!=|<=|>=|[()\[\].,|~+\-*/<>:%]))""", re.S | re.X)
_TESTS_WITH_ARG = {"sameas", "eq", "equalto", "ne", "gt", "lt", "ge", "le", "divisibleby"}
_COMPARE = {"==": lambda a, b: a == b, "!=": lambda a, b: a != b}


def _tokens(src: str, pattern) -> list[tuple[str, str]]:
    out, pos, src = [], 0, src.strip()
    while pos < len(src):
        m = pattern.match(src, pos)
        if not m or m.end() == pos:
            raise Unreadable(src[pos:pos + 20])
        out.append((m.lastgroup, m.group(m.lastgroup)))
        pos = m.end()
    return out


class Jinja:
    """Evaluates one Jinja expression against `env` (a dict; missing names are undefined)."""

    def __init__(self, src: str, env: dict):
        self.toks, self.i, self.env, self.depth = _tokens(src, _JTOK), 0, env, 0

    @classmethod
    def value(cls, src: str, env: dict):
        p = cls(src, env)
        v = p.ternary()
        if p.i != len(p.toks):
            raise Unreadable(src)
        return v

    def peek(self, *words) -> bool:
        return self.i < len(self.toks) and self.toks[self.i][1] in words

    def take(self, *words) -> str | None:
        if self.peek(*words):
            self.i += 1
            return self.toks[self.i - 1][1]
        return None

    def need(self, word: str) -> None:
        if not self.take(word):
            raise Unreadable(f"expected {word}")

    def ternary(self):
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise Unreadable("nested too deeply")
        v = self.or_()
        if self.take("if"):
            cond = self.or_()
            other = self.ternary() if self.take("else") else UNDEFINED
            v = v if cond else other
        self.depth -= 1
        return v

    def or_(self):
        v = self.and_()
        while self.take("or"):
            w = self.and_()
            v = v or w
        return v

    def and_(self):
        v = self.not_()
        while self.take("and"):
            w = self.not_()
            v = v and w
        return v

    def not_(self):
        n = 0
        while self.take("not"):                # counted, not recursed
            n += 1
        v = self.compare()
        return (not v) if n % 2 else (bool(v) if n else v)

    def compare(self):
        v = self.concat()
        while True:
            if (op := self.take("==", "!=")):
                v = _COMPARE[op](v, self.concat())
            elif self.take("in"):
                w = self.concat()
                v = isinstance(w, (str, list, dict)) and v in w
            elif self.peek("not") and self.i + 1 < len(self.toks) and self.toks[self.i + 1][1] == "in":
                self.i += 2
                w = self.concat()
                v = not (isinstance(w, (str, list, dict)) and v in w)
            elif self.take("is"):
                negate = bool(self.take("not"))
                kind, name = self.toks[self.i] if self.i < len(self.toks) else ("", "")
                if kind != "name":
                    raise Unreadable("a test name")
                self.i += 1
                arg = self.primary() if name in _TESTS_WITH_ARG else None
                v = _test(name, v, arg) != negate
            else:
                return v

    def concat(self):
        v = self.filtered()
        while (op := self.take("+", "~")):
            w = self.filtered()
            if op == "~" or isinstance(v, (str, _Undefined)) or isinstance(w, (str, _Undefined)):
                v = f"{v}{w}"
            else:
                v = v + w
        return v

    def filtered(self):
        v = self.primary()
        while self.take("|"):
            name = self.toks[self.i][1] if self.i < len(self.toks) else ""
            self.i += 1
            args = self.args() if self.peek("(") else []
            v = _filter(name, v, args)
        return v

    def args(self) -> list:
        self.need("(")
        out = []
        while not self.take(")"):
            if self.i + 1 < len(self.toks) and self.toks[self.i + 1][1] == "=":
                self.i += 2                      # a keyword argument: its value only
            out.append(self.ternary())
            self.take(",")
            if self.i >= len(self.toks):
                raise Unreadable("unclosed call")
        return out

    def primary(self):
        if self.i >= len(self.toks):
            raise Unreadable("end of expression")
        kind, tok = self.toks[self.i]
        self.i += 1
        if kind == "str":      # Jinja strings may span lines; Python's may not
            v = ast.literal_eval(tok.replace("\r", "\\r").replace("\n", "\\n"))
        elif kind == "num":
            v = ast.literal_eval(tok)
        elif tok == "(":
            v = self.ternary()
            self.need(")")
        elif tok == "-":
            minus = 1
            while self.take("-"):              # a chain of signs, counted (no recursion)
                minus += 1
            v = self.primary()
            v = (-v if minus % 2 else v) if isinstance(v, (int, float)) else UNDEFINED
        elif kind == "name":
            v = _CONST[tok] if tok in _CONST else self.env.get(tok, UNDEFINED)
        else:
            raise Unreadable(tok)
        while True:                              # attributes, items, calls: none is known
            if self.take("."):
                self.i += 1
                v = UNDEFINED
            elif self.peek("["):
                self.i += 1
                self.ternary()
                self.need("]")
                v = UNDEFINED
            elif self.peek("("):
                self.args()
                v = UNDEFINED
            else:
                return v


def _test(name: str, v, arg) -> bool:
    if name == "defined":
        return v is not UNDEFINED
    if name == "undefined":
        return v is UNDEFINED
    if name in ("none", "true", "false"):
        return v is {"none": None, "true": True, "false": False}[name]
    if name == "sameas":
        return v is arg
    if name in ("eq", "equalto"):
        return v == arg
    if name == "ne":
        return v != arg
    if name == "string":
        return isinstance(v, str)
    if name == "boolean":
        return isinstance(v, bool)
    return False


def _filter(name: str, v, args: list):
    if name in ("default", "d"):
        falsy_too = len(args) > 1 and bool(args[1])
        return args[0] if args and (v is UNDEFINED or (falsy_too and not v)) else v
    if name == "bool":
        return bool(v) if not isinstance(v, str) else v.lower() in ("true", "yes", "on", "1")
    if name in ("trim", "lower", "upper", "string"):
        s = str(v)
        return {"trim": s.strip(), "lower": s.lower(), "upper": s.upper(), "string": s}[name]
    return UNDEFINED


# -- Go (Ollama's templates) -------------------------------------------------------------------
_GTOK = re.compile(r"""\s*(?:(?P<str>"(?:[^"\\]|\\.)*"|`[^`]*`)|(?P<op>[()])|(?P<name>[^\s()"`]+))""", re.S)
_GO_FUNCS = {"and", "or", "not", "eq", "ne", "len", "slice", "index", "gt", "lt", "ge", "le", "print", "printf"}


def go_value(src: str, env: dict):
    """A Go template pipeline: `.Think` / `$.Think` is the request's thinking switch and
    `.IsThinkSet` whether the request set it (Ollama's names); `$last` is true (the generation
    prompt is written after the last message); anything else is undefined."""
    toks = _tokens(src, _GTOK)
    v, i = _go_command(toks, 0, env)
    if i != len(toks):
        raise Unreadable(src)
    return v


def _go_command(toks, i, env):
    if i < len(toks) and toks[i][1] in _GO_FUNCS:
        name, args, i = toks[i][1], [], i + 1
        while i < len(toks) and toks[i][1] != ")":
            a, i = _go_operand(toks, i, env)
            args.append(a)
        return _go_call(name, args), i
    return _go_operand(toks, i, env)


def _go_operand(toks, i, env):
    if i >= len(toks):
        raise Unreadable("end of pipeline")
    kind, tok = toks[i]
    if tok == "(":
        v, i = _go_command(toks, i + 1, env)
        if i >= len(toks) or toks[i][1] != ")":
            raise Unreadable("unclosed (")
        return v, i + 1
    if kind == "str":
        return (tok[1:-1] if tok[0] == "`" else ast.literal_eval(tok)), i + 1
    if tok in ("true", "false"):
        return tok == "true", i + 1
    if tok.lstrip("$") in (".Think",):
        return env.get("thinking", False), i + 1
    if tok.lstrip("$") in (".IsThinkSet",):
        return "thinking" in env, i + 1
    if tok == "$last":
        return True, i + 1
    return UNDEFINED, i + 1


def _go_call(name: str, args: list):
    if name == "not":
        return not (args[0] if args else UNDEFINED)
    if name == "and":
        for a in args:
            if not a:
                return a
        return args[-1] if args else UNDEFINED
    if name == "or":
        for a in args:
            if a:
                return a
        return args[-1] if args else UNDEFINED
    if name in ("eq", "ne") and len(args) >= 2:
        same = args[0] is not UNDEFINED and any(args[0] == b for b in args[1:])
        return same if name == "eq" else not same
    return UNDEFINED
