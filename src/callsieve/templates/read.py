"""What a chat template tells before the first turn, read without rendering it: the tool-call
format and whether the generation prompt opens a thinking block (for `seed.seed_session`, when
jinja2 is missing or the template is Ollama's Go), the special tokens it writes, and the
template text from what servers carry (a list form, a tokenizer_config.json dict, a file).

The branch that writes the generation prompt (Jinja's `{% if add_generation_prompt %}`,
Ollama's Go `{{ if $last }}`) is followed with its nested conditions evaluated three times — the
request's thinking switch on, off, and unset — by `evaluate`.  The format comes from the
tool-call markup the template writes, scored against the registry's own markers.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .. import formats
from ..markers import control_shape
from ..reasoning import SYNTAXES
from .evaluate import MAX_NESTING, UNDEFINED, Jinja, Unreadable, go_value

# The request keys that switch thinking (as reasoning.thinking_of reads them).
SWITCHES = ("enable_thinking", "thinking")


@dataclass(frozen=True)
class Shape:
    format: str | None          # the tool-call format the template writes (a hint)
    opens_thinking: bool        # the generation prompt ends inside a thinking block by default
    thinking_switch: bool       # ...and a request's enable_thinking / thinking changes that
    syntax: str | None = None   # the thinking syntax the prompt opens (reasoning.SYNTAXES name)


def chat_template_of(template) -> str:
    """A template string from what Hugging Face / servers carry: a string, or a list of
    {"name", "template"} (the "default" one, else the first)."""
    if isinstance(template, str):
        return template
    if isinstance(template, list):
        named = [t for t in template if isinstance(t, dict) and isinstance(t.get("template"), str)]
        for t in named:
            if t.get("name") == "default":
                return t["template"]
        return named[0]["template"] if named else ""
    return ""


# A special token written in a template's text (`'<|im_end|>'`, `<｜hy_eos:opensource｜>`).
_TEMPLATE_TOKEN = re.compile(r"<[|｜][^\s<>'\"{}%|｜]{1,48}[|｜]>")


# The end token a template names itself (`{%- set eos_token = '<eos:6124c78e>' %}`: Hy-MT2 writes
# its own instead of the tokenizer's), whatever its shape: the template says it is a token.
_SET_EOS = re.compile(r"""\{%-?\s*set\s+eos_token\s*=\s*(['"])([^'"\s{}]{2,64})\1""")


def template_tokens(template) -> tuple:
    """The special tokens a chat template writes (and its tokenizer_config's bos / eos, and the
    eos_token it sets itself): the family's control tokens, markup wherever the derived parser
    does not consume them."""
    text = chat_template_of(template.get("chat_template") if isinstance(template, dict) else template) or ""
    found = set(_TEMPLATE_TOKEN.findall(text))
    declared = {m.group(2) for m in _SET_EOS.finditer(text)}
    if isinstance(template, dict):
        for k in ("bos_token", "eos_token"):
            v = template.get(k)
            v = v.get("content") if isinstance(v, dict) else v
            if isinstance(v, str) and control_shape(v):
                found.add(v)
    return tuple(sorted({t for t in found if control_shape(t)} | declared))


def load(path: str):
    """A chat template from a file, as `--chat-template FILE` takes it: a Jinja (or Go) template,
    or a JSON file (a tokenizer_config.json, a list form, or a JSON string)."""
    import json
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        v = json.loads(text)
    except ValueError:
        return text
    return v if isinstance(v, (dict, list, str)) else text


def inspect(template, model: str | None = None) -> Shape:
    """`template`: a chat template (string or list form), or a whole tokenizer_config.json dict
    (its `chat_template`; a `response_template` / `response_schema` describes the output, so its
    markup decides the format first)."""
    response = ""
    if isinstance(template, dict):
        response = "\n".join(_strings([template.get("response_template"), template.get("response_schema")]))
        response = re.sub(r"\\([^\w\s])", r"\1", response)     # the schema's regexes: \[TOOL_CALLS\]
        template = template.get("chat_template")
    text = chat_template_of(template)
    hint = formats.for_model(model) if model else None
    fmt = format_in(response, hint) or format_in(text, hint) or hint
    try:
        tree = parse_tree(text)
        ends = {state: prompt_end(tree, env) for state, env in
                (("on", {s: True for s in SWITCHES}), ("off", {s: False for s in SWITCHES}), ("unset", {}))}
    except _UNREADABLE:        # a template nested deeper than MAX_NESTING: it says nothing
        ends = dict.fromkeys(("on", "off", "unset"), ("none", None))
    default = ends["unset"]
    syntax = next((e[1] for e in (default, ends["on"]) if e[0] == "open"), None)
    return Shape(fmt, default[0] == "open", ends["on"][0] != ends["off"][0], syntax)


def _strings(value) -> list[str]:
    """Every string in a JSON value (a response schema holds its markup in regexes); iterative."""
    out, todo = [], [value]
    while todo:
        v = todo.pop()
        if isinstance(v, str):
            out.append(v)
        elif isinstance(v, dict):
            todo.extend(reversed(list(v.values())))
        elif isinstance(v, list):
            todo.extend(reversed(v))
    return out


# -- the tool-call format -------------------------------------------------------------------
_TAG = re.compile(r'<[^<>\s"=]{2,48}?(?:>|=|(?=\s))|\[[A-Z_]{3,}\]')


def is_markup(m: str) -> bool:
    """A marker worth finding in a template: a tag or special token, not a plain word (`functions.`)
    or bare punctuation (a ``` fence, `>>>`) that prose in a template may hold."""
    return any(c.isalpha() for c in m) and any(c in "<[|｜" for c in m)


def format_in(text: str, hint: str | None = None) -> str | None:
    """The registered format whose markers `text` holds best: formats that share an opener
    (`<tool_call>`: Hermes JSON, Qwen3-Coder XML, GLM) are told apart by how many of their
    other markers (closer, the tags of their `example`) appear too, then by the share of them,
    then by the model name's hint, then by the registry's priority (`<tool_call>` before the
    `<tools>` that Hermes templates also write around the tool list)."""
    if not text:
        return None
    best = None
    for f in formats.all_formats():
        openers = [o for o in (*f.openers, *f.tool_openers) if is_markup(o)]
        if not any(o in text for o in openers):
            continue
        # the openers count once (a format may list several spellings of one token)
        others = {*([f.closer] if f.closer and is_markup(f.closer) else []), *_TAG.findall(f.example)} - {*openers}
        found = 1 + sum(m in text for m in others)
        key = (found, found / (1 + len(others)), f.name == hint, -f.priority)
        if best is None or key > best[0]:
            best = (key, f.name)
    return best[1] if best else None


# -- the generation prompt ------------------------------------------------------------------
# A tag: Jinja `{{ }}` / `{% %}` / `{# #}`, Go `{{ }}`; strings inside are skipped.
_OPEN = re.compile(r"\{[{%#]")


def _tags(text: str):
    """Yields ("text", s) and ("{{" | "{%" | "{#", inner) pieces."""
    pos = 0
    while (m := _OPEN.search(text, pos)):
        if m.start() > pos:
            yield "text", text[pos:m.start()]
        kind, close = m.group(), {"{{": "}}", "{%": "%}", "{#": "#}"}[m.group()]
        i, quote = m.end(), None
        while i < len(text):
            c = text[i]
            if quote:
                if c == "\\" and quote != "`":
                    i += 1
                elif c == quote:
                    quote = None
            elif c in "'\"`" and kind != "{#":
                quote = c
            elif text.startswith(close, i):
                break
            i += 1
        inner = text[m.end():i].strip("-+ \t\r\n")
        yield kind, inner
        pos = i + 2
    if pos < len(text):
        yield "text", text[pos:]


class Node:
    """text / out (an expression written) / set / if (branches: [(condition, children)]) /
    skip (a loop or macro: not followed) / group (a transparent block: {% generation %})."""
    __slots__ = ("kind", "src", "name", "branches")

    def __init__(self, kind, src="", name=""):
        self.kind, self.src, self.name, self.branches = kind, src, name, []


_SKIP = {"for", "macro", "call", "filter", "range", "with", "define", "block"}
_SET = re.compile(r"set\s+([A-Za-z_]\w*)\s*=(.*)", re.S)


def parse_tree(text: str) -> tuple[list, bool]:
    """The template as a tree of Nodes, and whether it is a Go template (Ollama)."""
    go = "{%" not in text
    root: list = []
    stack: list[Node] = []
    where = root

    def push(node):
        nonlocal where
        if len(stack) >= MAX_NESTING:      # the tree is walked recursively: bound it here
            raise Unreadable("nested too deeply")
        where.append(node)
        stack.append(node)
        node.branches.append((node.src, []))
        where = node.branches[-1][1]

    def pop():
        nonlocal where
        if stack:
            stack.pop()
        where = stack[-1].branches[-1][1] if stack else root

    for kind, inner in _tags(text):
        if kind == "text":
            where.append(Node("text", inner))
            continue
        if kind == "{#" or inner.startswith("/*"):
            continue
        word, rest = (inner.split(None, 1) + [""])[:2]
        if go and kind == "{{" and word == "else" and rest.strip().startswith("if "):
            word, rest = "elif", rest.strip()[3:]
        if go and word == "end":
            word = "end" + (stack[-1].name if stack else "")
        if word == "if" or (kind == "{%" and word in _SKIP | {"generation", "raw"}) or (go and word in _SKIP):
            block = "if" if word == "if" else "group" if word in ("generation", "raw") else "skip"
            push(Node(block, rest if word == "if" else "", word))
        elif kind == "{%" and word == "set":
            m = _SET.match(inner)
            if m:
                where.append(Node("set", m.group(2), m.group(1)))
            else:                                  # a block set: {% set x %}…{% endset %}
                push(Node("skip", "", "set"))
        elif word in ("elif", "else") and stack and stack[-1].kind == "if":
            stack[-1].branches.append((rest if word == "elif" else None, []))
            where = stack[-1].branches[-1][1]
        elif word.startswith("end") and stack and word[3:] == stack[-1].name:
            pop()
        elif kind == "{{" and not (go and (word in ("else", "template") or re.match(r"\$\w*\s*:?=", inner))):
            where.append(Node("out", inner))
    return root, go


def _walk(nodes):
    for n in nodes:
        yield n
        for _, children in n.branches:
            yield from _walk(children)


def _generation_branch(nodes, go: bool):
    """The last branch whose condition says "the generation prompt": (its if-Node, children)."""
    word = "$last" if go else "add_generation_prompt"
    negated = re.compile(r"not\s*\(?\s*" + re.escape(word))
    found = None
    for n in _walk(nodes):
        for cond, children in n.branches if n.kind == "if" else ():
            if cond and word in cond and not negated.search(cond):
                found = (n, children)
    return found


# What reading one expression may raise (literal_eval's errors, a comparison of odd types).
_UNREADABLE = (Unreadable, ValueError, SyntaxError, TypeError, IndexError, KeyError, AttributeError)


def _value(src: str, env: dict, go: bool):
    try:
        return go_value(src, env) if go else Jinja.value(src, env)
    except _UNREADABLE:
        return UNDEFINED


def _run(nodes, env, go, out, target=None) -> bool:
    """Follow `nodes` as the template would (sets kept in `env`, text written to `out`); on the
    way to `target`, descend along it whatever the conditions say.  True once `target` is reached."""
    for n in nodes:
        if target is not None and any(m is target[0] for m in _walk([n])):
            if n is target[0]:
                _run(target[1], env, go, out)
                return True
            for _, children in n.branches:
                if any(m is target[0] for m in _walk(children)):
                    return _run(children, env, go, out, target)
        if n.kind == "text":
            out.append(n.src)
        elif n.kind == "out":
            v = _value(n.src, env, go)
            out.append(v if isinstance(v, str) else "")
        elif n.kind == "set":
            env[n.name] = _value(n.src, env, go)
        elif n.kind in ("if", "group"):
            for cond, children in n.branches:
                if n.kind == "group" or cond is None or _value(cond, env, go):
                    _run(children, env, go, out)
                    break
    return False


# (plain-word openers too: a prompt that ends `Here are my reasoning steps:` opened the block)
_OPENERS = sorted(((o.rstrip(), t.name) for t in SYNTAXES for o in t.opens), key=lambda p: -len(p[0]))
_CLOSERS = tuple(c for t in SYNTAXES for c in t.closes)


def tail_state(tail: str) -> tuple[str, str | None]:
    """How a generation prompt's text ends (trailing whitespace stripped): ("open", syntax name)
    inside a thinking block, ("closed", None) right after one, ("none", None)."""
    for opener, name in _OPENERS:
        if tail.endswith(opener):
            return "open", name
    return ("closed" if tail.endswith(_CLOSERS) else "none"), None


def prompt_end(tree: tuple[list, bool], env: dict) -> tuple[str, str | None]:
    """How the generation prompt of a `parse_tree` ends with these request kwargs: ("open",
    syntax name) inside a thinking block, ("closed", None) right after one (thinking turned
    off), ("none", None)."""
    nodes, go = tree
    target = _generation_branch(nodes, go)
    if target is None:
        return "none", None
    out: list[str] = []
    _run(nodes, {"add_generation_prompt": True, **env}, go, out, target)
    return tail_state("".join(out).rstrip())
