"""A known body inside a wrapper no format declares (docs/syntax.md#wrapped).

`<acme_tool_call><function=f>…</function></acme_tool_call>`, `<zz_call>f<arg_key>…</zz_call>`,
`<tool>{"name": …, "arguments": …}</tool>`, `[CALL]…[/CALL]`: a new family is most often a
known body (formats/_parts.py's BODIES, key/value tags known by their role) in a new wrapper.
Any tag-shaped token (`WRAPPER`) opens a block when tools are declared; it is a call only when a
known body naming a declared tool follows it, and then the wrapper is markup, its closer spelled
from it (`_parts.closers`).  After prose such a call is held as an example until the turn ends
(Format.examples); quoted in inline code or a fence it is text, as every call is.

A family of known parts, declared with no code (formats/_known.py): the Known body (whichever
body of the parts table names a declared tool) in any tag-shaped wrapper, its closer spelled
from each opener.  The table is `_parts.BODIES` and, here, the code bodies too (a pythonic list
in a wrapper whose word says it holds a call: `<acme_call>[f(a=1)]</acme_call>`; Gemma's literal,
`NAME{key:<|"|>v<|"|>,n:4}`, its name perhaps behind a namespace).  A wrapper may hold wrappers
(`<function_calls>\n<tool_code>f(a=1)</tool_code>\n</function_calls>`: `Known`'s `nested`), and a
name prefix in a tag is a wrapper too: Gemini's self-closing `<call:default_api:NAME{…}/>`.
"""
from ._code import Literal, Python
from ._known import Known
from ._parts import Family, closers
from ..scan import Shape

# `<x>`, `<ns|x>`, `<ns:x>`, `<x:suffix>` (and both, `<ns|seed:tool_call>`: a family's token bent), `<|x|>`, `<｜x｜>`, `<|x>` (Gemma 4's one bar) (or spaced beside its bars,
# `<| x |>`, `< |x| >`, as some detokenizers write a special token: `< ` then a bar is no less-than), a namespace in a special token
# (`<｜NS｜x>`, `<|NS|x|>`: DeepSeek's DSML spelling, any namespace), `<<<X>>>`, `[X]` (a closer,
# `</x>`, never), a name prefix in a tag (`<call:` then `NS:NAME{…}/>` or `NAME(…)/>`: Gemini's
# self-closing call tag; the prefix only before a name and its `:`, `{` or `(`), and a call
# line's start, `[Calling tool:` (words, then a colon: `_parts.pick` takes it only when its words
# say it is a call: tool, call, function, invoke).
# (a word starts with a letter of any script: a namespace in look-alike letters, `<𝑛𝑠:read_file>`,
# `<ｔｏｏｌ_ｃａｌｌ>`, is still a tag; _known.unbent reads its compatibility form, NFKC)
_L = r"[^\W\d]"
_W = rf"{_L}[\w.:▁\-]{{0,47}}"          # a special token's word (`▁` joins DeepSeek's words)
WRAPPER = Shape(
    "wrapper",
    {"<": r"<<<[A-Za-z_][\w.\-]{0,47}>>>"
          rf"|<(?:[|｜](?: {_W} [|｜]|{_W}(?:[|｜]{_W}[|｜]?|[|｜]))|{_L}[\w.\-]{{0,47}}(?:[:|][\w.\-]{{1,47}}){{0,2}})>"
          rf"|< [|｜] ?{_W} ?[|｜] ?>|<[|｜] ?{_W} ?[|｜] >|<[|｜]{_W}>"
          r"|<[A-Za-z_][\w.\-]{0,47}:(?=[A-Za-z_][\w.\-]{0,63}[:{(])",
     "[": r"\[[A-Z][A-Z_]{0,31}\]"
          r"|\[(?=[A-Za-z_ ]{0,40}?(?i:tool|call|function|invoke))[A-Za-z][A-Za-z_]{0,23}(?: [A-Za-z_]{1,24}){0,2}:"},
    r"<<(?:<(?:[A-Za-z_][\w.\-]{0,47}>{0,2})?)?"
    # (a spaced token's every prefix, a space possible beside each bar: one that stopped at
    # `< | w ` let the `<` go as text one character at a time, the whole text read a call)
    rf"|<(?: |(?: ?[|｜] ?(?:{_W} ?(?:[|｜] ?)?)?))"
    rf"|<(?:[|｜](?: (?:{_W}(?: [|｜]?)?)?|{_W}(?:[|｜](?:{_W}[|｜]?)?)?)?"
    rf"|{_L}[\w.\-]{{0,47}}(?:[:|][\w.\-]{{0,47}})?(?::[\w.\-]{{0,63}}){{0,3}})?"
    r"|\[(?:[A-Za-z][A-Za-z_]{0,23}(?: (?:[A-Za-z_]{1,24}(?: [A-Za-z_]{0,24})?)?)?)?",
    r"<(?:[|｜]|[^\W\d]| (?:[|｜]|\Z)|<(?:<|\Z)|\Z)|\[(?:[A-Za-z]|\Z)",
    180, "any tag: <x>, <|x|>, <｜NS｜x>, <<<X>>>, [X], <call:, [Calling tool:")

WRAPPED = Family(
    "wrapped", (), Known((Python(), Literal('<|"|>')), nested=WRAPPER), closer=closers, tool_openers=(WRAPPER,), shaped=True,
    examples=True, priority=95, aliases=("generic_wrapper",),
    description="a known call body in a wrapper no format declares, naming a declared tool",
    example='<acme_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</acme_call>')
